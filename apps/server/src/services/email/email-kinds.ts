/** What an outbox message is, as the agent console names it. */
export const EMAIL_KINDS = [
  'sign-in-code',
  'email-change-code',
  'email-changed',
  'waitlist-confirmation',
  'loan-statement',
  'payment-returned',
  'maturity-reminder',
  'loan-matured',
  'loan-collection-notice',
  'past-due-notice',
  'loan-risk-notice',
  'liquidation-statement',
  'servicing-alert',
  'partner-endpoint-disabled',
] as const;
export type TEmailKind = (typeof EMAIL_KINDS)[number];

/** The encryption context of an outbox message's sealed copy: it opens for that row only. */
export function outboxSealContext(outboxId: string): string {
  return `outbox:${outboxId}`;
}
