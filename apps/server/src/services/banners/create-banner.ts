import type { TPostOpsBannerBody, TPostOpsBannerResponse } from '@pledge/contract';
import { auditEvents, banners } from '../../db/schema/index.js';
import type { TDb } from '../../db/pool.js';
import { BANNER_AUDIT_ENTITY, bannerState, toBanner } from './banner-record.js';

export async function createBanner(
  db: TDb,
  input: { banner: TPostOpsBannerBody; agentUuid: string },
): Promise<TPostOpsBannerResponse> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(banners).values(input.banner).returning();
    if (row === undefined) throw new Error('Banner missing after insert');
    await tx.insert(auditEvents).values({
      entityType: BANNER_AUDIT_ENTITY,
      entityId: row.uuid,
      actor: input.agentUuid,
      fromState: null,
      toState: bannerState(row),
      reason: 'banner created',
    });
    return toBanner(row);
  });
}
