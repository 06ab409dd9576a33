import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLATERAL_DEADLINE_CALENDAR_DAYS } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import { sandboxChainTransactions } from '../../src/db/schema/index.js';
import { cancelUnfundedApplications } from '../../src/services/collateral/cancel-unfunded.js';
import { enqueueCollateralSweeps } from '../../src/services/collateral/schedule-collateral-sweeps.js';
import {
  type TApplicationsTestContext,
  openBorrowerContext,
  type TBorrower,
} from '../applications/helpers.js';
import { queuedJobs } from '../helpers/jobs.js';
import { calculate, deposit, waitingApplication } from './helpers.js';
import { auditEventsOf } from '../helpers/audit-events.js';
import { applicationStateOf } from '../helpers/application-state.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('cancellation of unfunded applications', () => {
  let ctx: TApplicationsTestContext;
  let borrower: TBorrower;
  beforeAll(async () => ({ ctx, borrower } = await openBorrowerContext()));
  afterAll(() => ctx.close());

  const stateOf = (appUuid: string) => applicationStateOf(ctx.database.db, appUuid);

  it(`cancels after ${COLLATERAL_DEADLINE_CALENDAR_DAYS} calendar days, not before`, async () => {
    const now = new Date();
    const signedAt = new Date(now.getTime() - 4 * DAY_MS);
    const application = await waitingApplication(ctx, borrower.token, { signedAt });
    const deps = { db: ctx.database.db, chain: ctx.adapters.chain };

    const early = await cancelUnfundedApplications({ ...deps, clock: () => now });
    expect(early.cancelled).not.toContain(application.appUuid);
    expect(await stateOf(application.appUuid)).toBe('WAITING_FOR_COLLATERAL');

    // Just inside the deadline, then just past it.
    const deadline = signedAt.getTime() + COLLATERAL_DEADLINE_CALENDAR_DAYS * DAY_MS;
    await cancelUnfundedApplications({ ...deps, clock: () => new Date(deadline - 1000) });
    expect(await stateOf(application.appUuid)).toBe('WAITING_FOR_COLLATERAL');
    const late = await cancelUnfundedApplications({
      ...deps,
      clock: () => new Date(deadline + 1000),
    });
    expect(late.cancelled).toContain(application.appUuid);
    expect(await stateOf(application.appUuid)).toBe('CANCELLED');
    const [audit] = await auditEventsOf(ctx.database.db, application.appUuid, {
      toState: 'CANCELLED',
    });
    expect(audit).toMatchObject({
      actor: 'system:cancel-unfunded',
      fromState: 'WAITING_FOR_COLLATERAL',
    });

    // A second sweep (another instance) finds nothing more to do.
    const again = await cancelUnfundedApplications({
      ...deps,
      clock: () => new Date(deadline + 2000),
    });
    expect(again.cancelled).not.toContain(application.appUuid);
  });

  it('funds instead of cancelling when the collateral confirmed in time', async () => {
    const signedAt = new Date(Date.now() - 6 * DAY_MS);
    const application = await waitingApplication(ctx, borrower.token, { signedAt });
    const info = await calculate(ctx.app, borrower.token, application.appUuid);
    // Deposited but not yet confirmed when the address was last polled.
    await deposit(ctx.app, {
      address: info.wallet?.depositAddress ?? '',
      amount: '1',
      confirmations: 0,
    });
    expect(await stateOf(application.appUuid)).toBe('WAITING_FOR_COLLATERAL');
    // The chain confirms it.
    await ctx.database.db
      .update(sandboxChainTransactions)
      .set({ confirmations: 6 })
      .where(eq(sandboxChainTransactions.address, info.wallet?.depositAddress ?? ''));
    const result = await cancelUnfundedApplications({
      db: ctx.database.db,
      chain: ctx.adapters.chain,
      clock: () => new Date(),
    });
    expect(result.cancelled).not.toContain(application.appUuid);
    expect(await stateOf(application.appUuid)).toBe('MANUAL_FUNDING_RELEASE');
  });

  it('runs as deduplicated periodic jobs', async () => {
    const signedAt = new Date(Date.now() - 7 * DAY_MS);
    const application = await waitingApplication(ctx, borrower.token, { signedAt });
    const now = new Date();
    await enqueueCollateralSweeps(ctx.database.db, now);
    await enqueueCollateralSweeps(ctx.database.db, now);
    const queued = await queuedJobs(ctx.database.db, { kindLike: 'collateral.%' });
    expect(queued).toHaveLength(2);
    await ctx.runJobs();
    expect(await stateOf(application.appUuid)).toBe('CANCELLED');
  });
});
