import { emptyProfile, type TGetProfileResponse } from '@pledge/contract';
import { eq } from 'drizzle-orm';
import { profiles } from '../../db/schema/index.js';
import type { TDb } from '../../db/pool.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { latestConsents } from './profile-consents.js';
import { openDetails } from './sealed-profile.js';

/**
 * The borrower's profile; before their first save an empty shell with their uuid. The SSN is never
 * read back: the answer only says whether one is on file.
 */
export async function readProfile(
  db: TDb,
  cipher: TFieldCipher,
  identityUuid: string,
): Promise<TGetProfileResponse> {
  const [row] = await db
    .select({ detailsSealed: profiles.detailsSealed, ssnSealed: profiles.ssnSealed })
    .from(profiles)
    .where(eq(profiles.identityUuid, identityUuid))
    .limit(1);
  const consents = await latestConsents(db, identityUuid);
  if (row === undefined) return emptyProfile(identityUuid, consents);
  return {
    uuid: identityUuid,
    ...openDetails(cipher, identityUuid, row.detailsSealed),
    hasSsn: row.ssnSealed !== null,
    consents,
  };
}
