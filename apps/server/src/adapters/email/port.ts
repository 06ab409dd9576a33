/** Outgoing e-mail. Every message is recorded in the outbox, whichever adapter delivers it. */

export interface TEmailMessage {
  to: string;
  subject: string;
  text: string;
  /** Display name of the sender: the brand the message speaks for. */
  fromName: string;
  /**
   * Values that must not be stored outside the sandbox (one-time codes): the real adapter blanks
   * them out of the outbox copy after sending.
   */
  secrets?: readonly string[];
}

export interface TEmailDelivery {
  id: string;
  status: 'stored' | 'sent' | 'failed';
}

export interface TEmailPort {
  /** Never throws for a delivery failure: it is recorded (status `failed`) and answered. */
  send(message: TEmailMessage): Promise<TEmailDelivery>;
}

export const REDACTED_SECRET = '[redacted]';

export function withoutSecrets(text: string, secrets: readonly string[] = []): string {
  return secrets.reduce(
    (redacted, secret) => (secret === '' ? redacted : redacted.split(secret).join(REDACTED_SECRET)),
    text,
  );
}
