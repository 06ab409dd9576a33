import type { TPayoffQuote, TServicingLoan } from '@pledge/contract';

export const LOAN_UUID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

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
    balances: {
      principalCents: 2_000_000,
      originationFeeCents: 20_000,
      deferredInterestCents: 0,
      accruedInterestCents: 15_036,
      feesCents: 0,
      totalCents: 2_035_036,
    },
    nextPayment: { dueDate: '2025-02-24', amountCents: 15_036, pastDueCents: 0 },
    schedule: [
      {
        number: 1,
        cycleDate: '2025-02-10',
        dueDate: '2025-02-24',
        interestCents: 15_036,
        principalCents: 0,
        amountCents: 15_036,
        status: 'DUE',
      },
      {
        number: 2,
        cycleDate: '2025-03-10',
        dueDate: '2025-03-24',
        interestCents: 13_581,
        principalCents: 0,
        amountCents: 13_581,
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
        balanceCents: 2_035_036,
        createdAt: '2025-02-10T00:05:00.000Z',
      },
    ],
    autopayEnabled: false,
    debitAccount: { name: 'Checking', mask: '6789' },
    ltv: { ltvPct: 33.92, warningLtvPct: 75, marginCallLtvPct: 80, liquidationLtvPct: 90 },
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
