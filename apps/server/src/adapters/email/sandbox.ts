import type { TEmailPort } from './port.js';

/**
 * The sandbox delivers nothing: the outbox is the mailbox (GET /sandbox/mailbox), which shows a
 * message from the commit that queued it; the e-mail job marks it stored.
 */
export function createSandboxEmail(): TEmailPort {
  return {
    isSandbox: true,
    async deliver() {
      return { providerMessageId: null };
    },
  };
}
