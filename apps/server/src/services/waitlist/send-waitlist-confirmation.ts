import { US_STATES } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import { brandFor } from '../../brands/brands.js';
import type { TDb } from '../../db/pool.js';
import { waitlist } from '../../db/schema/index.js';
import { PermanentJobError } from '../../jobs/job-definition.js';
import { queueEmail } from '../email/queue-email.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { waitlistConfirmationMessage } from './waitlist-message.js';
import { openWaitlistEmail } from './waitlist-record.js';

export interface TWaitlistConfirmationDeps {
  db: TDb;
  cipher: TFieldCipher;
  sandbox: boolean;
}

/**
 * Queues the confirmation e-mail of one sign-up, in the name of the brand it came through; the
 * e-mail job delivers it, with its own retries.
 */
export async function sendWaitlistConfirmation(
  deps: TWaitlistConfirmationDeps,
  waitlistId: string,
): Promise<void> {
  const [signUp] = await deps.db.select().from(waitlist).where(eq(waitlist.id, waitlistId));
  if (signUp === undefined) throw new PermanentJobError(`Waitlist sign-up ${waitlistId} is gone`);
  const stateName =
    US_STATES.find((state) => state.code === signUp.stateCode)?.name ?? signUp.stateCode;
  const message = waitlistConfirmationMessage({
    to: openWaitlistEmail(deps.cipher, signUp.emailSealed, signUp.stateCode),
    stateName,
    brand: brandFor(signUp.organization, deps.sandbox),
  });
  await deps.db.transaction((tx) => queueEmail(tx, deps, 'waitlist-confirmation', message));
}
