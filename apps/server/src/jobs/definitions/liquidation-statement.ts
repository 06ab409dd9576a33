import { z } from 'zod';
import { defineJob } from '../job-definition.js';

/**
 * Renders a filled liquidation's statement PDF, keeps it with the loan's documents and e-mails the
 * borrower; once. The balance and collateral right after the fill travel with the job, so the
 * statement says what they were then, whatever happened since.
 */
export const liquidationStatementJob = defineJob({
  kind: 'liquidation-statement',
  payload: z.object({
    liquidationUuid: z.uuid(),
    balanceAfterCents: z.number().int().nonnegative(),
    coinQuantityRemaining: z.string().max(64),
  }),
  maxAttempts: 8,
});

export const liquidationStatementDedupeKey = (liquidationUuid: string) =>
  `liquidation-statement:${liquidationUuid}`;
