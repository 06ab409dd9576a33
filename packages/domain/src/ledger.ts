/**
 * The loan's double-entry ledger (DESIGN §5): every journal is a set of legs that sum to zero
 * (debits positive, credits negative). The borrower's balances are the debit balances of the
 * receivable accounts; every figure shown is a sum of entries.
 */
import { DomainError } from './errors.js';
import type { TLedgerAccount, TLedgerJournalKind } from './servicing-terms.js';

/** What the borrower owes, account by account. */
export const RECEIVABLE_ACCOUNTS = [
  'FEES',
  'ACCRUED_INTEREST',
  'DEFERRED_INTEREST',
  'ORIGINATION_FEE',
  'PRINCIPAL',
] as const satisfies readonly TLedgerAccount[];
export type TReceivableAccount = (typeof RECEIVABLE_ACCOUNTS)[number];

/** Accounts interest runs on: the principal with what was capitalised into it. */
export const INTEREST_BEARING_ACCOUNTS: readonly TReceivableAccount[] = [
  'PRINCIPAL',
  'ORIGINATION_FEE',
  'DEFERRED_INTEREST',
];

export type TLedgerLeg = { account: TLedgerAccount; amountCents: number };
export type TJournal = { kind: TLedgerJournalKind; legs: TLedgerLeg[] };

export type TBalances = {
  principalCents: number;
  originationFeeCents: number;
  deferredInterestCents: number;
  accruedInterestCents: number;
  feesCents: number;
  totalCents: number;
};

export const ZERO_BALANCES: TBalances = {
  principalCents: 0,
  originationFeeCents: 0,
  deferredInterestCents: 0,
  accruedInterestCents: 0,
  feesCents: 0,
  totalCents: 0,
};

/** Refuses a journal whose legs are not whole cents, are zero, or do not sum to zero. */
export function assertBalancedJournal(journal: TJournal): void {
  if (journal.legs.length < 2) {
    throw new DomainError('UNBALANCED_JOURNAL', 'A journal has at least two legs');
  }
  let sum = 0;
  for (const leg of journal.legs) {
    if (!Number.isSafeInteger(leg.amountCents) || leg.amountCents === 0) {
      throw new DomainError('UNBALANCED_JOURNAL', 'A leg is a non-zero whole number of cents');
    }
    sum += leg.amountCents;
  }
  if (sum !== 0) {
    throw new DomainError('UNBALANCED_JOURNAL', `The journal's legs sum to ${sum}, not 0`);
  }
}

/** The balances from sums per account (as the database groups them). */
export function balancesFromAccountSums(sums: Partial<Record<TLedgerAccount, number>>): TBalances {
  const of = (account: TReceivableAccount) => sums[account] ?? 0;
  const balances = {
    principalCents: of('PRINCIPAL'),
    originationFeeCents: of('ORIGINATION_FEE'),
    deferredInterestCents: of('DEFERRED_INTEREST'),
    accruedInterestCents: of('ACCRUED_INTEREST'),
    feesCents: of('FEES'),
  };
  return {
    ...balances,
    totalCents: Object.values(balances).reduce((sum, value) => sum + value, 0),
  };
}

/** The balances of a list of legs (the reference the property tests hold the database to). */
export function balancesOfLegs(legs: readonly TLedgerLeg[]): TBalances {
  const sums: Partial<Record<TLedgerAccount, number>> = {};
  for (const leg of legs) sums[leg.account] = (sums[leg.account] ?? 0) + leg.amountCents;
  return balancesFromAccountSums(sums);
}

export function interestBearingCents(balances: TBalances): number {
  return balances.principalCents + balances.originationFeeCents + balances.deferredInterestCents;
}

const BALANCE_OF: Readonly<Record<TReceivableAccount, keyof TBalances>> = {
  FEES: 'feesCents',
  ACCRUED_INTEREST: 'accruedInterestCents',
  DEFERRED_INTEREST: 'deferredInterestCents',
  ORIGINATION_FEE: 'originationFeeCents',
  PRINCIPAL: 'principalCents',
};

