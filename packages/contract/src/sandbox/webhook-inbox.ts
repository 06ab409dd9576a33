import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZIsoDateTime } from '../wire.js';

/** One post the sandbox's webhook receiver (`sandbox:webhooks/inbox`) was sent, oldest first. */
export const ZSandboxWebhook = z.object({
  eventId: z.string(),
  /** The Pledge-Signature header as sent: `t=…,v1=…`. */
  signature: z.string(),
  /** The raw body the signature is over. */
  body: z.string(),
  /** What the receiver answered (its failure mode answers an error). */
  answeredStatus: z.int(),
  receivedAt: ZIsoDateTime,
});
export type TSandboxWebhook = z.infer<typeof ZSandboxWebhook>;

export const ZGetSandboxWebhooksResponse = z.object({ deliveries: z.array(ZSandboxWebhook) });

export const getSandboxWebhooks = defineEndpoint({
  method: 'GET',
  path: '/sandbox/webhooks/inbox',
  auth: 'none',
  summary: 'Sandbox only: what the built-in webhook receiver was sent, oldest first',
  response: ZGetSandboxWebhooksResponse,
});

export const ZPostSandboxWebhookFailuresBody = z.object({
  /** How many next posts fail (0: answer 200 again). */
  count: z.int().check(z.minimum(0), z.maximum(1_000)),
  status: z.optional(z.int().check(z.minimum(400), z.maximum(599))),
});
export type TPostSandboxWebhookFailuresBody = z.infer<typeof ZPostSandboxWebhookFailuresBody>;

export const postSandboxWebhookFailures = defineEndpoint({
  method: 'POST',
  path: '/sandbox/webhooks/inbox/failures',
  auth: 'none',
  summary: 'Sandbox only: make the webhook receiver fail its next posts (a receiver that is down)',
  body: ZPostSandboxWebhookFailuresBody,
  response: z.object({ failRemaining: z.int(), failStatus: z.int() }),
});
