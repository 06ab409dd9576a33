/**
 * The ACH settlement sweep: asks the bank about each pending debit. Settled ones are marked
 * settled; returned ones are reversed and the borrower told; a debit never sent (the process
 * stopped in between) is sent now.
 *
 * Each payment is its own unit of work: one that fails (the bank unreachable, a change its loan's
 * invariants refuse) is left as it was, the others are still settled, and the sweep then fails
 * naming the ones it could not settle, so that the job is retried and counted as failed.
 */
import { and, asc, eq, gt, ne } from 'drizzle-orm';
import { servicingPayments } from '../../db/schema/index.js';
import { sendDebit, type TPaymentDeps } from './make-payment.js';
import { auditPayment } from './payment-record.js';
import { MAX_PAGES } from './drain-pages.js';
import { returnPayment } from './reverse-payment.js';
import type { TServicingPaymentRow } from './servicing-record.js';
import { queueRiskPass } from '../risk/queue-risk-pass.js';
import { recordSweepRun } from '../health/record-sweep-run.js';

export const SETTLEMENT_PAGE_SIZE = 500;

/**
 * One run visits every pending debit once, a page at a time in the order of their uuids (the
 * partial index of pending payments by uuid), each page after the last uuid of the one before: a
 * debit that cannot be settled, or thousands still waiting for their bank, never keep a later one
 * from being sent or settled.
 */
export async function settlePendingPayments(
  deps: TPaymentDeps,
  options: { pageSize?: number } = {},
): Promise<number> {
  const pageSize = options.pageSize ?? SETTLEMENT_PAGE_SIZE;
  let changed = 0;
  const failures: { paymentUuid: string; error: unknown }[] = [];
  let after: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const pending = await deps.db
      .select()
      .from(servicingPayments)
      .where(
        and(
          eq(servicingPayments.status, 'PENDING'),
          ne(servicingPayments.method, 'WIRE'),
          after === null ? undefined : gt(servicingPayments.uuid, after),
        ),
      )
      .orderBy(asc(servicingPayments.uuid))
      .limit(pageSize);
    for (const payment of pending) {
      try {
        if (await settlePayment(deps, payment)) changed += 1;
      } catch (error) {
        failures.push({ paymentUuid: payment.uuid, error });
      }
    }
    const last = pending.at(-1);
    if (pending.length < pageSize || last === undefined) break;
    after = last.uuid;
  }
  if (failures.length > 0) {
    throw new AggregateError(
      failures.map((failure) => failure.error),
      `${failures.length} pending payment${failures.length === 1 ? '' : 's'} could not be settled ` +
        `(${failures.map((failure) => failure.paymentUuid).join(', ')}); ${changed} others moved`,
    );
  }
  await recordSweepRun(deps.db, 'settlement', deps.clock());
  return changed;
}

/** Moves one pending debit on as its bank's answer says; answers whether anything changed. */
async function settlePayment(deps: TPaymentDeps, payment: TServicingPaymentRow): Promise<boolean> {
  if (payment.transferId === null) {
    await sendDebit(deps, payment);
    return true;
  }
  const transfer = await deps.bankPayments.getTransfer(payment.transferId);
  if (transfer.status === 'PENDING') return false;
  if (transfer.status === 'RETURNED') {
    await returnPayment(deps, { paymentUuid: payment.uuid, reason: transfer.reason });
    return true;
  }
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const [settled] = await tx
      .update(servicingPayments)
      .set({ status: 'SETTLED', settledAt: transfer.settledAt, updatedAt: now })
      .where(and(eq(servicingPayments.uuid, payment.uuid), eq(servicingPayments.status, 'PENDING')))
      .returning({ uuid: servicingPayments.uuid });
    if (settled !== undefined) {
      await auditPayment(tx, payment.uuid, 'PENDING', 'SETTLED', 'ACH settled', now);
      await queueRiskPass(tx, `payment-settled:${payment.uuid}`);
    }
  });
  return true;
}
