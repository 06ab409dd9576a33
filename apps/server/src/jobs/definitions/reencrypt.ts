import { z } from 'zod';
import { defineJob } from '../job-definition.js';

/**
 * Rewrites every sealed value and file to the newest encryption key (security/keys/reencrypt.ts).
 * Enqueued at boot while ENCRYPTION_KEYS lists more than one key, once per newest key.
 */
export const reencryptJob = defineJob({
  kind: 'security.reencrypt',
  payload: z.object({ keyId: z.string().regex(/^[0-9a-f]{16}$/) }),
  // It resumes where it stopped (values under the newest key are skipped).
  maxAttempts: 10,
  singleton: true,
});

export function reencryptDedupeKey(keyId: string): string {
  return `${reencryptJob.kind}:${keyId}`;
}
