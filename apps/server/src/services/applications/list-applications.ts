import type { TApplication } from '@pledge/contract';
import { desc, eq } from 'drizzle-orm';
import { applications } from '../../db/schema/index.js';
import { toApplicationViews } from './application-view.js';
import type { TApplicationDeps } from './application-record.js';

/**
 * The borrower's applications, newest first. Served by the (identity_uuid, created_at) index, so it
 * costs the same however many applications other borrowers have.
 */
export async function listApplications(
  deps: TApplicationDeps,
  identityUuid: string,
): Promise<TApplication[]> {
  const rows = await deps.db
    .select()
    .from(applications)
    .where(eq(applications.identityUuid, identityUuid))
    .orderBy(desc(applications.createdAt), desc(applications.uuid));
  return toApplicationViews(deps.db, rows, deps.clock());
}
