/**
 * Issue 34, finding 7: after a deadline every renewal says what happened. A renewal waiting for its
 * top-up 5 days after signing is cancelled (COLLATERAL_DEADLINE); renewals still open when their
 * loan matures end, whether opened only or waiting for coins (MATURED); each application then
 * carries its ending, and the loan's renewal window says it is past (position AFTER), so that no
 * page offers a renewal that can no longer happen. One database for the file: the clock only moves
 * forward.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TApplication } from '@pledge/contract';
import { cancelUnfundedApplications } from '../../src/services/collateral/cancel-unfunded.js';
import { sweepRenewalTopUps } from '../../src/services/renewal/watch-renewal-top-ups.js';
import { LEAP, useApplicationsTestContext } from '../applications/helpers.js';
import {
  advanceDays,
  type TTestLoan,
  useSandboxLoans,
  loanStatuses,
} from '../servicing/helpers.js';
import {
  enterRenewalWindow,
  getAs,
  openRenewal,
  requestRenewal,
  sandboxNow,
  waitingRenewal,
} from './helpers.js';

const ctx = useApplicationsTestContext();
const all: TTestLoan[] = [];

/** The sandbox clock moved on by whole days; everyone signs in again. */
async function daysLater(days: number): Promise<Date> {
  await advanceDays(ctx, days, ...all);
  return sandboxNow(ctx);
}

async function applicationOf(loan: TTestLoan, appUuid: string): Promise<TApplication> {
  return getAs<TApplication>(ctx, loan.token, `${LEAP}/secure/api/v1/applications/${appUuid}`);
}

async function renewalWindowOf(loan: TTestLoan) {
  const loans = await loanStatuses(ctx, loan.token);
  return loans.find((candidate) => candidate.appUuid === loan.loanUuid)?.renewal;
}

const [unfunded, openedOnly, waiting] = useSandboxLoans(ctx, 3, 180_000);

beforeAll(async () => {
  all.push(unfunded, openedOnly, waiting);
  // Into the renewal window: 20 days before maturity.
  await enterRenewalWindow(ctx, all);
}, 180_000);

describe('a renewal after its deadline says what happened', () => {
  it('is cancelled 5 days after signing without its top-up, and says so', async () => {
    const renewal = await waitingRenewal(ctx, unfunded, '0.1');
    expect((await renewalWindowOf(unfunded))?.position).toBe('OPEN');
    const later = await daysLater(6);
    const result = await cancelUnfundedApplications({
      db: ctx.database.db,
      chain: ctx.adapters.chain,
      clock: () => later,
    });
    expect(result.cancelled).toContain(renewal.appUuid);
    const ended = await applicationOf(unfunded, renewal.appUuid);
    expect(ended.state).toBe('CANCELLED');
    expect(ended.ending?.reason).toBe('COLLATERAL_DEADLINE');
  });

  it('ends when the loan matures, opened only or waiting for its coins', async () => {
    const opened = await openRenewal(ctx, openedOnly);
    const signed = await waitingRenewal(ctx, waiting, '0.1');
    // Nothing ends before the maturity date.
    const before = await sandboxNow(ctx);
    await sweepRenewalTopUps({
      db: ctx.database.db,
      chain: ctx.adapters.chain,
      clock: () => before,
    });
    expect((await applicationOf(openedOnly, opened.appUuid)).state).toBe('CREATED');

    const after = await daysLater(16);
    const deps = { db: ctx.database.db, chain: ctx.adapters.chain, clock: () => after };
    await sweepRenewalTopUps(deps);
    await sweepRenewalTopUps(deps);
    for (const [loan, renewal] of [
      [openedOnly, opened],
      [waiting, signed],
    ] as const) {
      const ended = await applicationOf(loan, renewal.appUuid);
      expect(ended.state).toBe('CANCELLED');
      expect(ended.ending).toMatchObject({ reason: 'MATURED' });
      // The loan's window is past: no page offers to renew it or says it opens later.
      const window = await renewalWindowOf(loan);
      expect(window).toMatchObject({ isOpen: false, position: 'AFTER' });
    }
    // Opening a renewal of a matured loan is refused with the rule's words.
    const refused = await requestRenewal(ctx, openedOnly.token, openedOnly.loanUuid);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'MATURED' });
  });
});
