/** The header a money-moving call carries: the same key answers the same effect, however often sent. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** A fresh key for one confirmation of one action. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export function idempotencyHeaders(key: string): Record<string, string> {
  return { [IDEMPOTENCY_KEY_HEADER]: key };
}
