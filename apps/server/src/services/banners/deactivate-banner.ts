import type { TDb } from '../../db/pool.js';
import { updateBanner } from './update-banner.js';

/** Switches a banner off; it stays listed for agents (who may switch it on again). */
export async function deactivateBanner(
  db: TDb,
  input: { bannerUuid: string; agentUuid: string },
): Promise<void> {
  await updateBanner(db, {
    bannerUuid: input.bannerUuid,
    banner: { active: false },
    agentUuid: input.agentUuid,
    reason: 'banner deactivated',
  });
}
