/**
 * An identity's sign-in address at rest: `email_sealed` (the field cipher, bound to the identity's
 * uuid) to show or mail it, `email_digest` (digestEmail's keyed digest of the normalised address)
 * to find an identity by it. Every read of an identity's address goes through here.
 *
 * Expand phase: every write still sets the clear column too, for the previous release running
 * beside this one, and a row that release wrote (or whose address it changed) has no sealed copy
 * until the boot step (sealUnsealedEmails) seals it. For such a row alone these readers fall back
 * to the clear column; the fallback goes away with the clear column next release.
 */
import { and, eq, getTableColumns, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { identities } from '../../db/schema/index.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { digestEmail, normalizeEmail } from './email-address.js';

export function identityEmailContext(identityUuid: string): string {
  return `identities.email:${identityUuid}`;
}

/** The address columns of an identity, written together in the same statement. */
export function identityEmailValues(
  cipher: TFieldCipher,
  identityUuid: string,
  email: string,
): { email: string; emailSealed: string; emailDigest: string } {
  const normalized = normalizeEmail(email);
  return {
    email: normalized,
    emailSealed: cipher.encryptText(normalized, identityEmailContext(identityUuid)),
    emailDigest: digestEmail(cipher, normalized),
  };
}

/** Whether an identity's address is this one (exact, after normalising): by its digest. */
export function hasEmail(cipher: Pick<TFieldCipher, 'blindIndex'>, email: string): SQL {
  return or(
    eq(identities.emailDigest, digestEmail(cipher, email)),
    // Fallback for a row not sealed yet (see above).
    and(isNull(identities.emailDigest), eq(identities.email, normalizeEmail(email))),
  ) as SQL;
}

/**
 * What a query selects to read an identity's address (openIdentityEmail opens it): the sealed
 * copy, and the clear column only for a row not sealed yet (see above).
 */
export const identityEmailColumns = {
  emailSealed: identities.emailSealed,
  emailUnsealed: sql<
    string | null
  >`CASE WHEN ${identities.emailSealed} IS NULL THEN ${identities.email} END`,
};

const {
  email: _clearEmail,
  emailSealed: _emailSealed,
  emailDigest: _emailDigest,
  ...otherIdentityColumns
} = getTableColumns(identities);

/** Every column of an identity, its address as identityEmailColumns reads it. */
export const identityRowColumns = { ...otherIdentityColumns, ...identityEmailColumns };

/** An identity's address as identityEmailColumns reads it, before openIdentityEmail opens it. */
export interface TIdentityEmailRow {
  emailSealed: string | null;
  emailUnsealed: string | null;
}

export function openIdentityEmail(
  cipher: TFieldCipher,
  identityUuid: string,
  row: TIdentityEmailRow,
): string {
  if (row.emailSealed !== null) {
    return cipher.decryptText(row.emailSealed, identityEmailContext(identityUuid));
  }
  if (row.emailUnsealed === null) throw new Error('The identity has no address');
  return row.emailUnsealed;
}

/** The identity uuid of an address, if any (optionally other than one identity). */
export async function identityByEmail(
  tx: TDb,
  cipher: Pick<TFieldCipher, 'blindIndex'>,
  email: string,
  options: { except?: string } = {},
): Promise<{ uuid: string } | undefined> {
  const [row] = await tx
    .select({ uuid: identities.uuid })
    .from(identities)
    .where(
      options.except === undefined
        ? hasEmail(cipher, email)
        : and(hasEmail(cipher, email), sql`${identities.uuid} <> ${options.except}`),
    )
    .limit(1);
  return row;
}

/** The address of an identity, or undefined when there is no such identity. */
export async function emailOf(
  tx: TDb,
  cipher: TFieldCipher,
  identityUuid: string,
): Promise<string | undefined> {
  const [row] = await tx
    .select(identityEmailColumns)
    .from(identities)
    .where(eq(identities.uuid, identityUuid))
    .limit(1);
  return row === undefined ? undefined : openIdentityEmail(cipher, identityUuid, row);
}

/** The addresses of several identities, by uuid (an unknown uuid is left out). */
export async function emailsOf(
  tx: TDb,
  cipher: TFieldCipher,
  identityUuids: readonly string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(identityUuids)];
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select({ uuid: identities.uuid, ...identityEmailColumns })
    .from(identities)
    .where(inArray(identities.uuid, unique));
  return new Map(rows.map((row) => [row.uuid, openIdentityEmail(cipher, row.uuid, row)]));
}

export const SEAL_EMAILS_BATCH_SIZE = 500;

/**
 * Boot step of the expand phase: seals the address of every identity that has none sealed (rows
 * the previous release wrote), a batch per statement, each row only if its address is still what
 * was read and still unsealed, so instances booting together and a re-run change nothing twice.
 * Answers how many rows it sealed.
 */
export async function sealUnsealedEmails(
  db: TDb,
  cipher: TFieldCipher,
  batchSize = SEAL_EMAILS_BATCH_SIZE,
): Promise<number> {
  let sealed = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await db
      .select({ uuid: identities.uuid, email: identities.email })
      .from(identities)
      .where(and(isNull(identities.emailSealed), sql`${identities.uuid} > ${after}`))
      .orderBy(identities.uuid)
      .limit(batchSize);
    const last = rows[rows.length - 1];
    if (last === undefined) return sealed;
    after = last.uuid;
    const values = rows.map((row) => {
      const sealedValues = identityEmailValues(cipher, row.uuid, row.email);
      return {
        uuid: row.uuid,
        read: row.email,
        sealed: sealedValues.emailSealed,
        digest: sealedValues.emailDigest,
      };
    });
    const updated = await db.execute(sql`
      UPDATE ${identities} SET email_sealed = v.sealed, email_digest = v.digest
      FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
        AS v(uuid uuid, read text, sealed text, digest text)
      WHERE ${identities.uuid} = v.uuid AND ${identities.email} = v.read
        AND ${identities.emailSealed} IS NULL`);
    sealed += updated.rowCount ?? 0;
    if (rows.length < batchSize) return sealed;
  }
}
