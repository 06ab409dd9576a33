/**
 * What is due on servicing loans (issue 33, one view of what is due): the facts the domain's
 * whatIsDue reads, from each loan's row, statements, deferrals and ledger, read for many loans in
 * three statements; and its answer as the contract's schedule and next payment. The loan page, the
 * borrower's loan list (the dashboard) and the console's loan view all come from here.
 */
import type { TNextPayment, TScheduleRow } from '@pledge/contract';
import {
  accrualPeriodOf,
  cycleDate,
  DAYS_PER_PERIOD_30_360,
  interestBearingCents,
  paymentDueDate,
  periodInterestToDateCents,
  projectedPeriodInterestCents,
  whatIsDue,
  type TBalances,
  type TLoanStatusName,
  type TWhatIsDue,
  type TWhatIsDueInput,
} from '@pledge/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { ledgerEntries, servicingDeferrals, servicingStatements } from '../../db/schema/index.js';
import type { TServicingLoanRow } from './servicing-record.js';

/** Statuses in which a loan is still serviced (get-servicing-loan's OPEN_STATUSES). */
const SERVICED_STATUSES: readonly TLoanStatusName[] = ['ACTIVE', 'MARGIN_CALL', 'MATURED'];

/** What the ledger and the statements hold of a loan's instalments. */
export interface TDueRecords {
  /** The last period with a statement (0 before the first). */
  billedCount: number;
  /** The interest accrued per period, from the ledger. */
  interestByPeriod: Map<number, number>;
  deferrals: { periodNumber: number; interestCents: number }[];
}

const NO_RECORDS: TDueRecords = { billedCount: 0, interestByPeriod: new Map(), deferrals: [] };

/** The records of many loans, in three statements whatever their number. */
export async function dueRecordsOf(
  db: TDb,
  loanUuids: readonly string[],
): Promise<Map<string, TDueRecords>> {
  const records = new Map<string, TDueRecords>();
  if (loanUuids.length === 0) return records;
  const uuids = [...loanUuids];
  const [billed, interest, deferrals] = await Promise.all([
    db
      .select({
        loanUuid: servicingStatements.loanUuid,
        last: sql<number>`max(${servicingStatements.periodNumber})::int`,
      })
      .from(servicingStatements)
      .where(inArray(servicingStatements.loanUuid, uuids))
      .groupBy(servicingStatements.loanUuid),
    db
      .select({
        loanUuid: ledgerEntries.loanUuid,
        period: ledgerEntries.periodNumber,
        cents: sql<string>`sum(${ledgerEntries.amountCents})`,
      })
      .from(ledgerEntries)
      .where(
        and(
          inArray(ledgerEntries.loanUuid, uuids),
          eq(ledgerEntries.account, 'ACCRUED_INTEREST'),
          eq(ledgerEntries.kind, 'INTEREST_ACCRUAL'),
        ),
      )
      .groupBy(ledgerEntries.loanUuid, ledgerEntries.periodNumber),
    db
      .select({
        loanUuid: servicingDeferrals.loanUuid,
        periodNumber: servicingDeferrals.periodNumber,
        interestCents: servicingDeferrals.interestCents,
      })
      .from(servicingDeferrals)
      .where(inArray(servicingDeferrals.loanUuid, uuids)),
  ]);
  const of = (loanUuid: string) => {
    let record = records.get(loanUuid);
    if (record === undefined) {
      record = { billedCount: 0, interestByPeriod: new Map(), deferrals: [] };
      records.set(loanUuid, record);
    }
    return record;
  };
  for (const row of billed) of(row.loanUuid).billedCount = Number(row.last);
  for (const row of interest) {
    of(row.loanUuid).interestByPeriod.set(row.period ?? 0, Number(row.cents));
  }
  for (const row of deferrals) {
    of(row.loanUuid).deferrals.push({
      periodNumber: row.periodNumber,
      interestCents: row.interestCents,
    });
  }
  return records;
}

/**
 * The last period's interest still to accrue, while it runs (what maturity will ask besides); none
 * after it (interest after maturity is in the balance day by day).
 */
function remainingFinalInterestCents(loan: TServicingLoanRow): number {
  if (loan.periodNumber !== loan.termMonths) return 0;
  const full = projectedPeriodInterestCents(accrualPeriodOf(loan), loan.interestRateBps);
  return Math.max(full - loan.periodAccruedCents, 0);
}

