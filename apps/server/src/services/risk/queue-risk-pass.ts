/**
 * Queues the risk pass inside the transaction of a change that moves a loan's LTV (a new price, a
 * deposit, a payment, a sale, a clock move), so the loan's level follows without waiting for the
 * minute. `change` names that change once: the same change never queues two passes.
 */
import type { TDb } from '../../db/pool.js';
import { riskPassJob, riskPassKey } from '../../jobs/definitions/risk-pass.js';
import { enqueue } from '../../jobs/enqueue.js';

export async function queueRiskPass(tx: TDb, change: string): Promise<void> {
  await enqueue(tx, riskPassJob, {}, { dedupeKey: riskPassKey(change) });
}

/** The audit trail's name for a funded loan's servicing row. */
export const SERVICING_LOAN_ENTITY = 'servicing-loan';
