import type { TGetOpsBannersResponse } from '@pledge/contract';
import { desc } from 'drizzle-orm';
import { banners } from '../../db/schema/index.js';
import type { TDb } from '../../db/pool.js';
import { toBanner } from './banner-record.js';

/** Every banner, active or not, newest first (the agent console). */
export async function listBanners(db: TDb): Promise<TGetOpsBannersResponse> {
  const rows = await db.select().from(banners).orderBy(desc(banners.createdAt), desc(banners.uuid));
  return rows.map(toBanner);
}
