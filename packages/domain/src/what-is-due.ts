/**
 * One view of what is due on a loan (issue 33): each instalment's status, the next due date and
 * amount, what is past due and since when, and at maturity the whole balance. The servicing view,
 * the borrower's loan list (the dashboard) and the console all read it, so the schedule, the
 * dashboard card and the loan page cannot disagree.
 *
 * An instalment is billed by its statement: its interest is the period's interest in the ledger
 * (the last also carries the balance, due at maturity). Payments go to the oldest billed interest
 * first (the ledger applies a payment to the accrued interest as a whole, and arrears are paid
 * before the current bill), so the billed interest still unpaid is the newest: it is laid on the
 * instalments from the newest back. A deferral capitalised the whole of the interest billed and
 * unpaid when it was made, so it covers the newest cents billed before it. Past-due amounts keep
 * their own due dates until they are paid: a later statement never moves them.
 */
import { daysBetween } from './servicing.js';
import type { TScheduleRowStatus } from './servicing-terms.js';

/** An instalment of the term as the schedule states it. */
export type TInstalmentTerms = {
  number: number;
  cycleDate: string;
  dueDate: string;
  /** The period's interest: the ledger's once billed, the projection before. */
  interestCents: number;
  /** The balance, on the last instalment; zero on the others. */
  principalCents: number;
};

export type TWhatIsDueInput = {
  /** The day of the deployment's clock. */
  asOf: string;
  /** Whether the loan is still serviced (active, in margin call or matured). */
  isOpen: boolean;
  maturityDate: string;
  /** Every instalment of the term, in order. */
  instalments: readonly TInstalmentTerms[];
  /** Instalments 1..billedCount have their statement. */
  billedCount: number;
  /** Each deferral: the interest it capitalised and the last instalment billed when it was made. */
  deferrals: readonly { interestCents: number; afterInstalment: number }[];
  /** The billed interest still owed (the ledger's accrued interest less the running period's). */
  unpaidBilledInterestCents: number;
  /** Interest of the running (unbilled) period already paid. */
  runningPaidInterestCents: number;
  /** The whole balance with the last period's interest still to accrue: what maturity asks. */
  maturityAmountCents: number;
};

export type TInstalmentDue = TInstalmentTerms & {
  amountCents: number;
  paidCents: number;
  deferredCents: number;
  unpaidCents: number;
  status: TScheduleRowStatus;
};

export type TWhatIsDue = {
  instalments: TInstalmentDue[];
  /** The next due date: the next instalment with something to pay, else the last past due. */
  nextDueDate: string | null;
  /** What that next instalment still asks (zero when only past-due amounts are left). */
  nextInstalmentCents: number;
  /** Unpaid amounts whose due date has passed. */
  pastDueCents: number;
  /** The due date of the oldest of them. */
  pastDueSince: string | null;
  /** Calendar days since that due date (1 the day after it). */
  daysPastDue: number;
  /** Everything asked by the next due date: what is past due and the next instalment. */
  amountDueCents: number;
  isMatured: boolean;
};

/** Half-open spans of cents, merged so that a cent counts once. */
function mergedSpans(spans: readonly { start: number; end: number }[]) {
  const sorted = spans.filter((span) => span.end > span.start).sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const span of sorted) {
    const previous = merged[merged.length - 1];
    if (previous !== undefined && span.start <= previous.end) {
      previous.end = Math.max(previous.end, span.end);
    } else merged.push({ ...span });
  }
  return merged;
}

function statusOf(
  row: Pick<TInstalmentDue, 'dueDate' | 'paidCents' | 'deferredCents' | 'unpaidCents'>,
  asOf: string,
): TScheduleRowStatus {
  if (row.unpaidCents === 0) return row.deferredCents > 0 ? 'DEFERRED' : 'PAID';
  if (row.dueDate < asOf) return 'PAST_DUE';
  return row.paidCents > 0 ? 'PARTLY_PAID' : 'DUE';
}

