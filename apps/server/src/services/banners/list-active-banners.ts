import type { TGetBannersResponse } from '@pledge/contract';
import { desc, eq } from 'drizzle-orm';
import { banners } from '../../db/schema/index.js';
import type { TDb } from '../../db/pool.js';
import { toBanner } from './banner-record.js';

/** The banners the layout shows: active ones, newest first (document 2 §4). */
export async function listActiveBanners(db: TDb): Promise<TGetBannersResponse> {
  const rows = await db
    .select()
    .from(banners)
    .where(eq(banners.active, true))
    .orderBy(desc(banners.createdAt), desc(banners.uuid));
  return rows.map(toBanner);
}
