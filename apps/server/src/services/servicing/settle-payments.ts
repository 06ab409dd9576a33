/**
 * The ACH settlement sweep: asks the bank about each pending debit. Settled ones are marked
 * settled; returned ones are reversed and the borrower told; a debit never sent (the process
 * stopped in between) is sent now.
 */
import { and, asc, eq } from 'drizzle-orm';
import { servicingPayments } from '../../db/schema/index.js';
import { auditPayment, sendDebit, type TPaymentDeps } from './make-payment.js';
import { returnPayment } from './reverse-payment.js';
import { queueRiskPass } from '../risk/queue-risk-pass.js';

export const SETTLEMENT_BATCH_SIZE = 500;

export async function settlePendingPayments(deps: TPaymentDeps): Promise<number> {
  const pending = await deps.db
    .select()
    .from(servicingPayments)
    .where(and(eq(servicingPayments.status, 'PENDING')))
    .orderBy(asc(servicingPayments.createdAt))
    .limit(SETTLEMENT_BATCH_SIZE);
  let changed = 0;
  for (const payment of pending) {
    if (payment.method === 'WIRE') continue;
    if (payment.transferId === null) {
      await sendDebit(deps, payment);
      changed += 1;
      continue;
    }
    const transfer = await deps.bankPayments.getTransfer(payment.transferId);
    if (transfer.status === 'PENDING') continue;
    if (transfer.status === 'RETURNED') {
      await returnPayment(deps, { paymentUuid: payment.uuid, reason: transfer.reason });
    } else {
      const now = deps.clock();
      await deps.db.transaction(async (tx) => {
        const [settled] = await tx
          .update(servicingPayments)
          .set({ status: 'SETTLED', settledAt: transfer.settledAt, updatedAt: now })
          .where(
            and(eq(servicingPayments.uuid, payment.uuid), eq(servicingPayments.status, 'PENDING')),
          )
          .returning({ uuid: servicingPayments.uuid });
        if (settled !== undefined) {
          await auditPayment(tx, payment.uuid, 'PENDING', 'SETTLED', 'ACH settled', now);
          await queueRiskPass(tx, `payment-settled:${payment.uuid}`);
        }
      });
    }
    changed += 1;
  }
  return changed;
}
