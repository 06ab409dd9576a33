import { beforeEach, describe, expect, it } from 'vitest';
import { postCreditRetry, ZApplication, type TApplication } from '@pledge/contract';
import { CREDIT_UNLOCKED_DAYS } from '@pledge/domain';
import { and, asc, eq } from 'drizzle-orm';

import { applications, auditEvents, creditChecks } from '../../src/db/schema/index.js';
import { queuedJobs } from '../helpers/jobs.js';
import { CREDIT_RETRIES_PER_IP_PER_MINUTE } from '../../src/routes/leap/credit-retry.js';
import { CREDIT_RETRY_MESSAGES } from '../../src/services/credit/retry-credit-check.js';
import {
  acceptedApplication,
  appPath,
  bearer,
  createApplicationsTestContext,
  newBorrower,
  usDetails,
  borrowerAfterCreditCheck,
  withCreditBureau,
  useApplicationsTestContext,
} from './helpers.js';
import { auditEventsOf } from '../helpers/audit-events.js';
import { applicationStateOf } from '../helpers/application-state.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sandbox test SSNs (DESIGN §3). */
const SSN = {
  approved: '123-45-6789',
  noMatch: '123-45-0001',
  locked: '123-45-0002',
  frozen: '123-45-0003',
  declined: '123-45-0004',
} as const;

