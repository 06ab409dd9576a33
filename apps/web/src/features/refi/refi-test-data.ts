import {
  buildPath,
  getCelsiusApplications,
  type TCelsiusTopUpCollateral,
  type TOffer,
  type TRefiCoinReturn,
  type TRefinancingApplication,
} from '@pledge/contract';
import { makeOffer } from '../application/application-test-data.js';
import { TEST_IDENTITY } from '../session/session-test-utils.js';

export const REFI_IDENTITY_UUID = TEST_IDENTITY.uuid;
export const ETH_APP_UUID = '1b2c3d4e-5f60-4a71-8b82-93a4b5c6d7e8';
export const BTC_APP_UUID = '2c3d4e5f-6071-4b82-9c93-a4b5c6d7e8f9';
export const CUSTODY_OFFER_UUID = '3d4e5f60-7182-4c93-8da4-b5c6d7e8f901';
export const TRANSFER_OFFER_UUID = '4e5f6071-8293-4da4-9eb5-c6d7e8f90112';
export const BTC_OFFER_UUID = '5f607182-93a4-4eb5-8fc6-d7e8f9011223';
export const REFI_DEPOSIT_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

/** Where the refinancing pages start, and the call that lists the borrower's Celsius loans. */
export const REFI_PAGE = '/account/crypto-backed-loan/celsius-refi';
export const REFI_LIST_CALL = `GET ${buildPath(getCelsiusApplications.path, { identityUuid: REFI_IDENTITY_UUID })}`;

/** A custody-only offer with a top-up to 55 % (loan 100002 at 62 % LTV). */
export function custodyOffer(overrides: Partial<TOffer> = {}): TOffer {
  return makeOffer({
    uuid: CUSTODY_OFFER_UUID,
    amount: 18600,
    drawAmount: 18600,
    ltv: 62,
    interestRate: 13.2,
    annualPercentageRate: 14,
    collateral: { type: 'ETH' },
    collateralUnits: '10',
    postTopUpLoanToValue: 55,
    celsiusTopUpRequired: true,
    collateralReuseConsent: 'DECLINE_REHYPOTHECATION',
    ...overrides,
  });
}

/** The ownership-transfer offer of the same loan: no top-up. */
export function transferOffer(overrides: Partial<TOffer> = {}): TOffer {
  return makeOffer({
    uuid: TRANSFER_OFFER_UUID,
    amount: 18600,
    drawAmount: 18600,
    ltv: 62,
    interestRate: 12.3,
    annualPercentageRate: 13,
    collateral: { type: 'ETH' },
    collateralUnits: '10',
    celsiusTopUpRequired: false,
    collateralReuseConsent: 'ALLOW_REHYPOTHECATION',
    ...overrides,
  });
}

export function makeRefiApp(
  overrides: Partial<TRefinancingApplication> = {},
): TRefinancingApplication {
  return {
    appUuid: ETH_APP_UUID,
    identityUuid: REFI_IDENTITY_UUID,
    state: 'CREATED',
    stage: 'UNINITIALIZED_STATE',
    isInternational: false,
    isRollForward: false,
    offers: [custodyOffer(), transferOffer()],
    selectedOffer: null,
    stabilizationOptIn: null,
    celsiusLoanNumbers: ['100002'],
    celsiusTopUpExpirationDate: null,
    rollForwardLoanDetails: {
      collateral: { coinQuantity: '10', type: 'ETH' },
      topUpAmount: { coinQuantity: '0', type: 'ETH' },
      remainingTopUpAmount: { coinQuantity: '0', type: 'ETH' },
    },
    collateral: null,
    ...overrides,
  };
}

/** Loan 100001: BTC at 40 %, custody only without a top-up. */
export function makeBtcRefiApp(
  overrides: Partial<TRefinancingApplication> = {},
): TRefinancingApplication {
  const offer = makeOffer({
    uuid: BTC_OFFER_UUID,
    ltv: 40,
    annualPercentageRate: 14,
    collateralReuseConsent: 'DECLINE_REHYPOTHECATION',
  });
  return makeRefiApp({
    appUuid: BTC_APP_UUID,
    offers: [offer],
    celsiusLoanNumbers: ['100001'],
    rollForwardLoanDetails: {
      collateral: { coinQuantity: '1', type: 'BTC' },
      topUpAmount: { coinQuantity: '0', type: 'BTC' },
      remainingTopUpAmount: { coinQuantity: '0', type: 'BTC' },
    },
    ...overrides,
  });
}

/** The custody offer's top-up estimate: 1.272728 ETH to send to the deposit address, none sent. */
export function topUpEstimate(
  overrides: Partial<TCelsiusTopUpCollateral> = {},
): TCelsiusTopUpCollateral {
  return {
    offerUuid: CUSTODY_OFFER_UUID,
    currentLtv: 62,
    targetLtv: 55,
    topUpRequired: true,
    topUpCoinAmount: { coinQuantity: '1.272728', type: 'ETH' },
    existingCollateral: { coinQuantity: '10', type: 'ETH' },
    valueOfOne: 3000,
    priceAsOf: '2025-03-01T12:00:00.000Z',
    wallet: {
      depositAddress: REFI_DEPOSIT_ADDRESS,
      currentTotalCoinBalance: { coinQuantity: '0', type: 'ETH' },
      transactions: [],
    },
    expiresAt: null,
    ...overrides,
  };
}

/** The 0.5 ETH an ended refinancing received, awaiting the address they go back to. */
export function refiCoinReturn(overrides: Partial<TRefiCoinReturn> = {}): TRefiCoinReturn {
  return {
    status: 'AWAITING_ADDRESS',
    confirmed: { coinQuantity: '0.5', type: 'ETH' },
    confirming: { coinQuantity: '0', type: 'ETH' },
    returnAddress: null,
    requestedAt: null,
    returned: null,
    returnedAt: null,
    transactionHash: null,
    carriedToAppUuid: null,
    ...overrides,
  };
}
