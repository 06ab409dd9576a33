import type {
  TLiquidation,
  TLoanRisk,
  TLoanStatus,
  TPayoffQuote,
  TServicingLoan,
  TServicingPayment,
  TWireInstructions,
} from '@pledge/contract';
import { centsToUsd } from '@pledge/domain';

export const LOAN_UUID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

/** The sandbox lender's receiving account, with this loan's reference. */
export const WIRE_INSTRUCTIONS: TWireInstructions = {
  beneficiaryName: 'Pledge Lending, LLC',
  beneficiaryAddress: '1 Sandbox Plaza, New York, NY 10004, United States',
  bankName: 'Sandbox Bank, N.A.',
  bankAddress: '100 Test Street, New York, NY 10004, United States',
  accountNumber: '000123456789',
  routingNumber: '110000000',
  swiftCode: 'SBOXUS33',
  reference: 'PL9A8B7C6D5E4F4A3B8C2D1E0F9A8B7C6D',
  currency: 'USD',
};

/** The next payment of a loan whose month's interest is paid: nothing due on Feb 24. */
export const NOTHING_DUE: NonNullable<TServicingLoan['nextPayment']> = {
  dueDate: '2025-02-24',
  amountCents: 0,
  pastDueCents: 0,
  pastDueSince: null,
  daysPastDue: 0,
};

/** A funded loan a month in: $20,000 drawn, 1 % fee capitalised, its first interest due. */
export function servicingLoan(overrides: Partial<TServicingLoan> = {}): TServicingLoan {
  return {
    loanUuid: LOAN_UUID,
    appUuid: LOAN_UUID,
    status: 'ACTIVE',
    collateral: { coinQuantity: '1.000000', type: 'BTC' },
    interestRatePct: 8.91,
    annualPercentageRatePct: 9.823,
    fundedOn: '2025-01-10',
    maturityDate: '2026-01-10',
    asOf: '2025-02-11T15:00:00.000Z',
    // $20,200 owed (the draw with its 1 % fee) on 1 BTC at the offer's $60,000.
    initialLtvPct: 33.67,
    balances: {
      principalCents: 2_000_000,
      originationFeeCents: 20_000,
      deferredInterestCents: 0,
      accruedInterestCents: 15_036,
      feesCents: 0,
      totalCents: 2_035_036,
    },
    nextPayment: {
      dueDate: '2025-02-24',
      amountCents: 15_036,
      pastDueCents: 0,
      pastDueSince: null,
      daysPastDue: 0,
    },
    schedule: [
      {
        number: 1,
        cycleDate: '2025-02-10',
        dueDate: '2025-02-24',
        interestCents: 15_036,
        principalCents: 0,
        amountCents: 15_036,
        unpaidCents: 15_036,
        status: 'DUE',
      },
      {
        number: 2,
        cycleDate: '2025-03-10',
        dueDate: '2025-03-24',
        interestCents: 13_581,
        principalCents: 0,
        amountCents: 13_581,
        unpaidCents: 13_581,
        status: 'UPCOMING',
      },
    ],
    payments: [],
    statements: [
      {
        statementUuid: '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a9f',
        cycleDate: '2025-02-10',
        dueDate: '2025-02-24',
        amountDueCents: 15_036,
        pastDueCents: 0,
        pastDueSince: null,
        balanceCents: 2_035_036,
        createdAt: '2025-02-10T00:05:00.000Z',
      },
    ],
    autopayEnabled: false,
    debitAccount: { name: 'Checking', mask: '6789' },
    paymentOptions: {
      canPayByAch: true,
      canUseAutopay: true,
      wire: WIRE_INSTRUCTIONS,
      usdcNote: null,
    },
    ltv: { ltvPct: 33.92, warningLtvPct: 75, marginCallLtvPct: 80, liquidationLtvPct: 90 },
    risk: loanRisk(),
    liquidations: [],
    maturity: {
      maturityDate: '2026-01-10',
      daysToMaturity: 334,
      amountDueCents: 2_035_036,
      options: ['PAY_OFF', 'RENEW'],
    },
    ...overrides,
  };
}

export const PAYOFF_QUOTE: TPayoffQuote = {
  quoteUuid: '7d6c5b4a-3f2e-4d1c-8b0a-9f8e7d6c5b4a',
  amountCents: 2_035_524,
  breakdown: {
    principalCents: 2_000_000,
    originationFeeCents: 20_000,
    deferredInterestCents: 0,
    accruedInterestCents: 15_524,
    feesCents: 0,
    prepaymentPenaltyCents: 0,
  },
  payoffDate: '2025-02-11',
  validUntil: '2025-02-12T00:00:00.000Z',
};

/** A BTC deposit address of the longest kind (62-character bech32). */
export const DEPOSIT_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwfkdq8wq2y5c2l9z7quuavfsvrg';

/**
 * The risk of the loan above at $59,552 a BTC: $20,200 interest-bearing on 1 BTC is 33.92 %; the
 * levels of the 8.91 % tier (75 / 76 / 80 / 90) are reached at $26,933.33, $26,578.95, $25,250 and
 * $22,444.44.
 */
