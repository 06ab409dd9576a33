/**
 * An address's identity is made once, whichever unique index a concurrent writer meets it on. The
 * address has two (the clear column and its digest); the upserts arbitrate the clear column, as the
 * previous release writes it alone. A row whose clear column holds something else (the decoy the
 * next release writes) or a row committed while the insert waits on the digest's index must count
 * as the address taken: two instances seeding the sandbox's accounts as they start side by side
 * met on the digest's index, and one failed to start.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { createPasswordIdentity } from '../../src/services/identity/create-password-identity.js';
import { findOrCreateIdentity } from '../../src/services/identity/find-or-create-identity.js';
import { identityEmailValues } from '../../src/services/identity/identity-email.js';
import { TEST_ENCRYPTION_KEY } from '../helpers/app.js';
import { useTestDatabase } from '../helpers/db.js';

const cipher = createFieldCipher(TEST_ENCRYPTION_KEY);

describe('an identity whose address another writer holds on the digest alone', () => {
  const database = useTestDatabase();

  /** A row of `email` whose clear column holds a decoy, as a statement and its values. */
  function decoyRow(email: string) {
    const uuid = randomUUID();
    const values = identityEmailValues(cipher, uuid, email);
    return {
      uuid,
      text: `INSERT INTO identities (uuid, email, email_sealed, email_digest, organization_code)
        VALUES ($1::uuid, $2, $3, $4, 'default')`,
      params: [uuid, `decoy-${uuid}@example.invalid`, values.emailSealed, values.emailDigest],
    };
  }

  async function rowsOf(email: string): Promise<number> {
    const digest = identityEmailValues(cipher, randomUUID(), email).emailDigest;
    const result = await database.db.execute<{ count: string }>(
      sql`SELECT count(*)::text AS count FROM identities WHERE email_digest = ${digest}`,
    );
    return Number(result.rows[0]?.count);
  }

  it('a password identity finds the address taken, and writes nothing', async () => {
    const email = `seed-${randomUUID()}@example.com`;
    const row = decoyRow(email);
    await database.pool.query(row.text, row.params);
    const made = await createPasswordIdentity(
      { db: database.db, cipher },
      { email, password: 'pass_good_1', orgCode: 'default' },
    );
    expect(made).toBeNull();
    expect(await rowsOf(email)).toBe(1);
  });

  it('a first sign-in answers the row committed while it waited', async () => {
    const email = `first-${randomUUID()}@example.com`;
    const other = await database.pool.connect();
    try {
      await other.query('BEGIN');
      const row = decoyRow(email);
      await other.query(row.text, row.params);
      // Not committed yet: the sign-in's look-up misses it, and its insert waits on the digest.
      const signingIn = findOrCreateIdentity({ db: database.db, cipher }, { email, orgCode: 'x' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await other.query('COMMIT');
      expect((await signingIn).uuid).toBe(row.uuid);
      expect(await rowsOf(email)).toBe(1);
    } finally {
      other.release();
    }
  });
});
