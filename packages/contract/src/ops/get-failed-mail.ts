import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZIsoDateTime } from '../wire.js';
import { OPS } from './ops-base.js';

/** What a message is; new kinds may come, so any short name is accepted. */
export const ZOutboxMailKind = z.string();

/** An e-mail that could not be delivered after all its attempts. */
export const ZFailedMail = z.object({
  outboxId: z.uuid(),
  /** The recipient with most of it hidden: `a••••@example.com`. */
  recipient: z.string(),
  kind: ZOutboxMailKind,
  subject: z.string(),
  /** The mail server's last answer, secrets blanked out. */
  lastError: z.nullable(z.string()),
  attempts: z.number(),
  queuedAt: ZIsoDateTime,
});
export type TFailedMail = z.infer<typeof ZFailedMail>;

export const ZGetOpsFailedMailResponse = z.object({
  /** Newest first; at most FAILED_MAIL_LIST_MAX. */
  messages: z.array(ZFailedMail),
});
export type TGetOpsFailedMailResponse = z.infer<typeof ZGetOpsFailedMailResponse>;

/** The console shows this many failed messages at most, newest first. */
export const FAILED_MAIL_LIST_MAX = 100;

export const getOpsFailedMail = defineEndpoint({
  method: 'GET',
  path: `${OPS}/outbox/failed`,
  auth: 'agent',
  summary: 'E-mails that could not be delivered after all their attempts',
  response: ZGetOpsFailedMailResponse,
});
