/** The console's list of controlled actions of one status, newest first, a page at a time. */
import type { TGetControlledActionsQuery, TGetControlledActionsResponse } from '@pledge/contract';
import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { opsProposals } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { toControlledActionView } from './controlled-action-record.js';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listControlledActions(
  db: TDb,
  query: TGetControlledActionsQuery,
): Promise<TGetControlledActionsResponse> {
  const filters: SQL[] = [eq(opsProposals.status, query.status)];
  if (query.cursor !== undefined) {
    const [at, id] = query.cursor.split('|');
    const when = new Date(at ?? '');
    if (id === undefined || !UUID_PATTERN.test(id) || Number.isNaN(when.getTime())) {
      throw new HttpError(400, 'VALIDATION_ERROR', 'Invalid cursor', {
        cursor: ['Invalid cursor'],
      });
    }
    const older = or(
      lt(opsProposals.proposedAt, when),
      and(eq(opsProposals.proposedAt, when), lt(opsProposals.id, id)),
    );
    if (older !== undefined) filters.push(older);
  }
  const rows = await db
    .select()
    .from(opsProposals)
    .where(and(...filters))
    .orderBy(desc(opsProposals.proposedAt), desc(opsProposals.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toControlledActionView),
    nextCursor:
      rows.length > query.limit && last !== undefined
        ? `${last.proposedAt.toISOString()}|${last.id}`
        : null,
  };
}
