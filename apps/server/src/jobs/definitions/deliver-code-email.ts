import { z } from 'zod';
import {
  EMAIL_CHANGE_CODE_TTL_MS,
  OTP_CODE_TTL_MS,
  STEP_UP_CODE_TTL_MS,
} from '../../services/identity/sign-in-limits.js';
import { defineJob } from '../job-definition.js';

/** The first retry of a code's e-mail comes this soon; each next one waits twice as long… */
export const CODE_EMAIL_FIRST_RETRY_MS = 1_000;
/** …but never longer than this, so a code is sent within seconds of the mail server's return. */
export const CODE_EMAIL_MAX_RETRY_MS = 10_000;

/** The wait before the next try of a code's e-mail after `failedAttempts` failed ones. */
export function codeEmailRetryDelayMs(failedAttempts: number): number {
  const doublings = Math.min(Math.max(failedAttempts - 1, 0), 20);
  return Math.min(CODE_EMAIL_FIRST_RETRY_MS * 2 ** doublings, CODE_EMAIL_MAX_RETRY_MS);
}

/** Attempts whose waits add up to the life of a code: a later attempt could only send a dead one. */
export function attemptsWithinMs(lifeMs: number): number {
  let attempts = 1;
  let waitedMs = 0;
  while (waitedMs + codeEmailRetryDelayMs(attempts) <= lifeMs) {
    waitedMs += codeEmailRetryDelayMs(attempts);
    attempts += 1;
  }
  return attempts;
}

/** The longest life of an e-mailed code: sign-in, step-up, change of address. */
export const LONGEST_CODE_TTL_MS = Math.max(
  OTP_CODE_TTL_MS,
  STEP_UP_CODE_TTL_MS,
  EMAIL_CHANGE_CODE_TTL_MS,
);

/**
 * Hands an e-mail that carries a one-time code to the mail port. Unlike other mail, it is retried
 * within seconds (codeEmailRetryDelayMs: 1 s, 2 s, 4 s, 8 s, then every 10 s) for as long as the
 * code lives, and not at all once the code has expired (`expiresAt`, on the deployment's clock): a
 * dead code is not delivered. The key is the outbox message's, as for other mail.
 */
export const deliverCodeEmailJob = defineJob({
  kind: 'email.deliver-code',
  payload: z.object({ outboxId: z.uuid(), expiresAt: z.iso.datetime({ offset: true }) }),
  maxAttempts: attemptsWithinMs(LONGEST_CODE_TTL_MS),
  retryDelayMs: codeEmailRetryDelayMs,
});
