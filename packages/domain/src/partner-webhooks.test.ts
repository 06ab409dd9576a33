import { describe, expect, it } from 'vitest';
import {
  isWebhookEndpointDueToDisable,
  nextWebhookAttemptAt,
  WEBHOOK_RETRY_WINDOW_MS,
  webhookBackoffMs,
} from './partner-webhooks.js';

describe('webhookBackoffMs', () => {
  it.each([
    [1, 30_000],
    [2, 60_000],
    [3, 120_000],
    [7, 1_920_000],
    [8, 3_600_000],
    [500, 3_600_000],
  ])('after %i failed attempts waits %i ms', (attempts, ms) => {
    expect(webhookBackoffMs(attempts)).toBe(ms);
  });

  it('retries for three days and no longer', () => {
    const eventAt = new Date('2026-01-01T00:00:00Z');
    let now = eventAt;
    let attempts = 0;
    for (;;) {
      attempts += 1;
      const next = nextWebhookAttemptAt({ eventAt, now, failedAttempts: attempts });
      if (next === null) break;
      now = next;
    }
    const lastTry = now.getTime() - eventAt.getTime();
    expect(lastTry).toBeLessThanOrEqual(WEBHOOK_RETRY_WINDOW_MS);
    expect(lastTry).toBeGreaterThan(WEBHOOK_RETRY_WINDOW_MS - 3_600_000);
    // 30 s doubling to an hour: 8 attempts reach the hourly cap, then one an hour.
    expect(attempts).toBeGreaterThan(70);
  });
});

describe('isWebhookEndpointDueToDisable', () => {
  const since = new Date('2026-01-01T00:00:00Z');
  it.each([
    [null, '2026-01-05T00:00:00Z', false],
    [since, '2026-01-01T23:59:59Z', false],
    [since, '2026-01-02T00:00:00Z', true],
  ])('failing since %s, at %s: %s', (failingSince, now, expected) => {
    expect(isWebhookEndpointDueToDisable(failingSince, new Date(now))).toBe(expected);
  });
});
