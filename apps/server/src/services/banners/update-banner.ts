import type { TPutOpsBannerBody, TPutOpsBannerResponse } from '@pledge/contract';
import { eq, sql } from 'drizzle-orm';
import { auditEvents, banners } from '../../db/schema/index.js';
import type { TDb } from '../../db/pool.js';
import { HttpError } from '../../http/errors.js';
import { BANNER_AUDIT_ENTITY, bannerState, toBanner } from './banner-record.js';

const bannerNotFound = () => new HttpError(404, 'BANNER_NOT_FOUND', 'Banner not found');

/**
 * Replaces a banner's content and switches (`active`); `reason` names the change in the audit
 * trail. Unknown banners answer 404.
 */
export async function updateBanner(
  db: TDb,
  input: {
    bannerUuid: string;
    banner: Partial<TPutOpsBannerBody>;
    agentUuid: string;
    reason?: string;
  },
): Promise<TPutOpsBannerResponse> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ active: banners.active })
      .from(banners)
      .where(eq(banners.uuid, input.bannerUuid))
      .for('update');
    if (before === undefined) throw bannerNotFound();
    const [after] = await tx
      .update(banners)
      .set({ ...input.banner, updatedAt: sql`now()` })
      .where(eq(banners.uuid, input.bannerUuid))
      .returning();
    if (after === undefined) throw bannerNotFound();
    await tx.insert(auditEvents).values({
      entityType: BANNER_AUDIT_ENTITY,
      entityId: after.uuid,
      actor: input.agentUuid,
      fromState: bannerState(before),
      toState: bannerState(after),
      reason: input.reason ?? 'banner updated',
    });
    return toBanner(after);
  });
}
