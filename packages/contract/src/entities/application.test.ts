import { describe, expect, it } from 'vitest';
import { ZApplication, ZRefinancingApplication, type TApplication } from './application.js';

const offer = {
  uuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  amount: 20200,
  drawAmount: 20000,
  term: 12,
  ltv: 33.67,
  interestRate: 8.91,
  annualPercentageRate: 9.823,
  originationFee: 1,
  originationFeeAmount: 200,
  estimatedMonthlyPayment: 149.99,
  collateral: { type: 'BTC' },
  collateralUnits: '1',
  minCollateralUnits: '0.673334',
  collateralAmount: 60000,
  postTopUpLoanToValue: null,
  celsiusTopUpRequired: false,
  collateralReuseConsent: null,
  state: 'OH',
  countryCode: null,
} as const;

const application: TApplication = {
  appUuid: '9b2f7a4e-1c3d-4e5f-9a8b-7c6d5e4f3a2b',
  identityUuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  organization: 'default',
  state: 'WAITING_FOR_COLLATERAL',
  stage: 'PROCESSING',
  isRollForward: false,
  isInternational: false,
  isCelsiusRefi: false,
  collateral: {
    requiredCoinAmount: { coinQuantity: '1', type: 'BTC' },
    remainingCoinAmountDue: { coinQuantity: '0.4', type: 'BTC' },
    collateralPrice: { type: 'BTC', valueOfOne: 60000, priceAsOf: '2025-01-02T03:04:05Z' },
    wallet: {
      depositAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      currentTotalCoinBalance: { coinQuantity: '0.6', type: 'BTC' },
      transactions: [
        {
          transactionTime: '2025-01-02T04:00:00Z',
          transactionType: 'DEPOSIT',
          transactionAmount: '0.6',
          transactionHash: 'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16',
          confirmed: true,
        },
      ],
    },
    walletSourceType: 'CUSTODIAL',
    borrowerConfirmedAt: '2025-01-02T03:30:00Z',
    microDepositVerify: null,
    collateralReleaseRequest: null,
    collateralReleaseResponses: [],
  },
  offers: [],
  selectedOffer: offer,
  rollForwardLoanDetails: null,
  celsiusLoanNumbers: [],
  celsiusTopUpExpirationDate: null,
  stabilizationOptIn: null,
  createdAt: '2025-01-01T10:00:00Z',
  updatedAt: '2025-01-02T04:00:00Z',
};

describe('ZApplication', () => {
  it('accepts an application waiting for collateral', () => {
    expect(ZApplication.parse(application)).toEqual(application);
  });

  it.each([
    ['an unknown state', { state: 'FUNDED' }],
    ['a stage spelled differently', { stage: 'Processing' }],
    ['an id that is not a uuid', { appUuid: '42' }],
    ['an offer with money as a string', { selectedOffer: { ...offer, amount: '20200' } }],
  ])('refuses %s', (_, change) => {
    expect(ZApplication.safeParse({ ...application, ...change }).success).toBe(false);
  });

  it('gives refinancing screens their fields only', () => {
    const refinancing = ZRefinancingApplication.parse(application);
    expect(refinancing.appUuid).toBe(application.appUuid);
    expect('organization' in refinancing).toBe(false);
  });
});
