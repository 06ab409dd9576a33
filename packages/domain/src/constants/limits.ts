/**
 * Amount, input, deadline and timing limits of both documents (§9 and §5).
 */

export type TBusinessDayRange = { readonly min: number; readonly max: number };

/** Minimum loan for US residents when the state has no minimum of its own ("about $5,000"). */
export const DEFAULT_MIN_LOAN_USD_DOMESTIC = 5000;

/**
 * Minimum loan for international residents. The spec names a separate international default without
 * its value; $10,000 is our choice (the higher fee and the USDC payout make smaller loans impractical).
 */
export const DEFAULT_MIN_LOAN_USD_INTERNATIONAL = 10000;

/**
 * The spec states no maximum loan amount. Forms, sliders and the server still need a bound, so the
 * platform caps a single loan at $2,000,000; larger loans are arranged with support.
 */
export const DEFAULT_MAX_LOAN_USD = 2_000_000;

/** Collateral quantities are kept to 6 decimals (also the offer form's "Maximum of N decimal places."). */
export const MAX_COLLATERAL_DECIMALS = 6;

/** Any numeric input allows at most 6 decimal places (document 2 §5). */
export const NUMERIC_INPUT_MAX_DECIMALS = 6;

/** Coin amounts in the transaction list show 4 decimals. */
export const COIN_DISPLAY_DECIMALS = 4;

/** Collateral amounts elsewhere show the full stored precision (the spec leaves this value open). */
export const COLLATERAL_DISPLAY_DECIMALS = 6;

export const WALLET_ADDRESS_MAX_LENGTH = 44;
export const ACCOUNT_NUMBER_MIN_DIGITS = 4;
export const ACCOUNT_NUMBER_MAX_DIGITS = 17;
export const ROUTING_NUMBER_DIGITS = 9;

/** Collateral must arrive within 5 calendar days of signing, or the application is cancelled. */
export const COLLATERAL_DEADLINE_CALENDAR_DAYS = 5;

/** Credit must stay unlocked this long after the application. */
export const CREDIT_UNLOCKED_DAYS = 30;

/** A refinancing application must be completed, signing included, within 14 days of its details. */
export const REFI_COMPLETION_CALENDAR_DAYS = 14;

/** Refinancing, custody-only: above this LTV a top-up is required to bring the LTV back to it. */
export const REFI_TOP_UP_TARGET_LTV_PCT = 55;

/** Refinancing: ownership-transfer pricing applies above the top-up target up to and including this. */
export const REFI_OWNERSHIP_TRANSFER_MAX_LTV_PCT = 70;

/** Refinancing stabilization (custody-only): the liquidation trigger moves to this LTV. */
export const REFI_STABILIZATION_TRIGGER_LTV_PCT = 85;

/** "Collateral not found" shows when no balance arrived this long after the borrower's opt-in. */
export const COLLATERAL_NOT_FOUND_AFTER_HOURS = 24;

/** The deposit address is displayed cut to this many characters. */
export const DEPOSIT_ADDRESS_DISPLAY_CHARS = 26;

/** A borrower must be an adult. */
export const MIN_BORROWER_AGE_YEARS = 18;

/** Collateral is returned within 1 business day of receiving a return address. */
export const COLLATERAL_RETURN_BUSINESS_DAYS = 1;

/** After an ACH payoff the crypto is held 3 weeks (the time an ACH debit can still be returned). */
export const CRYPTO_HOLD_AFTER_ACH_PAYOFF_DAYS = 21;

/** After a wire payoff the crypto is held 3 days. */
export const CRYPTO_HOLD_AFTER_WIRE_PAYOFF_DAYS = 3;

/** The USDC test transfer to an international borrower arrives within 1-3 business days. */
export const MICRO_TRANSFER_BUSINESS_DAYS: TBusinessDayRange = { min: 1, max: 3 };

/** ACH funds arrive within 3-5 business days. */
export const ACH_FUNDS_BUSINESS_DAYS: TBusinessDayRange = { min: 3, max: 5 };

/** The full disbursement follows the test-transfer verification within 1-3 business days. */
export const DISBURSEMENT_AFTER_VERIFY_BUSINESS_DAYS: TBusinessDayRange = { min: 1, max: 3 };
