import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZIsoDateTime } from '../wire.js';

/** One move of the sandbox clock goes at most a year ahead. */
export const SANDBOX_CLOCK_MAX_ADVANCE_HOURS = 24 * 366;

export const ZPostSandboxClockBody = z.object({
  advanceHours: z.number('Give the hours to move the clock forward').check(
    z.refine((hours) => Number.isFinite(hours) && hours > 0, 'Must be greater than 0'),
    z.refine(
      (hours) => hours <= SANDBOX_CLOCK_MAX_ADVANCE_HOURS,
      `Must be at most ${SANDBOX_CLOCK_MAX_ADVANCE_HOURS}`,
    ),
  ),
});
export type TPostSandboxClockBody = z.infer<typeof ZPostSandboxClockBody>;

/** The deployment's time as the sandbox clock has it. */
export const ZSandboxClockResponse = z.object({ now: ZIsoDateTime });
export type TSandboxClockResponse = z.infer<typeof ZSandboxClockResponse>;

export const postSandboxClock = defineEndpoint({
  method: 'POST',
  path: '/sandbox/clock',
  auth: 'none',
  summary:
    'Sandbox only: move the clock of the whole deployment forward (never back); answers the new time',
  body: ZPostSandboxClockBody,
  response: ZSandboxClockResponse,
});
