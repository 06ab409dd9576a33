/**
 * The signature of a partner webhook, in Stripe's shape: the header
 * `Pledge-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. A receiver
 * recomputes it over the raw body and refuses a timestamp far from its own time (replays).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_SIGNATURE_TOLERANCE_S } from '@pledge/domain';

export const WEBHOOK_SIGNATURE_HEADER = 'pledge-signature';
export const WEBHOOK_EVENT_ID_HEADER = 'pledge-event-id';
export const WEBHOOK_EVENT_TYPE_HEADER = 'pledge-event-type';
export const WEBHOOK_IDEMPOTENCY_HEADER = 'idempotency-key';

/** A new endpoint's signing secret: 32 random bytes, `whsec_` and base64url. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

function digest(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signWebhook(secret: string, body: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  return `t=${timestamp},v1=${digest(secret, timestamp, body)}`;
}

/** Whether a signature header is the secret's over this body, with a timestamp near `now`. */
export function verifyWebhookSignature(
  secret: string,
  body: string,
  header: string,
  now: Date,
  toleranceS: number = WEBHOOK_SIGNATURE_TOLERANCE_S,
): boolean {
  const parts = new Map<string, string[]>();
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2);
    if (key === undefined || value === undefined) continue;
    parts.set(key.trim(), [...(parts.get(key.trim()) ?? []), value.trim()]);
  }
  const timestamp = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(timestamp)) return false;
  if (Math.abs(Math.floor(now.getTime() / 1000) - timestamp) > toleranceS) return false;
  const expected = Buffer.from(digest(secret, timestamp, body), 'hex');
  return (parts.get('v1') ?? []).some((candidate) => {
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
