import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { identities } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { digestEmail } from './email-address.js';
import { identityEmailValues } from './identity-email.js';

/**
 * The identity of an address, created on its first sign-in with the brand it signed in through.
 * A later sign-in through another brand keeps the first organisation.
 */
export async function findOrCreateIdentity(
  deps: { db: TDb; cipher: TFieldCipher },
  input: { email: string; orgCode: string },
): Promise<{ uuid: string }> {
  const { db, cipher } = deps;
  // Found by its digest first: a returning address costs no write and never reads the clear
  // column (a row not sealed yet is sealed by the upsert below).
  const [found] = await db
    .select({ uuid: identities.uuid })
    .from(identities)
    .where(eq(identities.emailDigest, digestEmail(cipher, input.email)));
  if (found !== undefined) return found;
  const uuid = randomUUID();
  const values = identityEmailValues(cipher, uuid, input.email);
  // The clear column stays the conflict target while the previous release writes it alone.
  const [row] = await db
    .insert(identities)
    .values({ uuid, ...values, organizationCode: input.orgCode })
    // A no-op update, so that RETURNING answers the existing row too.
    .onConflictDoUpdate({ target: identities.email, set: { email: sql`excluded.email` } })
    .returning({ uuid: identities.uuid, emailSealed: identities.emailSealed })
    .catch(async (error: unknown) => {
      // The same address's first sign-in on another instance at the same moment can meet this
      // one on the digest's unique index, which the upsert does not arbitrate: its row is the one.
      if (!isUniqueViolation(error)) throw error;
      return db
        .select({ uuid: identities.uuid, emailSealed: identities.emailSealed })
        .from(identities)
        .where(eq(identities.emailDigest, digestEmail(cipher, input.email)));
    });
  if (row === undefined) throw new Error('The identity upsert returned no row');
  if (row.emailSealed === null) {
    // A row the previous release wrote: sealed now, bound to its own uuid, rather than at the next boot.
    await db
      .update(identities)
      .set(identityEmailValues(cipher, row.uuid, values.email))
      .where(
        and(
          eq(identities.uuid, row.uuid),
          eq(identities.email, values.email),
          isNull(identities.emailSealed),
        ),
      );
  }
  return { uuid: row.uuid };
}