/** The opening journals of a funded loan: the cash drawn and the capitalised origination fee. */
export function openingJournals(input: {
  drawCents: number;
  originationFeeCents: number;
}): TJournal[] {
  const journals: TJournal[] = [
    {
      kind: 'DRAW',
      legs: [
        { account: 'PRINCIPAL', amountCents: input.drawCents },
        { account: 'DISBURSEMENT', amountCents: -input.drawCents },
      ],
    },
  ];
  if (input.originationFeeCents > 0) {
    journals.push({
      kind: 'ORIGINATION_FEE',
      legs: [
        { account: 'ORIGINATION_FEE', amountCents: input.originationFeeCents },
        { account: 'FEE_INCOME', amountCents: -input.originationFeeCents },
      ],
    });
  }
  return journals;
}

/** Refuses a payment that is not a positive whole number of cents. */
function assertPaymentAmount(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new DomainError('INVALID_AMOUNT', 'A payment is a positive whole number of cents');
  }
}

/**
 * A payment received: cash in, applied to fees, then interest accrued, then deferred interest,
 * then the capitalised fee, then principal. A payment above the balance is refused.
 */
export function paymentJournal(
  balances: TBalances,
  amountCents: number,
  kind: 'PAYMENT' | 'PAYOFF' = 'PAYMENT',
): TJournal {
  assertPaymentAmount(amountCents);
  if (amountCents > balances.totalCents) {
    throw new DomainError('PAYMENT_ABOVE_BALANCE', 'The payment is larger than the balance owed');
  }
  const legs: TLedgerLeg[] = [{ account: 'CASH', amountCents }];
  let left = amountCents;
  for (const account of RECEIVABLE_ACCOUNTS) {
    const applied = Math.min(left, balances[BALANCE_OF[account]]);
    if (applied > 0) legs.push({ account, amountCents: -applied });
    left -= applied;
  }
  return { kind, legs };
}

/**
 * A debit the bank took, as posted when its answer comes: cash in for the whole amount, applied
 * like a payment to what the loan still owes, and any excess owed back to the borrower
 * (SURPLUS_PAYABLE, paid back like a liquidation's surplus). A payment is checked against the
 * balance less the payments in flight when it is made, so an excess arises only when something
 * else paid the loan down while the debit was in flight (a liquidation's sale). The money was
 * taken from the borrower's account either way: it is all recorded, none of it dropped.
 */
export function acceptedDebitJournal(
  balances: TBalances,
  amountCents: number,
  kind: 'PAYMENT' | 'PAYOFF' = 'PAYMENT',
): TJournal {
  assertPaymentAmount(amountCents);
  const appliedCents = Math.min(amountCents, balances.totalCents);
  const legs: TLedgerLeg[] = [{ account: 'CASH', amountCents }];
  if (appliedCents > 0) {
    legs.push(
      ...paymentJournal(balances, appliedCents, kind).legs.filter((leg) => leg.account !== 'CASH'),
    );
  }
  if (amountCents > appliedCents) {
    legs.push({ account: 'SURPLUS_PAYABLE', amountCents: appliedCents - amountCents });
  }
  return { kind, legs };
}

/** The mirror of a journal: every leg negated. */
export function reversalLegs(legs: readonly TLedgerLeg[]): TLedgerLeg[] {
  return legs.map((leg) => ({ account: leg.account, amountCents: -leg.amountCents }));
}

/** Deferring interest: out of the accrued interest, into the capitalised (deferred) balance. */
export function deferralJournal(interestCents: number): TJournal {
  return {
    kind: 'DEFERRAL',
    legs: [
      { account: 'DEFERRED_INTEREST', amountCents: interestCents },
      { account: 'ACCRUED_INTEREST', amountCents: -interestCents },
    ],
  };
}

/** A day's interest accrual. */
export function accrualJournal(interestCents: number): TJournal {
  return {
    kind: 'INTEREST_ACCRUAL',
    legs: [
      { account: 'ACCRUED_INTEREST', amountCents: interestCents },
      { account: 'INTEREST_INCOME', amountCents: -interestCents },
    ],
  };
}

/** Closing a renewed loan: its whole balance moves to the renewal that settled it. */
export function renewalCloseJournal(balances: TBalances): TJournal | null {
  if (balances.totalCents === 0) return null;
  const legs: TLedgerLeg[] = [{ account: 'RENEWAL_SETTLEMENT', amountCents: balances.totalCents }];
  for (const account of RECEIVABLE_ACCOUNTS) {
    const owed = balances[BALANCE_OF[account]];
    if (owed !== 0) legs.push({ account, amountCents: -owed });
  }
  return { kind: 'RENEWAL_CLOSE', legs };
}
