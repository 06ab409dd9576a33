import type { TConsentType as TConsent } from '@pledge/contract';
import { CONSENT_CHOICES, CONSENT_TYPES, type TConsentChoice } from '@pledge/domain';
import { desc, eq } from 'drizzle-orm';
import { profileConsents } from '../../db/schema/index.js';
import type { TDb } from '../../db/pool.js';

function isConsentType(value: string): value is TConsent['type'] {
  return (CONSENT_TYPES as readonly string[]).includes(value);
}

function isConsentChoice(value: string): value is TConsentChoice {
  return (CONSENT_CHOICES as readonly string[]).includes(value);
}

/** The borrower's latest choice for each consent type they answered, in CONSENT_TYPES order. */
export async function latestConsents(db: TDb, identityUuid: string): Promise<TConsent[]> {
  const rows = await db
    .selectDistinctOn([profileConsents.consentType])
    .from(profileConsents)
    .where(eq(profileConsents.identityUuid, identityUuid))
    .orderBy(profileConsents.consentType, desc(profileConsents.at), desc(profileConsents.id));
  const byType = new Map<string, TConsent>();
  for (const row of rows) {
    if (isConsentType(row.consentType) && isConsentChoice(row.optInOut)) {
      byType.set(row.consentType, {
        type: row.consentType,
        version: row.version,
        optInOut: row.optInOut,
      });
    }
  }
  return CONSENT_TYPES.flatMap((type) => {
    const consent = byType.get(type);
    return consent === undefined ? [] : [consent];
  });
}
