/** Answers of the collateral endpoints, for tests: a BTC loan of 0.4 BTC, nothing received yet. */
import type {
  TCollateralInfo,
  TCollateralWallet,
  TDocument,
  TMicroDepositStatus,
} from '@pledge/contract';

export const DEPOSIT_ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';

/** The deposit address holding `balance` BTC, with the transactions seen on it. */
export function depositWallet(
  balance: string,
  transactions: TCollateralWallet['transactions'] = [],
): TCollateralWallet {
  return {
    depositAddress: DEPOSIT_ADDRESS,
    currentTotalCoinBalance: { coinQuantity: balance, type: 'BTC' },
    transactions,
  };
}

export function makeCollateralInfo(overrides: Partial<TCollateralInfo> = {}): TCollateralInfo {
  return {
    requiredCoinAmount: { coinQuantity: '0.4', type: 'BTC' },
    remainingCoinAmountDue: { coinQuantity: '0.4', type: 'BTC' },
    collateralPrice: { type: 'BTC', valueOfOne: 60000, priceAsOf: '2025-03-01T15:00:00.000Z' },
    wallet: depositWallet('0'),
    walletSourceType: 'CUSTODIAL',
    borrowerConfirmedAt: null,
    microDepositVerify: {
      borrowerOptIn: false,
      minVerifyAmount: { coinQuantity: '0.0001', type: 'BTC' },
      optedInAt: null,
    },
    collateralReleaseRequest: null,
    collateralReleaseResponses: [],
    ...overrides,
  };
}

export function makeMicroDepositStatus(
  overrides: Partial<TMicroDepositStatus> = {},
): TMicroDepositStatus {
  return {
    status: 'NOT_REQUESTED',
    borrowerOptIn: false,
    minVerifyAmount: { coinQuantity: '0.0001', type: 'BTC' },
    verifiedAt: null,
    ...overrides,
  };
}

export function makeSignedDocument(uuid: string, signedAt: string | null): TDocument {
  return {
    uuid,
    type: 'LOAN_AGREEMENT',
    name: 'Loan agreement',
    description: 'The agreement of your loan',
    signed: signedAt !== null,
    signedAt,
  };
}
