import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TPostIdentityStepUpResponse } from '@pledge/contract';
import { brandFor } from '../../brands/brands.js';
import { stepUpCodes } from '../../db/schema/index.js';
import { digestOtpCode, generateOtpCode } from '../../security/otp.js';
import { queueEmail } from '../email/queue-email.js';
import type { TIdentityDeps } from './deps.js';
import { openIdentityEmail } from './identity-email.js';
import { replaceOpenCode } from './replace-open-code.js';
import { SIGN_IN_RATE_LIMITS, STEP_UP_CODE_TTL_MS } from './sign-in-limits.js';
import { stepUpCodeMessage } from './step-up-code-message.js';
import { lockStepUpIdentity, stepUpMethodOf } from './step-up.js';

/**
 * Begins the step-up before a change of sign-in address: answers which proof the account gives
 * and, when that is an e-mailed code, sends a new one to the CURRENT address (replacing any
 * earlier one), queued in the transaction that stores it.
 */
export async function beginStepUp(
  deps: Pick<TIdentityDeps, 'db' | 'cipher' | 'limiter' | 'clock' | 'sandbox'>,
  input: { identityUuid: string },
): Promise<TPostIdentityStepUpResponse> {
  const { db, cipher, limiter, clock } = deps;
  const { identityUuid } = input;
  const now = clock();
  return db.transaction(async (tx) => {
    const identity = await lockStepUpIdentity(tx, identityUuid);
    const method = stepUpMethodOf(identity);
    if (method !== 'email-code') return { method };

    await limiter.consume(
      [{ rule: SIGN_IN_RATE_LIMITS.stepUpCodePerIdentity, subject: identityUuid }],
      tx,
    );
    const id = randomUUID();
    const code = generateOtpCode();
    const codeExpiresAt = await replaceOpenCode(
      tx,
      {
        table: stepUpCodes,
        replaced: eq(stepUpCodes.identityUuid, identityUuid),
        now,
        lifetimeMs: STEP_UP_CODE_TTL_MS,
      },
      (expiresAt) =>
        tx.insert(stepUpCodes).values({
          id,
          identityUuid,
          codeDigest: digestOtpCode(cipher, id, code),
          createdAt: now,
          expiresAt,
        }),
    );
    const brand = brandFor(identity.organizationCode, deps.sandbox);
    // The outbox has no kind of its own for this code; it is a code to the sign-in address.
    await queueEmail(
      tx,
      deps,
      'sign-in-code',
      stepUpCodeMessage({ to: openIdentityEmail(cipher, identity.uuid, identity), code, brand }),
      { codeExpiresAt },
    );
    return { method };
  });
}