describe('POST /applications/{uuid}/credit-retry', () => {
  const ctx = useApplicationsTestContext(() =>
    createApplicationsTestContext({
      adapters: withCreditBureau(async (request, sandbox) =>
        unlocked.has(request.referenceId)
          ? { outcome: 'APPROVED', reference: `unlocked-${request.referenceId}` }
          : sandbox.softPull(request),
      ),
    }),
  );
  /** Applications whose borrower has unlocked their credit file at the bureau since. */
  const unlocked = new Set<string>();

  /** Each test calls from its own address, so that only the rate-limit test meets the limit. */
  let testCount = 0;
  let testAddress = '';
  beforeEach(() => {
    testCount += 1;
    testAddress = `10.0.${testCount}.1`;
  });

  function retry(token: string | undefined, appUuid: string, remoteAddress = testAddress) {
    return ctx.app.inject({
      method: 'POST',
      url: appPath(appUuid, '/credit-retry'),
      remoteAddress,
      ...(token !== undefined ? { headers: bearer(token) } : {}),
    });
  }

  const stateOf = (appUuid: string) => applicationStateOf(ctx.database.db, appUuid);

  /** Dates the application's details `ms` back. */
  async function detailsSubmittedAgo(appUuid: string, ms: number) {
    await ctx.database.db
      .update(applications)
      .set({ detailsSubmittedAt: new Date(Date.now() - ms) })
      .where(eq(applications.uuid, appUuid));
  }

  /** The outcomes of the application's credit checks, oldest first. */
  async function creditOutcomes(appUuid: string) {
    const checks = await ctx.database.db
      .select({ outcome: creditChecks.outcome })
      .from(creditChecks)
      .where(eq(creditChecks.applicationUuid, appUuid))
      .orderBy(asc(creditChecks.at));
    return checks.map((check) => check.outcome);
  }

  /** A borrower whose application reached the credit outcome of the SSN. */
  const afterCreditCheck = (ssn: string) => borrowerAfterCreditCheck(ctx, usDetails(ssn));

  async function retryJobs(appUuid: string) {
    return queuedJobs(ctx.database.db, {
      dedupeKeyLike: `application.credit-check:${appUuid}:retry:%`,
    });
  }

  /** A retry refused with `status` and `answer`: the application stays in `state`, no pull queued. */
  async function expectRetryRefused(
    token: string,
    appUuid: string,
    status: number,
    answer: { code: string; message: string },
    state: string,
  ) {
    const response = await retry(token, appUuid);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual(answer);
    expect(await stateOf(appUuid)).toBe(state);
    expect(await retryJobs(appUuid)).toHaveLength(0);
  }

  it('is the path the web app calls', () => {
    expect(postCreditRetry.method).toBe('POST');
    expect(postCreditRetry.path).toBe(
      '/service-cryptopl-leap/secure/api/v1/applications/:appUuid/credit-retry',
    );
  });

  it.each([
    ['locked', SSN.locked, 'SOFT_CREDIT_LOCKED'],
    ['frozen', SSN.frozen, 'SOFT_CREDIT_FROZEN'],
  ])(
    'takes %s credit back to the soft credit check, audited, and routes on once unlocked',
    async (_name, ssn, outcome) => {
      const who = await afterCreditCheck(ssn);
      expect(await stateOf(who.appUuid)).toBe(outcome);

      const response = await retry(who.token, who.appUuid);
      expect(response.statusCode).toBe(202);
      const answered = ZApplication.parse(response.json());
      expect(answered).toMatchObject({
        appUuid: who.appUuid,
        state: 'SOFT_CREDIT',
        stage: 'APPLYING',
      });

      const audit = await ctx.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, who.appUuid), eq(auditEvents.toState, 'SOFT_CREDIT')))
        .orderBy(asc(auditEvents.at));
      expect(audit.at(-1)).toMatchObject({
        fromState: outcome,
        toState: 'SOFT_CREDIT',
        actor: `borrower:${who.identityUuid}`,
      });
      const queued = await retryJobs(who.appUuid);
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({
        kind: 'application.credit-check',
        payload: { appUuid: who.appUuid },
        attempts: 0,
        isFailed: false,
      });

      // The bureau now finds the file open: the job pulls again and the application goes on.
      unlocked.add(who.appUuid);
      await ctx.runJobs();
      expect(await stateOf(who.appUuid)).toBe('SIGN_DOCS');
      // The queue deletes a job that succeeded.
      expect(await retryJobs(who.appUuid)).toHaveLength(0);
      expect(await creditOutcomes(who.appUuid)).toEqual([outcome.slice(12), 'APPROVED']);
    },
  );

  it('can be tried again when the file is still locked', async () => {
    const who = await afterCreditCheck(SSN.locked);
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      expect((await retry(who.token, who.appUuid)).statusCode).toBe(202);
      // Each retry queues its own check (a job that succeeded is deleted, so one waits at a time).
      expect(await retryJobs(who.appUuid)).toHaveLength(1);
      await ctx.runJobs();
      expect(await stateOf(who.appUuid)).toBe('SOFT_CREDIT_LOCKED');
      expect(await retryJobs(who.appUuid)).toHaveLength(0);
    }
    // The first check and one pull per retry, each finding the file still locked.
    expect(await creditOutcomes(who.appUuid)).toEqual(['LOCKED', 'LOCKED', 'LOCKED']);
    const retries = await auditEventsOf(ctx.database.db, who.appUuid, {
      fromState: 'SOFT_CREDIT_LOCKED',
    });
    expect(retries).toHaveLength(2);
  });

  it('makes one transition and one job of a double click', async () => {
    const who = await afterCreditCheck(SSN.locked);
    const answers = await Promise.all([1, 2, 3].map(() => retry(who.token, who.appUuid)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202]);
    for (const answer of answers) {
      expect((answer.json() as TApplication).state).toBe('SOFT_CREDIT');
    }
    expect(await retryJobs(who.appUuid)).toHaveLength(1);
    const retries = await auditEventsOf(ctx.database.db, who.appUuid, {
      fromState: 'SOFT_CREDIT_LOCKED',
    });
    expect(retries).toHaveLength(1);

    // A second POST after the first, still running: the same answer, nothing more.
    const again = await retry(who.token, who.appUuid);
    expect(again.statusCode).toBe(202);
    expect(await retryJobs(who.appUuid)).toHaveLength(1);
  });

  it(`refuses a retry more than ${CREDIT_UNLOCKED_DAYS} days after the application`, async () => {
    const who = await afterCreditCheck(SSN.locked);
    await detailsSubmittedAgo(who.appUuid, CREDIT_UNLOCKED_DAYS * DAY_MS + 60_000);

    const answer = {
      code: 'CREDIT_RETRY_WINDOW_CLOSED',
      message:
        'Your credit check can only be run again within 30 days of your application. Please start a new application.',
    };
    expect(answer.message).toBe(CREDIT_RETRY_MESSAGES.windowClosed);
    await expectRetryRefused(who.token, who.appUuid, 409, answer, 'SOFT_CREDIT_LOCKED');
  });

  it('allows a retry on the last day of the window', async () => {
    const who = await afterCreditCheck(SSN.frozen);
    await detailsSubmittedAgo(who.appUuid, CREDIT_UNLOCKED_DAYS * DAY_MS - 60_000);
    expect((await retry(who.token, who.appUuid)).statusCode).toBe(202);
  });

  it.each([
    ['no match', SSN.noMatch, 'SOFT_CREDIT_NO_MATCH'],
    ['a decline', SSN.declined, 'DECLINED'],
    ['an approval', SSN.approved, 'SIGN_DOCS'],
  ])('refuses a retry after %s with 409', async (_name, ssn, state) => {
    const who = await afterCreditCheck(ssn);
    expect(await stateOf(who.appUuid)).toBe(state);
    const answer = {
      code: 'CREDIT_RETRY_NOT_ALLOWED',
      message:
        'Your credit check can only be run again when your credit file was locked or frozen.',
    };
    await expectRetryRefused(who.token, who.appUuid, 409, answer, state);
  });

  it('refuses a retry before any details with 409', async () => {
    const who = await newBorrower(ctx.app);
    const accepted = await acceptedApplication(ctx.app, who.token);
    const response = await retry(who.token, accepted.appUuid);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CREDIT_RETRY_NOT_ALLOWED' });
  });

  it('refuses an id that is not a uuid with a field message', async () => {
    const who = await newBorrower(ctx.app);
    const response = await retry(who.token, 'not-a-uuid');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(response.json().fieldErrors).toHaveProperty('appUuid');
  });

  it('answers 401 without a token', async () => {
    const who = await afterCreditCheck(SSN.locked);
    const response = await retry(undefined, who.appUuid);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Unauthenticated' });
    expect(await stateOf(who.appUuid)).toBe('SOFT_CREDIT_LOCKED');
  });

  it('answers 404 for another borrower’s application and changes nothing', async () => {
    const owner = await afterCreditCheck(SSN.locked);
    const other = await newBorrower(ctx.app);
    const answer = { code: 'NOT_FOUND', message: 'Application not found' };
    await expectRetryRefused(other.token, owner.appUuid, 404, answer, 'SOFT_CREDIT_LOCKED');

    const unknown = await retry(other.token, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });

  it(`answers 429 past ${CREDIT_RETRIES_PER_IP_PER_MINUTE} retries a minute from one address`, async () => {
    const remoteAddress = '198.51.100.77';
    const appUuid = '00000000-0000-4000-8000-000000000001';
    for (let i = 0; i < CREDIT_RETRIES_PER_IP_PER_MINUTE; i += 1) {
      expect((await retry(undefined, appUuid, remoteAddress)).statusCode).toBe(401);
    }
    const limited = await retry(undefined, appUuid, remoteAddress);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
