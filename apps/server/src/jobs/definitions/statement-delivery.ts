import { z } from 'zod';
import { defineJob } from '../job-definition.js';

/** Renders one monthly statement's PDF, keeps it, and e-mails the borrower; once. */
export const statementDeliveryJob = defineJob({
  kind: 'statement-delivery',
  payload: z.object({ statementUuid: z.uuid() }),
  maxAttempts: 8,
});