/** What is due on the loan on `asOf`. */
export function whatIsDue(input: TWhatIsDueInput): TWhatIsDue {
  const { asOf, instalments } = input;
  const isMatured = asOf >= input.maturityDate;
  const lastNumber = instalments[instalments.length - 1]?.number ?? 0;
  const billed = instalments.filter((row) => row.number <= input.billedCount);

  // Where each billed instalment's interest lies on the line of all the interest billed, in order.
  const spans: { start: number; end: number }[] = [];
  let billedCents = 0;
  for (const row of billed) {
    const start = billedCents;
    billedCents += Math.max(row.interestCents, 0);
    spans.push({ start, end: billedCents });
  }
  const billedThrough = (number: number) => {
    const index = billed.findLastIndex((row) => row.number <= number);
    return spans[index]?.end ?? 0;
  };
  // A deferral covers the newest cents billed before it, as many as it capitalised.
  const deferred = mergedSpans(
    input.deferrals.map((deferral) => {
      const end = billedThrough(deferral.afterInstalment);
      return { start: Math.max(end - Math.max(deferral.interestCents, 0), 0), end };
    }),
  );
  const deferredCents = spans.map((span) =>
    deferred.reduce(
      (sum, cover) =>
        sum + Math.max(Math.min(span.end, cover.end) - Math.max(span.start, cover.start), 0),
      0,
    ),
  );

  // The billed interest unpaid, laid on the instalments from the newest back.
  const unpaidInterest = billed.map(() => 0);
  let left = Math.max(input.unpaidBilledInterestCents, 0);
  for (let index = billed.length - 1; index >= 0 && left > 0; index -= 1) {
    const open = Math.max((billed[index]?.interestCents ?? 0) - (deferredCents[index] ?? 0), 0);
    unpaidInterest[index] = Math.min(open, left);
    left -= unpaidInterest[index] ?? 0;
  }

  const rows: TInstalmentDue[] = instalments.map((row, index) => {
    const amountCents = row.interestCents + row.principalCents;
    if (index < billed.length) {
      const due = {
        dueDate: row.dueDate,
        paidCents: Math.max(
          row.interestCents - (deferredCents[index] ?? 0) - (unpaidInterest[index] ?? 0),
          0,
        ),
        deferredCents: deferredCents[index] ?? 0,
        unpaidCents: unpaidInterest[index] ?? 0,
      };
      return { ...row, ...due, amountCents, status: statusOf(due, asOf) };
    }
    // Not billed yet: the running period may be partly paid ahead; a closed loan owes nothing.
    const paidCents =
      row.number === input.billedCount + 1
        ? Math.min(Math.max(input.runningPaidInterestCents, 0), row.interestCents)
        : 0;
    return {
      ...row,
      amountCents,
      paidCents,
      deferredCents: 0,
      unpaidCents: input.isOpen ? amountCents - paidCents : 0,
      status: input.isOpen ? 'UPCOMING' : 'PAID',
    };
  });

  // From maturity the last instalment is asked (its statement may not be out yet): whatever the
  // loan still owes beyond the earlier instalments.
  const lastRow = rows[rows.length - 1];
  if (lastRow !== undefined && (lastRow.number <= input.billedCount || isMatured)) {
    const earlier = rows
      .filter((row) => row.number < lastNumber && row.number <= input.billedCount)
      .reduce((sum, row) => sum + row.unpaidCents, 0);
    lastRow.unpaidCents = input.isOpen ? Math.max(input.maturityAmountCents - earlier, 0) : 0;
    lastRow.paidCents = Math.max(
      lastRow.amountCents - lastRow.deferredCents - lastRow.unpaidCents,
      0,
    );
    lastRow.status = statusOf(lastRow, asOf);
  }

  const pastDue = rows.filter((row) => row.status === 'PAST_DUE');
  const pastDueCents = pastDue.reduce((sum, row) => sum + row.unpaidCents, 0);
  const pastDueSince = pastDue[0]?.dueDate ?? null;
  const next = input.isOpen
    ? rows.find((row) => row.status !== 'PAST_DUE' && row.unpaidCents > 0)
    : undefined;
  const nextInstalmentCents = next?.unpaidCents ?? 0;
  return {
    instalments: rows,
    nextDueDate: next?.dueDate ?? pastDue[pastDue.length - 1]?.dueDate ?? null,
    nextInstalmentCents,
    pastDueCents,
    pastDueSince,
    daysPastDue: pastDueSince === null ? 0 : daysBetween(pastDueSince, asOf),
    amountDueCents: pastDueCents + nextInstalmentCents,
    isMatured,
  };
}
