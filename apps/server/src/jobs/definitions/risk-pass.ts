import { z } from 'zod';
import { defineJob, SWEEP_PRIORITY } from '../job-definition.js';

/**
 * The collateral risk pass: every open loan's LTV at the latest accepted price, moved through its
 * warning, courtesy, margin-call and liquidation levels. One at a time across every instance; queued
 * every minute, after a new price, a deposit to a funded loan, a settled payment and a clock move.
 */
export const riskPassJob = defineJob({
  kind: 'risk.pass',
  movesMoneyOrOwnership: 'Margin calls and liquidations of collateral',
  payload: z.object({}),
  // The next minute's pass replaces a failed one.
  maxAttempts: 2,
  singleton: true,
  priority: SWEEP_PRIORITY,
});

/** Every minute (UTC cron). */
export const RISK_PASS_CRON = '* * * * *';

/** Outside the sandbox: a market price stored every minute for each coin, then the pass. */
export const pricePollJob = defineJob({
  kind: 'risk.price-poll',
  payload: z.object({}),
  maxAttempts: 1,
  singleton: true,
});

export const PRICE_POLL_CRON = '* * * * *';

/** The dedupe key of a pass queued by a change (one per change, never reused). */
export function riskPassKey(reason: string): string {
  return `risk-pass:${reason}`;
}
