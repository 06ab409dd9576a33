import { sql } from 'drizzle-orm';
import type { TPostLoginQuery } from '@pledge/contract';
import type { TSignInAudience } from '@pledge/domain';
import { signInRequests } from '../../db/schema/index.js';
import type { TIdentityDeps, TRequestOrigin } from './deps.js';
import { hostedSignInPath, returnPathFor } from './sign-in-paths.js';
import { SIGN_IN_RATE_LIMITS, SIGN_IN_REQUEST_TTL_MS } from './sign-in-limits.js';
import { pruneExpired } from './prune-expired.js';

/**
 * Begins a broker sign-in: remembers where to return for this nonce and answers the hosted
 * sign-in page to redirect to (303).
 */
export async function beginSignIn(
  deps: Pick<TIdentityDeps, 'db' | 'limiter' | 'clock'>,
  input: { audience: TSignInAudience; query: TPostLoginQuery; origin: TRequestOrigin },
): Promise<string> {
  const { db, limiter, clock } = deps;
  const { audience, query } = input;
  await limiter.consume([{ rule: SIGN_IN_RATE_LIMITS.brokerLoginPerIp, subject: input.origin.ip }]);
  const now = clock();
  const redirectUrl = returnPathFor(audience, query.redirectUrl);
  await db.transaction(async (tx) => {
    await tx
      .insert(signInRequests)
      .values({
        audience,
        nonce: query.nonce,
        redirectUrl,
        telemetryTrackingId: query.telemetryTrackingId ?? null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SIGN_IN_REQUEST_TTL_MS),
      })
      .onConflictDoUpdate({
        target: [signInRequests.audience, signInRequests.nonce],
        set: {
          redirectUrl: sql`excluded.redirect_url`,
          telemetryTrackingId: sql`excluded.telemetry_tracking_id`,
          createdAt: sql`excluded.created_at`,
          expiresAt: sql`excluded.expires_at`,
        },
      });
    await pruneExpired(
      tx,
      { table: signInRequests, key: sql`ctid`, expiresAt: signInRequests.expiresAt },
      now,
    );
  });
  return hostedSignInPath(audience, { redirectUrl, nonce: query.nonce });
}
