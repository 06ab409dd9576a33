import { z } from 'zod';
import { defineJob, SWEEP_PRIORITY } from '../job-definition.js';

/**
 * The servicing sweep (accrual, statements, autopay, maturity) for the day of the deployment's
 * clock; idempotent per day and cycle. One at a time across every instance.
 */
export const servicingSweepJob = defineJob({
  kind: 'servicing-sweep',
  movesMoneyOrOwnership: 'Autopay debits, interest and fees',
  payload: z.object({}),
  maxAttempts: 3,
  singleton: true,
  priority: SWEEP_PRIORITY,
});

/** Every hour at minute 7: a day's work is done in its first run, later ones find nothing. */
export const SERVICING_SWEEP_CRON = '7 * * * *';

/** ACH settlement: asks the bank about pending debits. */
export const servicingAchSettlementJob = defineJob({
  kind: 'servicing-ach-settlement',
  movesMoneyOrOwnership: 'ACH debits are posted or returned',
  payload: z.object({}),
  maxAttempts: 3,
  singleton: true,
  priority: SWEEP_PRIORITY,
});

/** Every 15 minutes. */
export const SERVICING_ACH_SETTLEMENT_CRON = '*/15 * * * *';
