/**
 * The loan page's figures of the start and of the server's clock (issue 33, finding 10): the LTV
 * the loan started at is the real one, with the fee, 2 decimals (never the tier's "75 %"); the view
 * carries the server's time, on which the cure countdown runs.
 */
import { describe, expect, it } from 'vitest';
import { useApplicationsTestContext } from '../applications/helpers.js';
import { advanceDays, getLoan, openServicingWorld, sandboxLoan } from './helpers.js';

const ctx = useApplicationsTestContext(openServicingWorld);

describe('the loan view', () => {
  it('shows the LTV the loan started at, with its fee, to 2 decimals', async () => {
    // $44,000 and Ohio's 1 % fee ($440) on 1 BTC at $60,000: 74.07 %, in the tier up to 75 %.
    const loan = await sandboxLoan(ctx, { drawAmount: 44_000, state: 'OH' });
    const view = await getLoan(ctx, loan);
    expect(view.initialLtvPct).toBe(74.07);
    expect(view.interestRatePct).toBe(11.5);
    expect(view.risk.thresholds.liquidationLtvPct).toBe(90);
  });

  it('carries the server’s clock, moved with the sandbox clock', async () => {
    const loan = await sandboxLoan(ctx);
    const before = Date.parse((await getLoan(ctx, loan)).asOf);
    await advanceDays(ctx, 2, loan);
    const after = Date.parse((await getLoan(ctx, loan)).asOf);
    expect(after - before).toBeGreaterThanOrEqual(2 * 24 * 60 * 60 * 1000);
    expect(after - before).toBeLessThan(2 * 24 * 60 * 60 * 1000 + 10 * 60 * 1000);
  });
});
