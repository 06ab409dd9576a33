/**
 * How partner webhooks are delivered (issue 39): retried with exponential backoff for three days,
 * an endpoint failing for a whole day is disabled and its lender told, every attempt waits at most
 * ten seconds and keeps at most 1 KB of the answer.
 */
const SECOND_MS = 1_000;
const HOUR_MS = 60 * 60 * SECOND_MS;

/** A delivery is retried this long after its event, then given up. */
export const WEBHOOK_RETRY_WINDOW_MS = 72 * HOUR_MS;
/** An endpoint whose deliveries failed without a success for this long is disabled. */
export const WEBHOOK_DISABLE_AFTER_MS = 24 * HOUR_MS;
/** One attempt's time limit: connecting, sending and reading the answer. */
export const WEBHOOK_TIMEOUT_MS = 10 * SECOND_MS;
/** At most this much of an answer is kept in the delivery log. */
export const WEBHOOK_RESPONSE_BODY_MAX_BYTES = 1_024;
/** The first retry's wait; each next one doubles, up to WEBHOOK_BACKOFF_MAX_MS. */
export const WEBHOOK_BACKOFF_FIRST_MS = 30 * SECOND_MS;
export const WEBHOOK_BACKOFF_MAX_MS = HOUR_MS;
/** A receiver refuses a signature whose timestamp is further than this from its own time. */
export const WEBHOOK_SIGNATURE_TOLERANCE_S = 5 * 60;

/** The wait before the next attempt after `failedAttempts` failed ones (1 or more). */
export function webhookBackoffMs(failedAttempts: number): number {
  const doublings = Math.min(Math.max(failedAttempts - 1, 0), 20);
  return Math.min(WEBHOOK_BACKOFF_FIRST_MS * 2 ** doublings, WEBHOOK_BACKOFF_MAX_MS);
}

/** When a delivery fails now: its next attempt, or null when the retry window is over. */
export function nextWebhookAttemptAt(input: {
  eventAt: Date;
  now: Date;
  failedAttempts: number;
}): Date | null {
  const next = new Date(input.now.getTime() + webhookBackoffMs(input.failedAttempts));
  return next.getTime() - input.eventAt.getTime() > WEBHOOK_RETRY_WINDOW_MS ? null : next;
}

/** Whether an endpoint failing since `failingSince` is to be disabled now. */
export function isWebhookEndpointDueToDisable(failingSince: Date | null, now: Date): boolean {
  return (
    failingSince !== null && now.getTime() - failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_MS
  );
}

/** A rotated key keeps working this long beside its successor. */
export const PARTNER_KEY_ROTATION_OVERLAP_MS = 24 * HOUR_MS;
/** Calls one partner API key may make per minute. */
export const PARTNER_API_CALLS_PER_MINUTE = 120;

/** The scopes a partner API key may carry. */
export const PARTNER_API_SCOPES = ['applications:read', 'loans:read', 'events:read'] as const;
export type TPartnerApiScope = (typeof PARTNER_API_SCOPES)[number];
