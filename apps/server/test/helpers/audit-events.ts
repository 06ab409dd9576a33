/** The audit trail as the tests read it. */
import { and, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../src/db/pool.js';
import { auditEvents } from '../../src/db/schema/index.js';

/**
 * The audit events of one entity, oldest first; only those of an entity type (an id may name
 * entities of several types: an application and its payoff) or of a transition when given.
 */
export function auditEventsOf(
  db: TDb,
  entityId: string,
  transition: { entityType?: string; fromState?: string; toState?: string } = {},
) {
  return (
    db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityId, entityId),
          ...(transition.entityType === undefined
            ? []
            : [eq(auditEvents.entityType, transition.entityType)]),
          ...(transition.fromState === undefined
            ? []
            : [eq(auditEvents.fromState, transition.fromState)]),
          ...(transition.toState === undefined
            ? []
            : [eq(auditEvents.toState, transition.toState)]),
        ),
      )
      // The events of one transaction share its time: among them, the order they were written in
      // (the table is only ever appended to). The id is random and orders nothing.
      .orderBy(auditEvents.at, sql`ctid`)
  );
}
