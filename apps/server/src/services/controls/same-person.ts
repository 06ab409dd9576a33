/**
 * "The same person" for the controls on money (DESIGN §6): not the same string but the same
 * identity, the same mailbox (case, plus-tags, a provider's ignored dots: mailboxKey), or the same
 * SSN (the blind index of a profile or of an application's frozen credit facts). An agent never
 * proposes or approves an action that concerns them, and never approves their own proposal.
 */
import { mailboxKey } from '@pledge/domain';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { creditChecks, profiles } from '../../db/schema/index.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { emailOf, identityByEmail } from '../identity/identity-email.js';

export interface TPerson {
  /** The identities known to be this person (may be empty for an address nobody signed up with). */
  identityUuids: string[];
  mailboxes: string[];
  /** SSN blind indexes on file for this person. */
  ssnIndexes: string[];
}

function union(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])];
}

async function ssnIndexesOf(tx: TDb, identityUuids: readonly string[]): Promise<string[]> {
  if (identityUuids.length === 0) return [];
  const rows = await tx
    .select({ index: profiles.ssnBlindIndex })
    .from(profiles)
    .where(
      and(inArray(profiles.identityUuid, [...identityUuids]), isNotNull(profiles.ssnBlindIndex)),
    );
  return rows.flatMap((row) => (row.index === null ? [] : [row.index]));
}

/** A person by identity: its address's mailbox and the SSN its profile holds. */
export async function personOfIdentity(
  tx: TDb,
  cipher: TFieldCipher,
  identityUuid: string,
): Promise<TPerson> {
  const email = await emailOf(tx, cipher, identityUuid);
  return {
    identityUuids: [identityUuid],
    mailboxes: email === undefined ? [] : [mailboxKey(email)],
    ssnIndexes: await ssnIndexesOf(tx, [identityUuid]),
  };
}

/** A person by address: the identity signed up with it, if any, and its mailbox. */
export async function personOfEmail(
  tx: TDb,
  cipher: Pick<TFieldCipher, 'blindIndex'>,
  email: string,
): Promise<TPerson> {
  const identity = await identityByEmail(tx, cipher, email);
  const identityUuids = identity === undefined ? [] : [identity.uuid];
  return {
    identityUuids,
    mailboxes: [mailboxKey(email)],
    ssnIndexes: await ssnIndexesOf(tx, identityUuids),
  };
}

/**
 * The borrower of a loan or application: its identity, that identity's profile SSN, and the SSN
 * every credit check of the application froze (a later profile change does not hide it).
 */
export async function personOfApplication(
  tx: TDb,
  cipher: TFieldCipher,
  application: { uuid: string; identityUuid: string },
): Promise<TPerson> {
  const person = await personOfIdentity(tx, cipher, application.identityUuid);
  const frozen = await tx
    .select({ index: creditChecks.ssnBlindIndex })
    .from(creditChecks)
    .where(
      and(
        eq(creditChecks.applicationUuid, application.uuid),
        isNotNull(creditChecks.ssnBlindIndex),
      ),
    );
  return {
    ...person,
    ssnIndexes: union(
      person.ssnIndexes,
      frozen.flatMap((row) => (row.index === null ? [] : [row.index])),
    ),
  };
}

export function isSamePerson(a: TPerson, b: TPerson): boolean {
  return (
    a.identityUuids.some((uuid) => b.identityUuids.includes(uuid)) ||
    a.mailboxes.some((mailbox) => b.mailboxes.includes(mailbox)) ||
    a.ssnIndexes.some((index) => b.ssnIndexes.includes(index))
  );
}
