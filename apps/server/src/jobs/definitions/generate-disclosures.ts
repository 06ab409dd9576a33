import { z } from 'zod';
import { defineJob } from '../job-definition.js';

/**
 * Renders and stores the disclosure PDFs of an application at GEN_APP_DISCLOSURES, then moves it to
 * SIGN_DOCS. Retried while storage is unavailable.
 */
export const generateDisclosuresJob = defineJob({
  kind: 'application.generate-disclosures',
  payload: z.object({ appUuid: z.uuid() }),
  maxAttempts: 10,
});

/** One generation job per application. */
export function generateDisclosuresDedupeKey(appUuid: string): string {
  return `${generateDisclosuresJob.kind}:${appUuid}`;
}
