/**
 * Collection notices of matured loans not repaid (issue 33, risk to the last coin): 1, 10 and 30
 * days after the maturity date, each once per loan. A servicing_notices row (unique per loan and
 * kind) and the e-mail are written in one transaction under the loan's lock, so two instances, a
 * retry or a second sweep of the day send nothing twice. Each notice is due from its day until the
 * next one's (the domain's maturedCollectionNoticeDue): after a clock jump the one that applies is
 * sent, not a backlog. The amount is the whole balance with interest accrued to the day (the sweep
 * accrues first), interest that keeps running at the contract rate after maturity.
 */
import {
  daysPastMaturity,
  formatPct,
  MATURED_COLLECTION_NOTICE_DAYS,
  maturedCollectionNoticeDue,
} from '@pledge/domain';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { auditEvents, servicingNotices } from '../../db/schema/index.js';
import { queueEmail, type TQueueEmailDeps } from '../email/queue-email.js';
import { SERVICING_LOAN_ENTITY } from '../risk/queue-risk-pass.js';
import { balancesOf } from './ledger-store.js';
import { maturedCollectionMessage } from './servicing-messages.js';
import { borrowerEmailOf, brandOfLoan, loadLoan } from './servicing-record.js';

export const COLLECTION_NOTICE_KIND_PREFIX = 'matured-collection-';

/** The notice row's kind: the day after maturity it is sent on. */
export function collectionNoticeKind(days: number): string {
  return `${COLLECTION_NOTICE_KIND_PREFIX}${days}`;
}

/** The day after maturity of a notice row's kind; null for another kind. */
export function collectionNoticeDaysOf(kind: string): number | null {
  if (!kind.startsWith(COLLECTION_NOTICE_KIND_PREFIX)) return null;
  const days = Number(kind.slice(COLLECTION_NOTICE_KIND_PREFIX.length));
  return Number.isSafeInteger(days) ? days : null;
}

export const COLLECTION_NOTICE_ACTOR = 'system:collection';

/**
 * The matured loans whose notice of `days` is due on `asOf` and not sent: matured `days` or more
 * days ago, fewer than the next notice's (the status index finds the matured loans).
 */
async function dueLoans(db: TDb, asOf: string, days: number, until: number | null) {
  const result = await db.execute<{ loan_uuid: string }>(sql`
    SELECT s.loan_uuid FROM servicing_loans s
    WHERE s.status = 'MATURED'
      AND s.maturity_date + ${days}::int <= ${asOf}::date
      ${until === null ? sql`` : sql`AND ${asOf}::date < s.maturity_date + ${until}::int`}
      AND NOT EXISTS (SELECT 1 FROM servicing_notices n
                      WHERE n.loan_uuid = s.loan_uuid AND n.kind = ${collectionNoticeKind(days)})`);
  return result.rows.map((row) => row.loan_uuid);
}

/** Sends the collection notices due on `asOf`; answers how many were sent. */
export async function sendCollectionNotices(
  deps: TQueueEmailDeps & { db: TDb },
  asOf: string,
  now: Date,
): Promise<number> {
  let sent = 0;
  for (const [index, days] of MATURED_COLLECTION_NOTICE_DAYS.entries()) {
    const until = MATURED_COLLECTION_NOTICE_DAYS[index + 1] ?? null;
    for (const loanUuid of await dueLoans(deps.db, asOf, days, until)) {
      const isSent = await deps.db.transaction(async (tx) => {
        const context = await loadLoan(tx, loanUuid, { forUpdate: true });
        const { loan } = context;
        // Paid off, renewed or liquidated since the selection: nothing to collect.
        if (loan.status !== 'MATURED') return false;
        if (maturedCollectionNoticeDue(loan.maturityDate, asOf) !== days) return false;
        const [recorded] = await tx
          .insert(servicingNotices)
          .values({ loanUuid, kind: collectionNoticeKind(days), sentAt: now })
          .onConflictDoNothing()
          .returning({ kind: servicingNotices.kind });
        if (recorded === undefined) return false;
        const balances = await balancesOf(tx, loanUuid);
        const past = daysPastMaturity(loan.maturityDate, asOf);
        await tx.insert(auditEvents).values({
          entityType: SERVICING_LOAN_ENTITY,
          entityId: loanUuid,
          actor: COLLECTION_NOTICE_ACTOR,
          fromState: loan.status,
          toState: loan.status,
          reason: `Collection notice: ${past} days past maturity, ${balances.totalCents} cents due`,
          at: now,
        });
        await queueEmail(
          tx,
          deps,
          'loan-collection-notice',
          maturedCollectionMessage({
            to: borrowerEmailOf(deps.cipher, context),
            brand: brandOfLoan(context, deps.sandbox),
            maturityDate: loan.maturityDate,
            daysPastMaturity: past,
            amountDueCents: balances.totalCents,
            asOf,
            interestRate: formatPct(context.offer.interestRatePct, 3),
          }),
        );
        return true;
      });
      if (isSent) sent += 1;
    }
  }
  return sent;
}
