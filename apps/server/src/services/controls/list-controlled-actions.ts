/** The console's list of controlled actions of one status, newest first, a page at a time. */
import type { TGetControlledActionsQuery, TGetControlledActionsResponse } from '@pledge/contract';
import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { opsProposals } from '../../db/schema/index.js';
import { afterCursor, newestFirst, pageOf } from '../newest-first-page.js';
import { toControlledActionView } from './controlled-action-record.js';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listControlledActions(
  db: TDb,
  query: TGetControlledActionsQuery,
): Promise<TGetControlledActionsResponse> {
  const columns = { time: opsProposals.proposedAt, key: opsProposals.id };
  const rows = await db
    .select()
    .from(opsProposals)
    .where(
      and(
        eq(opsProposals.status, query.status),
        afterCursor(query.cursor, columns, (id) => UUID_PATTERN.test(id)),
      ),
    )
    .orderBy(...newestFirst(columns))
    .limit(query.limit + 1);
  const { page, nextCursor } = pageOf(rows, query.limit, (row) => ({
    time: row.proposedAt,
    key: row.id,
  }));
  return { items: page.map(toControlledActionView), nextCursor };
}
