/**
 * The schedule of a loan its renewal replaced (RENEWED): what was due on it the day it was renewed,
 * from the ledger as it stood before the renewal closed it (the RENEWAL_CLOSE journal taken back),
 * laid out by the domain's renewedLoanInstalments: payments made stay paid, what was still owed is
 * carried into the renewal, and the periods after the renewal are not listed. Without a closing
 * journal (nothing was owed) the loan's own schedule stands.
 */
import type { TScheduleRow } from '@pledge/contract';
import {
  balancesOfLegs,
  interestBearingCents,
  renewedLoanInstalments,
  reversalLegs,
  whatIsDue,
  type TBalances,
} from '@pledge/domain';
import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { ledgerEntries } from '../../db/schema/index.js';
import { dueInputOf, scheduleOf, type TDueRecords } from './loan-due.js';
import type { TServicingLoanRow } from './servicing-record.js';

function plus(a: TBalances, b: TBalances): TBalances {
  return {
    principalCents: a.principalCents + b.principalCents,
    originationFeeCents: a.originationFeeCents + b.originationFeeCents,
    deferredInterestCents: a.deferredInterestCents + b.deferredInterestCents,
    accruedInterestCents: a.accruedInterestCents + b.accruedInterestCents,
    feesCents: a.feesCents + b.feesCents,
    totalCents: a.totalCents + b.totalCents,
  };
}

export async function renewedScheduleOf(
  db: TDb,
  input: { loan: TServicingLoanRow; balances: TBalances; records: TDueRecords | undefined },
): Promise<TScheduleRow[] | null> {
  const { loan } = input;
  if (loan.status !== 'RENEWED') return null;
  const closing = await db
    .select({
      account: ledgerEntries.account,
      amountCents: ledgerEntries.amountCents,
      effectiveOn: ledgerEntries.effectiveOn,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.loanUuid, loan.loanUuid), eq(ledgerEntries.kind, 'RENEWAL_CLOSE')));
  const renewedOn = closing[0]?.effectiveOn;
  if (renewedOn === undefined) return null;
  // The balances the renewal carried: today's (nothing) with its closing journal taken back.
  const before = plus(input.balances, balancesOfLegs(reversalLegs(closing)));
  const due = whatIsDue(
    dueInputOf({
      loan: { ...loan, status: 'ACTIVE' },
      balances: before,
      records: input.records,
      asOf: renewedOn,
    }),
  );
  const instalments = renewedLoanInstalments({
    instalments: due.instalments,
    fundedOn: loan.fundedOn,
    renewedOn,
    interestByPeriod: input.records?.interestByPeriod ?? new Map(),
    principalCents: interestBearingCents(before),
  });
  return scheduleOf({ ...due, instalments });
}
