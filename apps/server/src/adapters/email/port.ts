/**
 * Outgoing e-mail. A message is queued in the outbox inside the transaction that decides to send
 * it (services/email/queue-email.ts) and handed to this port by the e-mail job, with retries.
 */

export interface TEmailMessage {
  to: string;
  subject: string;
  text: string;
  /** Display name of the sender: the brand the message speaks for. */
  fromName: string;
  /**
   * Values that must not be stored outside the sandbox (one-time codes, undo links): the outbox
   * keeps them only encrypted, and only until the message is sent.
   */
  secrets?: readonly string[];
}

export interface TEmailDelivery {
  /** The mail server's id of the message; null when nothing left the platform (sandbox). */
  providerMessageId: string | null;
}

export interface TEmailPort {
  /** True when messages only go to the sandbox mailbox (the outbox keeps them whole). */
  readonly isSandbox: boolean;
  /** Hands the message over; throws when the mail server refuses it or does not answer. */
  deliver(message: Omit<TEmailMessage, 'secrets'>): Promise<TEmailDelivery>;
}

export const REDACTED_SECRET = '[redacted]';

export function withoutSecrets(text: string, secrets: readonly string[] = []): string {
  return secrets.reduce(
    (redacted, secret) => (secret === '' ? redacted : redacted.split(secret).join(REDACTED_SECRET)),
    text,
  );
}
