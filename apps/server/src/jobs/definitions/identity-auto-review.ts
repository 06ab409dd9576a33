import { z } from 'zod';
import { defineJob } from '../job-definition.js';

/**
 * Sandbox only (SANDBOX_AUTO_REVIEW): approves an uploaded ID a short while after the upload, the
 * way an agent would, so that the flow can be walked through without an agent.
 */
export const identityAutoReviewJob = defineJob({
  kind: 'identity-document.sandbox-auto-review',
  payload: z.object({ documentUuid: z.uuid() }),
  maxAttempts: 5,
  sandboxOnly: true,
});

export function identityAutoReviewDedupeKey(documentUuid: string): string {
  return `${identityAutoReviewJob.kind}:${documentUuid}`;
}
