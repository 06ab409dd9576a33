/** The console's list of controlled actions of one status, newest first, a page at a time. */
import type { TGetControlledActionsQuery, TGetControlledActionsResponse } from '@pledge/contract';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { opsProposals } from '../../db/schema/index.js';
import { readNewestFirstPage } from '../newest-first-page.js';
import { toControlledActionView } from './controlled-action-record.js';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listControlledActions(
  db: TDb,
  query: TGetControlledActionsQuery,
): Promise<TGetControlledActionsResponse> {
  const { page, nextCursor } = await readNewestFirstPage(
    db.select().from(opsProposals).$dynamic(),
    eq(opsProposals.status, query.status),
    query,
    {
      time: opsProposals.proposedAt,
      key: opsProposals.id,
      cursorOf: (row) => ({ time: row.proposedAt, key: row.id }),
      isKey: (id) => UUID_PATTERN.test(id),
    },
  );
  return { items: page.map(toControlledActionView), nextCursor };
}
