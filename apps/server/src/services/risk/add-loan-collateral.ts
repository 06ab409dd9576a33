/**
 * Collateral added to a funded loan: a deposit to the loan's address confirmed after funding adds
 * to the coins the loan holds, in the transaction that records the confirmation (once per
 * transaction id), audited, and the risk pass is queued so a margin call it cures ends at once.
 */
import { Decimal } from '@pledge/domain';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { auditEvents, collateralDeposits, servicingLoans } from '../../db/schema/index.js';
import { queueRiskPass, SERVICING_LOAN_ENTITY } from './queue-risk-pass.js';

/** Loans whose deposit address stays watched: funded and still carrying collateral risk. */
export const WATCHED_LOAN_STATUSES = ['ACTIVE', 'MARGIN_CALL'] as const;

/** The transaction ids of the application's deposits counted so far. */
export async function confirmedTxids(tx: TDb, appUuid: string): Promise<Set<string>> {
  const rows = await tx
    .select({ txid: collateralDeposits.txid })
    .from(collateralDeposits)
    .where(
      and(
        eq(collateralDeposits.applicationUuid, appUuid),
        isNotNull(collateralDeposits.confirmedAt),
      ),
    );
  return new Set(rows.map((row) => row.txid));
}

/**
 * Adds the deposits confirmed since `before` (the txids counted before this poll) to the loan's
 * collateral when the application is a funded, open loan; nothing otherwise.
 */
export async function addConfirmedDepositsToLoan(
  tx: TDb,
  input: { appUuid: string; before: ReadonlySet<string>; now: Date; actor: string },
): Promise<string | null> {
  const [loan] = await tx
    .select({
      status: servicingLoans.status,
      units: servicingLoans.collateralUnits,
      type: servicingLoans.collateralType,
    })
    .from(servicingLoans)
    .where(eq(servicingLoans.loanUuid, input.appUuid))
    .for('update');
  if (loan === undefined || loan.units === null) return null;
  if (!(WATCHED_LOAN_STATUSES as readonly string[]).includes(loan.status)) return null;
  const confirmed = await tx
    .select({ txid: collateralDeposits.txid, amount: collateralDeposits.amount })
    .from(collateralDeposits)
    .where(
      and(
        eq(collateralDeposits.applicationUuid, input.appUuid),
        isNotNull(collateralDeposits.confirmedAt),
      ),
    );
  const fresh = confirmed.filter((row) => !input.before.has(row.txid));
  if (fresh.length === 0) return null;
  const added = fresh.reduce((sum, row) => sum.plus(row.amount), new Decimal(0));
  const [updated] = await tx
    .update(servicingLoans)
    .set({
      collateralUnits: sql`${servicingLoans.collateralUnits} + ${added.toFixed()}::numeric`,
      updatedAt: input.now,
    })
    .where(eq(servicingLoans.loanUuid, input.appUuid))
    .returning({ units: servicingLoans.collateralUnits });
  const txids = fresh.map((row) => row.txid);
  await tx.insert(auditEvents).values({
    entityType: SERVICING_LOAN_ENTITY,
    entityId: input.appUuid,
    actor: input.actor,
    fromState: loan.status,
    toState: loan.status,
    reason: `Collateral deposit of ${added.toFixed()} ${loan.type ?? ''} confirmed (${txids
      .map((txid) => txid.slice(0, 16))
      .join(', ')}); ${loan.units} → ${updated?.units ?? '?'} held`.slice(0, 500),
    at: input.now,
  });
  await queueRiskPass(tx, `deposit:${input.appUuid}:${txids.sort().join(',').slice(0, 200)}`);
  return added.toFixed();
}
