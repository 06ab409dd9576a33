/**
 * Collateral and disbursement amounts the server applies and the pages show: the optional test
 * deposit on the collateral page and the USDC test transfer to an international borrower.
 */
import type { TCollateralType } from '../enums.js';

/**
 * The smallest test deposit that proves a deposit address, per coin (exact decimals): above dust
 * and fee noise, far below any loan's collateral.
 */
export const MICRO_DEPOSIT_MIN_VERIFY_COINS: Readonly<Record<TCollateralType, string>> = {
  BTC: '0.0001',
  ETH: '0.001',
  SOL: '0.01',
};

/**
 * The USDC amount of the test transfer sent to an international borrower's wallet before the full
 * disbursement, as an exact decimal: enough to see in any wallet, too small to matter if it goes
 * astray.
 */
export const USDC_TEST_TRANSFER_AMOUNT = '1.00';

/** The test deposit's status is polled this often while the deposit is awaited. */
export const MICRO_DEPOSIT_STATUS_POLL_MS = 3000;
