/**
 * What is due, in words (issue 33, one view of what is due): the server's next payment (the
 * domain's whatIsDue, the same object on the loan page, the dashboard card and the console) and
 * the schedule's rows, said the same way wherever they are shown.
 */
import type { TNextPayment, TScheduleRow, TStatementSummary } from '@pledge/contract';
import { formatUsd } from '@pledge/domain';
import { displayDate } from '../dashboard/display.js';
import { SCHEDULE_STATUS_WORDS } from './loan-view.js';

/** "1 day", "15 days". */
export function daysWords(days: number): string {
  return `${days} day${days === 1 ? '' : 's'}`;
}

/** "$300.72 due Mar 29, 2025". */
export function nextPaymentWords(next: Pick<TNextPayment, 'amountCents' | 'dueDate'>): string {
  return `${formatUsd(next.amountCents)} due ${displayDate(next.dueDate)}`;
}

/** "$150.36 since Mar 1, 2025 (15 days)", or null when nothing is past due. */
export function pastDueWords(next: TNextPayment): string | null {
  if (next.pastDueCents <= 0) return null;
  const since = next.pastDueSince === null ? '' : ` since ${displayDate(next.pastDueSince)}`;
  return `${formatUsd(next.pastDueCents)}${since} (${daysWords(next.daysPastDue)})`;
}

/** A schedule row's status, with what is left of it when part is paid or still owed past its date. */
export function scheduleStatusWords(
  row: Pick<TScheduleRow, 'status' | 'amountCents' | 'unpaidCents'>,
): string {
  const words = SCHEDULE_STATUS_WORDS[row.status];
  const isPart = row.unpaidCents > 0 && row.unpaidCents < row.amountCents;
  if (row.status === 'PARTLY_PAID' || (row.status === 'PAST_DUE' && isPart)) {
    return `${words}: ${formatUsd(row.unpaidCents)} left`;
  }
  return words;
}

/**
 * A statement's amount due, arrears apart with their own date: "$150.36 due on Feb 24, 2025", or
 * "$286.17 due: $150.36 past due since Feb 24, 2025 and $135.81 on Mar 24, 2025".
 */
export function statementDueWords(
  statement: Pick<
    TStatementSummary,
    'amountDueCents' | 'dueDate' | 'pastDueCents' | 'pastDueSince'
  >,
): string {
  const due = `${formatUsd(statement.amountDueCents)} due`;
  if (statement.pastDueCents <= 0) return `${due} on ${displayDate(statement.dueDate)}`;
  const since =
    statement.pastDueSince === null ? '' : ` since ${displayDate(statement.pastDueSince)}`;
  const own = formatUsd(statement.amountDueCents - statement.pastDueCents);
  return `${due}: ${formatUsd(statement.pastDueCents)} past due${since} and ${own} on ${displayDate(statement.dueDate)}`;
}
