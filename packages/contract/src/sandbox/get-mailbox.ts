import { z } from 'zod/mini';
import { ZLoginEmail } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZIsoDateTime } from '../wire.js';

export const ZGetSandboxMailboxQuery = z.object({
  to: z.pipe(
    ZLoginEmail,
    z.transform((email: string) => email.toLowerCase()),
  ),
});
export type TGetSandboxMailboxQuery = z.infer<typeof ZGetSandboxMailboxQuery>;

export const ZSandboxMessage = z.object({
  to: z.email(),
  subject: z.string(),
  text: z.string(),
  createdAt: ZIsoDateTime,
});
export type TSandboxMessage = z.infer<typeof ZSandboxMessage>;

export const ZGetSandboxMailboxResponse = z.object({
  messages: z.array(ZSandboxMessage),
});
export type TGetSandboxMailboxResponse = z.infer<typeof ZGetSandboxMailboxResponse>;

export const getSandboxMailbox = defineEndpoint({
  method: 'GET',
  path: '/sandbox/mailbox',
  auth: 'none',
  summary: 'Sandbox only: messages sent to an address, newest first',
  query: ZGetSandboxMailboxQuery,
  response: ZGetSandboxMailboxResponse,
});
