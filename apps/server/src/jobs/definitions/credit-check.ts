import { z } from 'zod';
import { defineJob } from '../job-definition.js';

/**
 * Takes submitted loan details to a credit decision: ATTACH_PROFILE → SOFT_CREDIT → (bureau) →
 * GEN_APP_DISCLOSURES → SIGN_DOCS, or a credit outcome state. Retried while the bureau is down.
 */
export const creditCheckJob = defineJob({
  kind: 'application.credit-check',
  payload: z.object({ appUuid: z.uuid() }),
  maxAttempts: 10,
});

/** One credit check job per application. */
export function creditCheckDedupeKey(appUuid: string): string {
  return `${creditCheckJob.kind}:${appUuid}`;
}

/**
 * One credit check job per credit retry. A retry moves the application to a new version, so the
 * version after the retry names it: a double click finds the first retry's version and job.
 */
export function creditRetryDedupeKey(appUuid: string, versionAfterRetry: number): string {
  return `${creditCheckJob.kind}:${appUuid}:retry:${versionAfterRetry}`;
}
