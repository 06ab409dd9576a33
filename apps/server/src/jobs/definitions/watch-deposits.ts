import { z } from 'zod';
import { defineJob } from '../job-definition.js';

/**
 * Polls the chain for deposit addresses of applications WAITING_FOR_COLLATERAL: one application
 * when the payload names it, every watched one otherwise (the periodic sweep).
 */
export const watchDepositsJob = defineJob({
  kind: 'collateral.watch-deposits',
  movesMoneyOrOwnership: 'Coins deposited are taken into custody and fund loans',
  payload: z.object({ appUuid: z.uuid().optional() }),
  // A sweep that fails is replaced by the next one; one retry covers a passing hiccup.
  maxAttempts: 2,
});

/** How often every watched address is polled. */
export const WATCH_DEPOSITS_EVERY_MS = 30_000;