/** What maturity asks of an open loan: the whole balance with the last period's interest. */
export function maturityAmountCents(loan: TServicingLoanRow, balances: TBalances): number {
  return balances.totalCents + remainingFinalInterestCents(loan);
}

/**
 * The last instalment's interest once billed: its period's, and that of every month billed after
 * maturity (interest runs on an unpaid balance after it, each month billed as part of the whole
 * balance the last instalment asks).
 */
function finalInterestCents(records: TDueRecords, termMonths: number, lastBilled: number): number {
  let cents = records.interestByPeriod.get(termMonths) ?? 0;
  for (let period = termMonths + 1; period <= lastBilled; period += 1) {
    cents += records.interestByPeriod.get(period) ?? 0;
  }
  return cents;
}

/** The facts whatIsDue reads, for one loan on `asOf`. */
export function dueInputOf(input: {
  loan: TServicingLoanRow;
  balances: TBalances;
  records: TDueRecords | undefined;
  asOf: string;
}): TWhatIsDueInput {
  const { loan, balances } = input;
  const records = input.records ?? NO_RECORDS;
  const bearing = interestBearingCents(balances);
  const isOpen = SERVICED_STATUSES.includes(loan.status) && balances.totalCents > 0;
  const fullPeriodCents = periodInterestToDateCents(
    bearing,
    loan.interestRateBps,
    DAYS_PER_PERIOD_30_360,
  );
  const instalments = Array.from({ length: loan.termMonths }, (_, index) => {
    const number = index + 1;
    const isLast = number === loan.termMonths;
    const isClosed =
      number < loan.periodNumber || (isLast && loan.accruedThrough >= loan.periodEnd);
    const interestCents = isClosed
      ? isLast
        ? finalInterestCents(
            records,
            loan.termMonths,
            Math.min(records.billedCount, loan.periodNumber),
          )
        : (records.interestByPeriod.get(number) ?? 0)
      : number === loan.periodNumber
        ? projectedPeriodInterestCents(accrualPeriodOf(loan), loan.interestRateBps)
        : fullPeriodCents;
    return {
      number,
      cycleDate: cycleDate(loan.fundedOn, number),
      dueDate: paymentDueDate(loan.fundedOn, number, loan.termMonths),
      interestCents,
      principalCents: isLast ? bearing : 0,
    };
  });
  // The running period's statement is out only for the last period, which never rolls over: then
  // all the accrued interest is billed; before, the running period's own is not.
  const isRunningBilled = records.billedCount >= loan.periodNumber;
  const accrued = balances.accruedInterestCents;
  return {
    asOf: input.asOf,
    isOpen,
    maturityDate: loan.maturityDate,
    instalments,
    billedCount: records.billedCount,
    // A deferral in period p capitalised what was billed through p − 1.
    deferrals: records.deferrals.map((deferral) => ({
      interestCents: deferral.interestCents,
      afterInstalment: deferral.periodNumber - 1,
    })),
    unpaidBilledInterestCents: isRunningBilled
      ? accrued
      : Math.max(accrued - loan.periodAccruedCents, 0),
    runningPaidInterestCents: isRunningBilled ? 0 : Math.max(loan.periodAccruedCents - accrued, 0),
    maturityAmountCents: isOpen ? maturityAmountCents(loan, balances) : 0,
  };
}

export function dueOf(input: Parameters<typeof dueInputOf>[0]): TWhatIsDue {
  return whatIsDue(dueInputOf(input));
}

/** The schedule's rows, each with its status. */
export function scheduleOf(due: TWhatIsDue): TScheduleRow[] {
  return due.instalments.map((row) => ({
    number: row.number,
    cycleDate: row.cycleDate,
    dueDate: row.dueDate,
    interestCents: row.interestCents,
    principalCents: row.principalCents,
    amountCents: row.amountCents,
    unpaidCents: row.unpaidCents,
    status: row.status,
  }));
}

/** The next payment (null once nothing more is asked): its date, everything asked by it, arrears. */
export function nextPaymentOf(due: TWhatIsDue): TNextPayment | null {
  if (due.nextDueDate === null || due.amountDueCents === 0) return null;
  return {
    dueDate: due.nextDueDate,
    amountCents: due.amountDueCents,
    pastDueCents: due.pastDueCents,
    pastDueSince: due.pastDueSince,
    daysPastDue: due.daysPastDue,
  };
}
