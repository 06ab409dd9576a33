import { US_STATES } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import type { TEmailPort } from '../../adapters/email/port.js';
import { brandFor } from '../../brands/brands.js';
import type { TDb } from '../../db/pool.js';
import { waitlist } from '../../db/schema/index.js';
import { PermanentJobError } from '../../jobs/job-definition.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { waitlistConfirmationMessage } from './waitlist-message.js';
import { openWaitlistEmail } from './waitlist-record.js';

export interface TWaitlistConfirmationDeps {
  db: TDb;
  cipher: TFieldCipher;
  email: TEmailPort;
  sandbox: boolean;
}

/** E-mails the confirmation of one sign-up, in the name of the brand it came through. */
export async function sendWaitlistConfirmation(
  deps: TWaitlistConfirmationDeps,
  waitlistId: string,
): Promise<void> {
  const [signUp] = await deps.db.select().from(waitlist).where(eq(waitlist.id, waitlistId));
  if (signUp === undefined) throw new PermanentJobError(`Waitlist sign-up ${waitlistId} is gone`);
  const stateName =
    US_STATES.find((state) => state.code === signUp.stateCode)?.name ?? signUp.stateCode;
  const delivery = await deps.email.send(
    waitlistConfirmationMessage({
      to: openWaitlistEmail(deps.cipher, signUp.emailSealed, signUp.stateCode),
      stateName,
      brand: brandFor(signUp.organization, deps.sandbox),
    }),
  );
  // A failed SMTP delivery is recorded in the outbox; retrying the job sends it again.
  if (delivery.status === 'failed') {
    throw new Error(`The waitlist confirmation ${delivery.id} could not be delivered`);
  }
}
