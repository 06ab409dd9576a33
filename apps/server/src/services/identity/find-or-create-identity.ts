import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { identities } from '../../db/schema/index.js';
import { normalizeEmail } from './email-address.js';

/**
 * The identity of an address, created on its first sign-in with the brand it signed in through.
 * A later sign-in through another brand keeps the first organisation.
 */
export async function findOrCreateIdentity(
  db: TDb,
  input: { email: string; orgCode: string },
): Promise<{ uuid: string }> {
  const [row] = await db
    .insert(identities)
    .values({ email: normalizeEmail(input.email), organizationCode: input.orgCode })
    // A no-op update, so that RETURNING answers the existing row too.
    .onConflictDoUpdate({ target: identities.email, set: { email: sql`excluded.email` } })
    .returning({ uuid: identities.uuid });
  if (row === undefined) throw new Error('The identity upsert returned no row');
  return row;
}
