import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { OPS } from './ops-base.js';
import { ZGetOpsFailedMailResponse } from './get-failed-mail.js';

export const ZOpsOutboxParams = z.object({ outboxId: z.uuid() });
export type TOpsOutboxParams = z.infer<typeof ZOpsOutboxParams>;

export const ZPostOpsRetryMailResponse = ZGetOpsFailedMailResponse;
export type TPostOpsRetryMailResponse = z.infer<typeof ZPostOpsRetryMailResponse>;

/**
 * Sends a failed e-mail again, with a fresh set of attempts; audited. Answers the failed messages
 * left. 404 for an unknown message; a message no longer failed (already retried) is left as it is.
 */
export const postOpsRetryMail = defineEndpoint({
  method: 'POST',
  path: `${OPS}/outbox/:outboxId/retry`,
  auth: 'agent',
  summary: 'Retry a failed e-mail',
  params: ZOpsOutboxParams,
  response: ZPostOpsRetryMailResponse,
});
