import type { TPutProfileBody, TPutProfileResponse } from '@pledge/contract';
import { sql } from 'drizzle-orm';
import { profileConsents, profiles } from '../../db/schema/index.js';
import type { TDb } from '../../db/pool.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import {
  assertCreditFactsUnchanged,
  creditFactsOf,
  readProfileCreditFacts,
} from './frozen-credit-facts.js';
import { latestConsents } from './profile-consents.js';
import { sealDetails, sealSsn } from './sealed-profile.js';
import { validateProfile } from './validate-profile.js';

export interface TSaveProfileInput {
  identityUuid: string;
  body: TPutProfileBody;
  /** The day the age is checked on (YYYY-MM-DD); today in UTC by default. */
  today?: string;
  /** The server's clock, for whether a credit retry (which holds the facts) is still possible. */
  now?: Date;
  /**
   * The loan details of an application, whose own credit pull will use these facts: they may
   * correct facts another application holds (that one keeps its frozen copy and is judged on it;
   * the profile shows the newest facts).
   */
  startsCreditDecision?: boolean;
}

/**
 * Replaces the borrower's profile. The SSN, when sent, is stored encrypted with a blind index;
 * when left out the one on file stays. A consent is recorded only when the choice or version
 * changed, so the consent history reads as the borrower's decisions. While an application holds
 * the borrower's credit facts (SSN, name, date of birth, residence), a change to them is refused
 * (409), checked with the profile row locked.
 */
export async function saveProfile(
  db: TDb,
  cipher: TFieldCipher,
  { identityUuid, body, today, now = new Date(), startsCreditDecision = false }: TSaveProfileInput,
): Promise<TPutProfileResponse> {
  const onFile = await latestConsents(db, identityUuid);
  const valid = validateProfile(body, {
    ...(today !== undefined ? { today } : {}),
    storedConsentVersions: new Map(onFile.map((consent) => [consent.type, consent.version])),
  });
  const changedConsents = valid.consents.filter((consent) => {
    const current = onFile.find((stored) => stored.type === consent.type);
    return current?.version !== consent.version || current.optInOut !== consent.optInOut;
  });

  const detailsSealed = sealDetails(cipher, identityUuid, valid.details);
  const ssn = valid.ssn === undefined ? {} : sealSsn(cipher, identityUuid, valid.ssn);
  const hasSsn = await db.transaction(async (tx) => {
    const factsOnFile = await readProfileCreditFacts(tx, cipher, identityUuid, {
      forUpdate: true,
    });
    if (!startsCreditDecision) {
      await assertCreditFactsUnchanged(tx, {
        identityUuid,
        onFile: factsOnFile,
        next: creditFactsOf(valid.details, valid.ssn ?? factsOnFile?.ssn ?? null),
        now,
      });
    }
    const [row] = await tx
      .insert(profiles)
      .values({ identityUuid, detailsSealed, ...ssn })
      .onConflictDoUpdate({
        target: profiles.identityUuid,
        set: { detailsSealed, ...ssn, updatedAt: sql`now()` },
      })
      .returning({ ssnSealed: profiles.ssnSealed });
    if (changedConsents.length > 0) {
      await tx.insert(profileConsents).values(
        changedConsents.map((consent) => ({
          identityUuid,
          consentType: consent.type,
          version: consent.version,
          optInOut: consent.optInOut,
        })),
      );
    }
    return row?.ssnSealed != null;
  });

  return {
    uuid: identityUuid,
    ...valid.details,
    hasSsn,
    consents: await latestConsents(db, identityUuid),
  };
}
