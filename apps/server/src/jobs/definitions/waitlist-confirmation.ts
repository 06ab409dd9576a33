import { z } from 'zod';
import { defineJob } from '../job-definition.js';

/** E-mails the confirmation of a waitlist sign-up, in the name of the brand it was made through. */
export const waitlistConfirmationJob = defineJob({
  kind: 'waitlist.confirmation',
  payload: z.object({ waitlistId: z.uuid() }),
  maxAttempts: 5,
});

export function waitlistConfirmationDedupeKey(waitlistId: string): string {
  return `${waitlistConfirmationJob.kind}:${waitlistId}`;
}
