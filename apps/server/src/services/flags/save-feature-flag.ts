import type { TPutOpsFlagBody, TPutOpsFlagResponse } from '@pledge/contract';
import { eq, sql } from 'drizzle-orm';
import { auditEvents, featureFlags } from '../../db/schema/index.js';
import type { TDb } from '../../db/pool.js';
import { toFeatureFlag } from './flag-record.js';

export const FLAG_AUDIT_ENTITY = 'feature_flag';

/** What the audit trail records of a flag: everything that changes a decision. */
function settingOf(
  flag: Pick<TPutOpsFlagBody, 'enabled' | 'rolloutPct' | 'organizationOverrides'>,
) {
  return JSON.stringify({
    enabled: flag.enabled,
    rolloutPct: flag.rolloutPct,
    organizationOverrides: flag.organizationOverrides,
  });
}

/** Creates or replaces a flag's setting; the change and its agent go to the audit trail. */
export async function saveFeatureFlag(
  db: TDb,
  input: { key: string; setting: TPutOpsFlagBody; agentUuid: string },
): Promise<TPutOpsFlagResponse> {
  const { key, setting, agentUuid } = input;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(featureFlags)
      .where(eq(featureFlags.key, key))
      .for('update');
    const values = {
      description: setting.description,
      enabled: setting.enabled,
      rolloutPct: setting.rolloutPct,
      organizationOverrides: setting.organizationOverrides,
      updatedBy: agentUuid,
    };
    const [after] = await tx
      .insert(featureFlags)
      .values({ key, ...values })
      .onConflictDoUpdate({
        target: featureFlags.key,
        set: { ...values, updatedAt: sql`now()` },
      })
      .returning();
    if (after === undefined) throw new Error(`Feature flag ${key} missing after upsert`);
    await tx.insert(auditEvents).values({
      entityType: FLAG_AUDIT_ENTITY,
      entityId: key,
      actor: agentUuid,
      fromState: before === undefined ? null : settingOf(before),
      toState: settingOf(after),
      reason: before === undefined ? 'flag created' : 'flag updated',
    });
    return toFeatureFlag(after);
  });
}
