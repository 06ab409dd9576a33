import { z } from 'zod';
import { defineJob } from '../job-definition.js';

/**
 * Completes the renewal waiting on a funded loan's deposit address, when completing it right after
 * a deposit failed: the deposit itself is recorded and answered, completion is retried here.
 */
export const completeRenewalJob = defineJob({
  kind: 'renewal.complete',
  movesMoneyOrOwnership: 'A loan’s balance and collateral move to its renewal',
  payload: z.object({ loanUuid: z.uuid() }),
  maxAttempts: 10,
});

/** One waiting retry per loan. */
export function completeRenewalDedupeKey(loanUuid: string): string {
  return `${completeRenewalJob.kind}:${loanUuid}`;
}
