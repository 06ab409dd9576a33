import { z } from 'zod';
import { defineJob } from '../job-definition.js';

/** Cancels applications still WAITING_FOR_COLLATERAL past the collateral deadline (a sweep). */
export const cancelUnfundedJob = defineJob({
  kind: 'collateral.cancel-unfunded',
  payload: z.object({}),
  maxAttempts: 3,
});

/** How often the sweep runs: the deadline is days long, so minutes of lateness do not matter. */
export const CANCEL_UNFUNDED_EVERY_MS = 5 * 60_000;