export function loanRisk(overrides: Partial<TLoanRisk> = {}): TLoanRisk {
  return {
    level: 'NONE',
    ltvPct: 33.92,
    thresholds: {
      warningLtvPct: 75,
      courtesyNoticeLtvPct: 76,
      marginCallLtvPct: 80,
      liquidationLtvPct: 90,
    },
    triggerPrices: {
      warningPriceCents: 2_693_333,
      courtesyNoticePriceCents: 2_657_895,
      marginCallPriceCents: 2_525_000,
      liquidationPriceCents: 2_244_444,
    },
    price: {
      priceObservationId: 41,
      type: 'BTC',
      priceCents: 5_955_200,
      source: 'MEDIAN',
      venues: ['Coinbase', 'Kraken', 'Bitstamp'],
      observedAt: '2025-02-11T14:30:00.000Z',
    },
    collateral: { coinQuantity: '1.000000', type: 'BTC' },
    depositAddress: DEPOSIT_ADDRESS,
    collateralToWarning: '0',
    paymentToWarningCents: 0,
    liquidationTargetLtvPct: 50,
    cureDeadline: null,
    openLiquidationOrderUuid: null,
    ...overrides,
  };
}

/** The same loan after BTC fell to $25,000: 80.80 %, a margin call with 48 hours to cure. */
export function marginCallRisk(overrides: Partial<TLoanRisk> = {}): TLoanRisk {
  return loanRisk({
    level: 'MARGIN_CALL',
    ltvPct: 80.8,
    price: {
      priceObservationId: 57,
      type: 'BTC',
      priceCents: 2_500_000,
      source: 'SANDBOX',
      venues: [],
      observedAt: '2025-02-11T15:00:00.000Z',
    },
    collateralToWarning: '0.07733334',
    paymentToWarningCents: 145_001,
    cureDeadline: '2025-02-13T15:00:00.000Z',
    ...overrides,
  });
}

/**
 * A filled liquidation at $21,000 (LTV 96.19 %): 0.962302 BTC sold, just enough that the proceeds
 * less the 2 % fee bring the loan back to 50 %.
 */
export function liquidation(overrides: Partial<TLiquidation> = {}): TLiquidation {
  return {
    liquidationUuid: '6f5e4d3c-2b1a-4098-8f7e-6d5c4b3a2918',
    status: 'FILLED',
    reason: 'LIQUIDATION_LTV',
    ltvAtDecisionPct: 96.19,
    decisionPrice: {
      priceObservationId: 63,
      type: 'BTC',
      priceCents: 2_100_000,
      source: 'SANDBOX',
      venues: [],
      observedAt: '2025-02-12T09:00:00.000Z',
    },
    coinQuantityToSell: '0.96230200',
    fill: {
      coinQuantitySold: '0.96230200',
      priceCents: 2_100_000,
      venue: 'Sandbox exchange',
      executedAt: '2025-02-12T09:00:05.000Z',
      proceedsCents: 2_020_834,
      feeCents: 40_417,
      appliedCents: 1_980_417,
      surplusCents: 0,
      ltvAfterPct: 50,
    },
    statementReady: true,
    createdAt: '2025-02-12T09:00:01.000Z',
    ...overrides,
  };
}

/** A debit of the month's interest, just sent: pending at the bank. */
export function servicingPayment(overrides: Partial<TServicingPayment> = {}): TServicingPayment {
  return {
    paymentUuid: '5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c',
    method: 'ACH',
    purpose: 'PAYMENT',
    amountCents: 15_036,
    status: 'PENDING',
    reference: '····6789',
    createdAt: '2025-02-11T10:00:00.000Z',
    settledAt: null,
    failureReason: null,
    ...overrides,
  };
}

/** A loan on the dashboard as the loan list answers it: $20,250 on 1 BTC, funded Jan 10, 2025. */
export function loanStatus(overrides: Partial<TLoanStatus> = {}): TLoanStatus {
  return {
    appUuid: LOAN_UUID,
    loanType: 'NEW_LOAN',
    state: 'COMPLETE',
    stage: 'FINAL',
    principalAmount: 20_250,
    interestRate: 8.91,
    annualPercentageRate: 9.823,
    collateral: { coinQuantity: '1.000000', type: 'BTC' },
    fundedAt: '2025-01-10T12:00:00.000Z',
    maturityDate: '2026-01-10',
    profile: { isServicedViaApp: false },
    ...overrides,
  };
}

/** The dashboard's card of a serviced loan: its status and its next payment's date and amount. */
export function loanCard(
  loan: TServicingLoan = servicingLoan(),
  overrides: Partial<TLoanStatus> = {},
): TLoanStatus {
  return loanStatus({
    appUuid: loan.appUuid,
    loanUuid: loan.loanUuid,
    status: 'ACTIVE',
    principalAmount: 20_200,
    nextPaymentDue: loan.nextPayment?.dueDate ?? null,
    nextPaymentAmount: loan.nextPayment === null ? null : centsToUsd(loan.nextPayment.amountCents),
    ...overrides,
  });
}
