import type { TGetConsentTypesResponse } from '@pledge/contract';
import { CONSENT_TYPES } from '@pledge/domain';
import type { TDb } from '../../db/pool.js';
import { CURRENT_CONSENT_VERSIONS } from './consent-versions.js';
import { latestConsents } from './profile-consents.js';

/**
 * Every consent at its current version, with the borrower's choice: a consent never given, or given
 * to an older text, is OPT_OUT.
 */
export async function listConsentTypes(
  db: TDb,
  identityUuid: string,
): Promise<TGetConsentTypesResponse> {
  const given = new Map((await latestConsents(db, identityUuid)).map((c) => [c.type, c]));
  return CONSENT_TYPES.map((type) => {
    const version = CURRENT_CONSENT_VERSIONS[type];
    const consent = given.get(type);
    return {
      type,
      version,
      optInOut: consent?.version === version ? consent.optInOut : 'OPT_OUT',
    };
  });
}
