import { z } from 'zod';
import { defineJob } from '../job-definition.js';

/** Completes a signed refinancing: the new loan becomes active, the estate payoff is recorded. */
export const refiCompleteJob = defineJob({
  kind: 'refi.complete',
  movesMoneyOrOwnership: 'A refinanced loan becomes active and the old lender’s payoff is recorded',
  payload: z.object({ appUuid: z.uuid() }),
  maxAttempts: 5,
});

/**
 * Sweeps refinancings: watches top-up deposits, cancels those not completed within the 14 days,
 * and completes any signed one whose completion job was lost.
 */
export const refiSweepJob = defineJob({
  kind: 'refi.sweep',
  movesMoneyOrOwnership:
    'Refinancing top-ups are taken into custody and ended refinancings are closed',
  payload: z.object({}),
  maxAttempts: 2,
  singleton: true,
});

/** Every minute (UTC cron). */
export const REFI_SWEEP_CRON = '* * * * *';
