/**
 * Whether the 'fe-plc-show-additional-docs' flag asks this brand's borrowers for a passport picture
 * plus an additional document. The browser decides flags per tracker (a rollout bucket); the server
 * has no tracker for an upload, so it enforces the flag only where it holds for every borrower of
 * the organisation: an organisation override, or the flag enabled for the whole rollout. A partial
 * rollout is never enforced, so an upload is not refused for a borrower whose page did not ask.
 */
import { SHOW_ADDITIONAL_DOCS_FLAG } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { featureFlags } from '../../db/schema/index.js';
import { ROLLOUT_BUCKETS, type TFlagSetting } from '../flags/decide-flag.js';

export function isFlagOnForOrganization(setting: TFlagSetting, organization: string): boolean {
  if (Object.hasOwn(setting.organizationOverrides, organization)) {
    return setting.organizationOverrides[organization] === true;
  }
  return setting.enabled && setting.rolloutPct >= ROLLOUT_BUCKETS;
}

export async function areAdditionalDocumentsRequired(
  db: TDb,
  organization: string,
): Promise<boolean> {
  const [flag] = await db
    .select()
    .from(featureFlags)
    .where(eq(featureFlags.key, SHOW_ADDITIONAL_DOCS_FLAG));
  return flag !== undefined && isFlagOnForOrganization(flag, organization);
}
