/**
 * 'Join Waitlist' for a state where loans are not offered yet. One sign-up per address and state:
 * joining again answers the same and sends nothing more. The confirmation e-mail is a job enqueued
 * with the sign-up, so an acknowledged sign-up always gets it, even across a crash.
 */
import type { TPostWaitlistBody, TPostWaitlistResponse } from '@pledge/contract';
import { isServiced, isUsStateCode, RESIDENCE_MESSAGES } from '@pledge/domain';
import type { TDb } from '../../db/pool.js';
import { waitlist } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import {
  waitlistConfirmationDedupeKey,
  waitlistConfirmationJob,
} from '../../jobs/definitions/waitlist-confirmation.js';
import { enqueue } from '../../jobs/enqueue.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import type { TRateLimiter, TRateLimitRule } from '../../security/rate-limit.js';
import { normalizeEmail } from '../identity/email-address.js';
import { sealWaitlistEmail } from './waitlist-record.js';

/** Sign-ups one IP may make in 15 minutes, across every app instance. */
export const WAITLIST_RATE_LIMIT: TRateLimitRule = {
  name: 'waitlist:ip',
  max: 10,
  windowMs: 15 * 60_000,
};

export const WAITLIST_MESSAGES = {
  alreadyServiced: 'Loans are already offered in this state',
} as const;

export interface TJoinWaitlistDeps {
  db: TDb;
  cipher: TFieldCipher;
  limiter: TRateLimiter;
}

export async function joinWaitlist(
  deps: TJoinWaitlistDeps,
  input: { body: TPostWaitlistBody; orgCode: string; ip: string },
): Promise<TPostWaitlistResponse> {
  await deps.limiter.consume([{ rule: WAITLIST_RATE_LIMIT, subject: input.ip }]);
  const stateCode = input.body.state;
  if (!isUsStateCode(stateCode)) {
    const message = RESIDENCE_MESSAGES.unknownState;
    throw new HttpError(400, 'VALIDATION_ERROR', message, { state: [message] });
  }
  if (isServiced({ kind: 'state', state: stateCode })) {
    const message = WAITLIST_MESSAGES.alreadyServiced;
    throw new HttpError(400, 'VALIDATION_ERROR', message, { state: [message] });
  }

  const email = normalizeEmail(input.body.email);
  await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(waitlist)
      .values({
        ...sealWaitlistEmail(deps.cipher, email, stateCode),
        stateCode,
        organization: input.orgCode,
      })
      .onConflictDoNothing({ target: [waitlist.emailBlindIndex, waitlist.stateCode] })
      .returning({ id: waitlist.id });
    if (created !== undefined) {
      await enqueue(
        tx,
        waitlistConfirmationJob,
        { waitlistId: created.id },
        { dedupeKey: waitlistConfirmationDedupeKey(created.id) },
      );
    }
  });
  return { email, state: stateCode };
}
