/**
 * Applications as stored, and how a use case finds the caller's own: any other id, someone else's
 * included, is "not found" (never 403, so an id says nothing). The API's view of them, which reads
 * offers, collateral and renewals too, is application-view.ts.
 */
import type { TApplicationState } from '@pledge/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { applications, auditEvents } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TClock } from '../../security/jwt.js';

export type TApplicationRow = typeof applications.$inferSelect;

/** audit_events.entity_type of applications. */
export const APPLICATION_ENTITY = 'application';

/** The first audited transition of the application into `to`: when and from where. */
export async function firstTransitionTo(tx: TDb, appUuid: string, to: TApplicationState) {
  const [event] = await tx
    .select({ at: auditEvents.at, from: auditEvents.fromState })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entityType, APPLICATION_ENTITY),
        eq(auditEvents.entityId, appUuid),
        eq(auditEvents.toState, to),
      ),
    )
    .orderBy(asc(auditEvents.at))
    .limit(1);
  return event;
}

/** What the application use cases need: the database and the time. */
export interface TApplicationDeps {
  db: TDb;
  clock: TClock;
}

export function applicationNotFound(): HttpError {
  return new HttpError(404, 'NOT_FOUND', 'Application not found');
}

/** The select of the caller's application: no row for any other id, someone else's included. */
function selectOwnedApplication(db: TDb, identityUuid: string, appUuid: string) {
  return db
    .select()
    .from(applications)
    .where(and(eq(applications.uuid, appUuid), eq(applications.identityUuid, identityUuid)));
}

/** The caller's application, or 404. */
export async function findOwnedApplication(
  db: TDb,
  identityUuid: string,
  appUuid: string,
): Promise<TApplicationRow> {
  const [row] = await selectOwnedApplication(db, identityUuid, appUuid);
  if (row === undefined) throw applicationNotFound();
  return row;
}

/** The select of an application by id, whoever owns it. */
function selectApplicationById(db: TDb, appUuid: string) {
  return db.select().from(applications).where(eq(applications.uuid, appUuid));
}

/** An application by id, whoever owns it (for the system's jobs and the agents); undefined when none. */
export async function findApplicationById(
  db: TDb,
  appUuid: string,
): Promise<TApplicationRow | undefined> {
  const [row] = await selectApplicationById(db, appUuid);
  return row;
}

/**
 * An application by id, whoever owns it (for the system's jobs and the agents' actions), locked for
 * the rest of the transaction as lockOwnedApplication locks it; undefined when there is none.
 */
export async function lockApplicationById(
  tx: TDb,
  appUuid: string,
): Promise<TApplicationRow | undefined> {
  const [row] = await selectApplicationById(tx, appUuid).for('no key update');
  return row;
}

/**
 * The caller's application, locked for the rest of the transaction (SELECT … FOR NO KEY UPDATE:
 * requests that decide on it take turns, while rows that only reference it, such as a payment or an
 * offer, are written meanwhile without waiting for the lock), or 404.
 * Use cases that decide on its state take this lock first, so that two requests decide in turn.
 */
export async function lockOwnedApplication(
  tx: TDb,
  identityUuid: string,
  appUuid: string,
): Promise<TApplicationRow> {
  const [row] = await selectOwnedApplication(tx, identityUuid, appUuid).for('no key update');
  if (row === undefined) throw applicationNotFound();
  return row;
}
