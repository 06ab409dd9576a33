import { z } from 'zod';
import { defineJob } from '../job-definition.js';

/**
 * Probes every outside dependency (SMTP, the credit bureau, the chain nodes, the price venues,
 * Plaid) and stores each one's outcome for the report and the metrics. One run per tick across
 * every instance (the schedule's tick is enqueued once); never two at a time.
 */
export const dependencyProbesJob = defineJob({
  kind: 'health.probe-dependencies',
  payload: z.object({}),
  // The next minute's run replaces a failed one.
  maxAttempts: 1,
  singleton: true,
});

/** Every minute (UTC cron): a dependency down for five minutes is seen within six. */
export const DEPENDENCY_PROBES_CRON = '* * * * *';
