import { describe, expect, it } from 'vitest';
import { isDomainError } from '@pledge/domain';
import { eq, sql } from 'drizzle-orm';
import { applications, profiles } from '../../src/db/schema/index.js';
import { JOB_TABLE, queuedJobs } from '../helpers/jobs.js';
import { HttpError } from '../../src/http/errors.js';
import { applyTransition } from '../../src/services/applications/apply-transition.js';
import { transitionOutcome } from '../helpers/transition.js';
import {
  acceptedApplication,
  createdApplication,
  newBorrower,
  submitDetails,
  usDetails,
  type TApplicationsTestContext,
  useBorrowerContext,
} from './helpers.js';
import { auditEventsOf } from '../helpers/audit-events.js';

/** Makes every insert into `table` fail, for the length of `work`. */
async function withFailingInserts<T>(
  ctx: TApplicationsTestContext,
  table: 'audit_events' | typeof JOB_TABLE,
  work: () => Promise<T>,
): Promise<T> {
  const db = ctx.database.db;
  await db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION refuse_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'forced failure'; END $$`),
  );
  await db.execute(
    sql.raw(`CREATE TRIGGER refuse_insert BEFORE INSERT ON ${table}
      FOR EACH ROW EXECUTE FUNCTION refuse_insert()`),
  );
  try {
    return await work();
  } finally {
    await db.execute(sql.raw(`DROP TRIGGER refuse_insert ON ${table}`));
  }
}

async function rowOf(ctx: TApplicationsTestContext, appUuid: string) {
  const [row] = await ctx.database.db
    .select()
    .from(applications)
    .where(eq(applications.uuid, appUuid));
  return row;
}

async function auditCount(ctx: TApplicationsTestContext, appUuid: string): Promise<number> {
  const rows = await auditEventsOf(ctx.database.db, appUuid);
  return rows.length;
}

describe('applyTransition', () => {
  const { ctx, borrower } = useBorrowerContext();

  it('writes the state, the stage, the version and the audit event together', async () => {
    const created = await createdApplication(ctx.app, borrower.token);
    const before = await rowOf(ctx, created.appUuid);
    const at = new Date('2026-02-01T10:00:00Z');
    const result = await applyTransition(ctx.database.db, {
      appUuid: created.appUuid,
      event: 'OFFER_ACCEPTED',
      actor: 'agent:ops@example.com',
      reason: 'accepted on the phone',
      at,
    });
    expect(result.from).toBe('CREATED');
    expect(result.application).toMatchObject({
      state: 'OFFER_ACCEPTED',
      stage: 'UNINITIALIZED_STATE',
      version: (before?.version ?? 0) + 1,
      updatedAt: at,
    });
    const [event] = await auditEventsOf(ctx.database.db, created.appUuid, {
      toState: 'OFFER_ACCEPTED',
    });
    expect(event).toMatchObject({
      entityType: 'application',
      entityId: created.appUuid,
      actor: 'agent:ops@example.com',
      fromState: 'CREATED',
      toState: 'OFFER_ACCEPTED',
      reason: 'accepted on the phone',
      at,
    });
  });

  it('leaves the state unchanged when the audit row cannot be written', async () => {
    const created = await createdApplication(ctx.app, (await newBorrower(ctx.app)).token);
    const before = await rowOf(ctx, created.appUuid);
    const error = await withFailingInserts(ctx, 'audit_events', () =>
      transitionOutcome(ctx.database.db, {
        appUuid: created.appUuid,
        event: 'OFFER_ACCEPTED',
        actor: 'system:test',
      }),
    );
    // Drizzle wraps the database's error; its cause is the trigger's.
    expect(String((error as Error).cause)).toContain('forced failure');
    expect(await rowOf(ctx, created.appUuid)).toEqual(before);
    expect(await auditCount(ctx, created.appUuid)).toBe(1);
  });

  it('rolls back the details, the profile and the state when the job cannot be enqueued', async () => {
    const who = await newBorrower(ctx.app);
    const accepted = await acceptedApplication(ctx.app, who.token);
    const before = await rowOf(ctx, accepted.appUuid);
    const response = await withFailingInserts(ctx, JOB_TABLE, () =>
      submitDetails(ctx.app, who.token, accepted.appUuid, usDetails()),
    );
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 'INTERNAL_ERROR',
      message: 'Something unexpected happened. Try again',
    });
    expect(await rowOf(ctx, accepted.appUuid)).toEqual(before);
    const saved = await ctx.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.identityUuid, who.identityUuid));
    expect(saved).toEqual([]);
    const queued = await queuedJobs(ctx.database.db, {
      dedupeKey: `application.credit-check:${accepted.appUuid}`,
    });
    expect(queued).toEqual([]);

    // Once the cause is gone the same submit goes through.
    const retried = await submitDetails(ctx.app, who.token, accepted.appUuid, usDetails());
    expect(retried.statusCode).toBe(202);
  });

  it('refuses an event the state machine does not allow, writing nothing', async () => {
    const created = await createdApplication(ctx.app, (await newBorrower(ctx.app)).token);
    const error = await transitionOutcome(ctx.database.db, {
      appUuid: created.appUuid,
      event: 'FUNDS_RELEASED',
      actor: 'system:test',
    });
    expect(isDomainError(error) && error.code).toBe('INVALID_STATE_TRANSITION');
    expect((await rowOf(ctx, created.appUuid))?.state).toBe('CREATED');
    expect(await auditCount(ctx, created.appUuid)).toBe(1);
  });

  it('refuses a stale version (409) and an unknown application (404)', async () => {
    const created = await createdApplication(ctx.app, (await newBorrower(ctx.app)).token);
    const before = await rowOf(ctx, created.appUuid);
    const stale = await transitionOutcome(ctx.database.db, {
      appUuid: created.appUuid,
      event: 'OFFER_ACCEPTED',
      actor: 'system:test',
      expectedVersion: (before?.version ?? 0) + 7,
    });
    expect(stale).toBeInstanceOf(HttpError);
    expect((stale as HttpError).statusCode).toBe(409);

    const missing = await transitionOutcome(ctx.database.db, {
      appUuid: '00000000-0000-4000-8000-000000000000',
      event: 'OFFER_ACCEPTED',
      actor: 'system:test',
    });
    expect((missing as HttpError).statusCode).toBe(404);
  });

  it('lets concurrent transitions of one application take turns', async () => {
    const created = await createdApplication(ctx.app, (await newBorrower(ctx.app)).token);
    const results = await Promise.allSettled(
      [1, 2, 3, 4].map(() =>
        applyTransition(ctx.database.db, {
          appUuid: created.appUuid,
          event: 'OFFER_ACCEPTED',
          actor: 'system:test',
        }),
      ),
    );
    expect(results.every((result) => result.status === 'fulfilled')).toBe(true);
    const row = await rowOf(ctx, created.appUuid);
    // Every transition saw the one before it: four increments, four audit events after creation.
    expect(row?.version).toBe(4);
    expect(await auditCount(ctx, created.appUuid)).toBe(5);
  });
});
