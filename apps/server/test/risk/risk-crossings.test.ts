/**
 * The risk pass against PostgreSQL, one sandbox loan at 8.91 % (levels 75 / 76 / 80 / 90): every
 * threshold crossing up and down with exactly one notice each, a hovering price that sends nothing,
 * the re-arm, a jump over several thresholds, the stored price behind each crossing, the view.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { momentInWords } from '@pledge/domain';
import { sql } from 'drizzle-orm';
import { useApplicationsTestContext } from '../applications/helpers.js';
import { getLoan, openServicingWorld, sandboxLoan, type TTestLoan } from '../servicing/helpers.js';
import {
  deploymentNow,
  expectSubjects,
  freshLoan,
  loanRow,
  moveTo,
  notices,
  pass,
  riskEvents,
  MARGIN_CALL_AND_CURE,
} from './helpers.js';

const ctx = useApplicationsTestContext(openServicingWorld);

describe('a loan moving through its levels', () => {
  let loan: TTestLoan;
  beforeAll(async () => {
    loan = await sandboxLoan(ctx);
  });

  it('opens with its collateral, coin and tier on the servicing row and no risk', async () => {
    const row = await loanRow(ctx, loan);
    expect(row).toMatchObject({
      collateral_type: 'BTC',
      risk_tier_id: 'RATE_1',
      risk_level: 'NONE',
      status: 'ACTIVE',
      stabilization: false,
    });
    expect(Number(row.collateral_units)).toBe(1);
    expect((await pass(ctx)).changed).toBe(0);
    expect(await notices(ctx, loan)).toEqual([]);
  });

  it('sends the warning once at 75 % and nothing more while the price hovers', async () => {
    await moveTo(ctx, loan, 75.2);
    expect((await loanRow(ctx, loan)).risk_level).toBe('WARNING');
    expectSubjects(await notices(ctx, loan), ['WARNING']);
    // Hovering around the threshold, and a repeated pass: no new notice, no new crossing.
    await moveTo(ctx, loan, 74.6);
    await moveTo(ctx, loan, 75.4);
    await pass(ctx);
    expectSubjects(await notices(ctx, loan), ['WARNING']);
    const [warning] = await notices(ctx, loan);
    expect(warning?.body_text).toContain('Loan-to-value now: 75.2');
    expect(warning?.body_text).toMatch(/at \$\d[\d,]*\.\d\d per BTC \(price #\d+\)/);
  });

  it('sends the courtesy notice at 76 % and the margin call at 80 % with its 48-hour deadline', async () => {
    await moveTo(ctx, loan, 76.5);
    expectSubjects(await notices(ctx, loan), ['WARNING', 'COURTESY_NOTICE']);
    const before = await deploymentNow(ctx);
    await moveTo(ctx, loan, 81);
    const row = await loanRow(ctx, loan);
    expect(row.status).toBe('MARGIN_CALL');
    expect(row.risk_level).toBe('MARGIN_CALL');
    const deadline = new Date(row.cure_deadline as string);
    const hours = (deadline.getTime() - before.getTime()) / 3_600_000;
    expect(hours).toBeGreaterThanOrEqual(47.99);
    expect(hours).toBeLessThan(48.1);
    const mails = await notices(ctx, loan);
    expectSubjects(mails, ['WARNING', 'COURTESY_NOTICE', 'MARGIN_CALL']);
    // The deadline in words, in UTC, as people read it (never an ISO timestamp).
    expect(mails[2]?.body_text).toContain(`by ${momentInWords(deadline)} (48 hours)`);
    expect(mails[2]?.body_text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);

    const view = await getLoan(ctx, loan);
    expect(view.status).toBe('MARGIN_CALL');
    expect(view.risk.level).toBe('MARGIN_CALL');
    expect(view.risk.cureDeadline).toBe(deadline.toISOString());
    expect(view.risk.ltvPct).toBeCloseTo(81, 1);
    expect(view.risk.thresholds).toEqual({
      warningLtvPct: 75,
      courtesyNoticeLtvPct: 76,
      marginCallLtvPct: 80,
      liquidationLtvPct: 90,
    });
    // The 8.91 % tier's loan is sold back down to its 50 % maximum initial LTV (the what-if's sale).
    expect(view.risk.liquidationTargetLtvPct).toBe(50);
    expect(view.risk.price?.source).toBe('SANDBOX');
    expect(view.risk.depositAddress).not.toBeNull();
    expect(Number(view.risk.collateralToWarning)).toBeGreaterThan(0);
    expect(view.risk.paymentToWarningCents).toBeGreaterThan(0);
    const triggers = view.risk.triggerPrices;
    expect(triggers?.marginCallPriceCents).toBeGreaterThan(triggers?.liquidationPriceCents ?? 0);
    expect(view.liquidations).toEqual([]);
  });

  it('is back to normal below 80 %, then re-arms only clearly below a level', async () => {
    await moveTo(ctx, loan, 77);
    let row = await loanRow(ctx, loan);
    expect(row.status).toBe('ACTIVE');
    expect(row.cure_deadline).toBeNull();
    expect(row.risk_level).toBe('COURTESY_NOTICE');
    expectSubjects(await notices(ctx, loan), MARGIN_CALL_AND_CURE);
    // Falling just under the warning level keeps the warning notified: no second warning on the way up.
    await moveTo(ctx, loan, 74.5);
    await moveTo(ctx, loan, 75.5);
    expect((await notices(ctx, loan)).length).toBe(4);
    // Clearly below (more than a point): re-armed; the next rise warns again.
    await moveTo(ctx, loan, 70);
    row = await loanRow(ctx, loan);
    expect(row.risk_level).toBe('NONE');
    expect(row.risk_notified_level).toBe('NONE');
    await moveTo(ctx, loan, 75.5);
    expectSubjects(await notices(ctx, loan), [...MARGIN_CALL_AND_CURE, 'WARNING']);
  });

  it('records each crossing with the stored price behind it, and audits it', async () => {
    const events = await riskEvents(ctx, loan);
    expect(events.map((event) => `${event.from_level}>${event.to_level}`)).toContain(
      'COURTESY_NOTICE>MARGIN_CALL',
    );
    for (const event of events) {
      const price = await ctx.database.db.execute<{ accepted: boolean; source: string }>(
        sql`SELECT accepted, source FROM price_observations WHERE id = ${event.price_observation_id}`,
      );
      expect(price.rows[0]).toEqual({ accepted: true, source: 'SANDBOX' });
    }
    const audits = await ctx.database.db.execute<{ reason: string }>(
      sql`SELECT reason FROM audit_events WHERE entity_type = 'servicing-loan'
          AND entity_id = ${loan.loanUuid} AND actor = 'system:risk-pass'`,
    );
    expect(audits.rows.length).toBe(events.length);
    expect(audits.rows.some((row) => row.reason.includes('notices: MARGIN_CALL'))).toBe(true);
  });
});

describe('a jump over several thresholds', () => {
  it('sends each notice once, lowest first, in one crossing', async () => {
    const loan = await freshLoan(ctx);
    await moveTo(ctx, loan, 85);
    expectSubjects(await notices(ctx, loan), ['WARNING', 'COURTESY_NOTICE', 'MARGIN_CALL']);
    const events = await riskEvents(ctx, loan);
    expect(events).toHaveLength(1);
    expect(events[0]?.notices).toEqual(['WARNING', 'COURTESY_NOTICE', 'MARGIN_CALL']);
    // The same price again moves nothing.
    await moveTo(ctx, loan, 85);
    expect(await notices(ctx, loan)).toHaveLength(3);
    expect(await riskEvents(ctx, loan)).toHaveLength(1);
    // Straight back down below the warning: cured, and nothing else is sent.
    await moveTo(ctx, loan, 60);
    expectSubjects(await notices(ctx, loan), MARGIN_CALL_AND_CURE);
    expect((await loanRow(ctx, loan)).risk_level).toBe('NONE');
  });
});
