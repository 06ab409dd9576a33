/**
 * Ending a margin call: collateral added through the loan's deposit address and the chain watcher
 * (once per transaction id), or a payment; and when neither comes, the cure deadline on the
 * deployment clock, or the liquidation LTV, starts the liquidation. A custody-only refinanced loan
 * with stabilization liquidates at 85 %.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TServicingLoan } from '@pledge/contract';
import { useApplicationsTestContext } from '../applications/helpers.js';
import {
  advanceDays,
  getLoan,
  openServicingWorld,
  runSweep,
  sandboxLoan,
  type TTestLoan,
  requestPayment,
  settleDebits,
} from '../servicing/helpers.js';
import { watchApplicationDeposits } from '../../src/services/collateral/watch-deposits.js';
import { createSandboxBankPayments } from '../../src/adapters/bank-payments/sandbox.js';

import {
  advanceHours,
  expectSubjects,
  freshLoan,
  liquidationsOf,
  loanRow,
  MARGIN_CALL_AND_CURE,
  moveTo,
  notices,
  pass,
  riskEvents,
} from './helpers.js';
import { sendCoins } from '../helpers/sandbox-chain.js';

const ctx = useApplicationsTestContext(openServicingWorld);

/** A fresh loan (the price back at $60,000 first), taken into a margin call at 82 %. */
async function loanInMarginCall(): Promise<TTestLoan> {
  const loan = await freshLoan(ctx);
  await moveTo(ctx, loan, 82);
  expect((await loanRow(ctx, loan)).status).toBe('MARGIN_CALL');
  return loan;
}

describe('cure by deposit', () => {
  it('adds a confirmed deposit to the collateral once and ends the margin call', async () => {
    const loan = await loanInMarginCall();
    const view = await getLoan(ctx, loan);
    const address = view.risk.depositAddress;
    expect(address).not.toBeNull();
    const needed = view.risk.collateralToWarning;
    expect(Number(needed)).toBeGreaterThan(0);

    await sendCoins(ctx.app, address ?? '', needed);
    const row = await loanRow(ctx, loan);
    expect(Number(row.collateral_units)).toBeCloseTo(1 + Number(needed), 8);
    // Watching the address again counts nothing twice.
    await watchApplicationDeposits(
      { db: ctx.database.db, chain: ctx.adapters.chain, clock: () => new Date() },
      loan.loanUuid,
    );
    expect((await loanRow(ctx, loan)).collateral_units).toBe(row.collateral_units);
    // The deposit queued the pass; it runs and cures the loan below the warning level.
    const queued = await ctx.database.db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM graphile_worker._private_jobs
          WHERE key LIKE ${`risk-pass:deposit:${loan.loanUuid}:%`}`,
    );
    expect(Number(queued.rows[0]?.n)).toBe(1);
    await pass(ctx);
    const after = await loanRow(ctx, loan);
    expect(after.status).toBe('ACTIVE');
    expect(after.risk_level).toBe('NONE');
    expect(after.cure_deadline).toBeNull();
    expectSubjects(await notices(ctx, loan), MARGIN_CALL_AND_CURE);
    const shown = await getLoan(ctx, loan);
    expect(shown.collateral.coinQuantity).toBe(shown.risk.collateral.coinQuantity);
    expect(Number(shown.risk.collateral.coinQuantity)).toBeCloseTo(1 + Number(needed), 8);
    expect(shown.risk.ltvPct).toBeLessThan(75);
  });
});

/** A coin quantity ("1.25", up to 8 decimals) in satoshi-like units of 10⁻⁸. */
function coinUnits(quantity: string): bigint {
  const [whole = '0', fraction = ''] = quantity.split('.');
  return BigInt(whole) * 100_000_000n + BigInt(fraction.padEnd(8, '0').slice(0, 8));
}

/**
 * The payment that leaves the LTV shown (2 decimals, half up) below `ltvPct`, computed here from
 * the loan's figures: a payment clears fees and accrued interest first (the ledger's order), and
 * only the rest lowers the interest-bearing balance (principal, origination fee, deferred interest)
 * the LTV is on. Shown below 75.00 % is exactly below 74.995 %: the balance must end at the highest
 * whole cent strictly below coins × price × (ltvPct − 0.005) %.
 */
function paymentBelowLtvCents(
  loan: TServicingLoan,
  ltvPct: number,
): {
  paymentCents: number;
  balanceAfterCents: number;
} {
  const { balances, risk } = loan;
  if (risk.price === null) throw new Error('No stored price');
  const bearingCents =
    balances.principalCents + balances.originationFeeCents + balances.deferredInterestCents;
  // coins × price × (ltv − 0.005) / 100, coins in 10⁻⁸, the limit in cents: exact in integers.
  const numerator =
    coinUnits(risk.collateral.coinQuantity) *
    BigInt(risk.price.priceCents) *
    (BigInt(Math.round(ltvPct * 1000)) - 5n);
  const denominator = 100_000_000n * 100n * 1000n;
  const floor = numerator / denominator;
  const highestBelow = Number(numerator % denominator === 0n ? floor - 1n : floor);
  const lowerBy = Math.max(bearingCents - highestBelow, 0);
  return {
    paymentCents: balances.feesCents + balances.accruedInterestCents + lowerBy,
    balanceAfterCents: bearingCents - lowerBy,
  };
}

describe('cure by payment', () => {
  it('ends the margin call when a payment that brings the LTV below the warning level has settled', async () => {
    const loan = await loanInMarginCall();
    // A day later interest has accrued: a payment clears it before it lowers the balance.
    await advanceDays(ctx, 1, loan);
    await runSweep(ctx);
    await pass(ctx);
    const view = await getLoan(ctx, loan);
    expect(view.status).toBe('MARGIN_CALL');
    expect(view.balances.accruedInterestCents).toBeGreaterThan(0);
    const expected = paymentBelowLtvCents(view, view.risk.thresholds.warningLtvPct);
    // The page's "pay down" figure is that payment, accrued interest counted once.
    expect(view.risk.paymentToWarningCents).toBe(expected.paymentCents);
    const response = await requestPayment(
      ctx,
      loan,
      expected.paymentCents,
      `cure-${loan.loanUuid}`,
    );
    expect(response.statusCode, response.body).toBeLessThan(300);
    // Pending, the debit is money in flight: the margin call runs on.
    await pass(ctx);
    expect((await loanRow(ctx, loan)).status).toBe('MARGIN_CALL');
    // The bank settles it (a same-day debit: its clock is days ahead of the deployment's).
    await settleDebits(ctx, (now) =>
      createSandboxBankPayments(() => new Date(now().getTime() + 4 * 86_400_000)),
    );
    await pass(ctx);
    const row = await loanRow(ctx, loan);
    expect(row.status).toBe('ACTIVE');
    // Exactly the balance just below the warning level: nothing more was asked than needed.
    expect(Number(row.interest_bearing_cents)).toBe(expected.balanceAfterCents);
    expect(Number(row.risk_ltv_pct)).toBeLessThan(75);
    expectSubjects(await notices(ctx, loan), MARGIN_CALL_AND_CURE);
  });
});

describe('no cure', () => {
  it('liquidates once the 48-hour cure deadline has passed on the deployment clock', async () => {
    const loan = await loanInMarginCall();
    // Not yet: 47 hours later the margin call still runs.
    await advanceHours(ctx, 47);
    await pass(ctx);
    expect(await liquidationsOf(ctx, loan)).toEqual([]);
    expect((await loanRow(ctx, loan)).status).toBe('MARGIN_CALL');
    await advanceHours(ctx, 1.5);
    await pass(ctx);
    const orders = await liquidationsOf(ctx, loan);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.reason).toBe('CURE_DEADLINE_PASSED');
    expect((await loanRow(ctx, loan)).cure_deadline).toBeNull();
    const mails = await notices(ctx, loan);
    expect(mails.at(-1)?.body_text).toContain('The 48 hours of your margin call have passed');
    // Another pass starts nothing more.
    await pass(ctx);
    expect(await liquidationsOf(ctx, loan)).toHaveLength(1);
  });

  it('liquidates at 90 % at once, with its notice alone: no "act now" for what is already done', async () => {
    const loan = await freshLoan(ctx);
    await moveTo(ctx, loan, 91);
    const orders = await liquidationsOf(ctx, loan);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.reason).toBe('LIQUIDATION_LTV');
    expectSubjects(await notices(ctx, loan), ['LIQUIDATION']);
    const events = await riskEvents(ctx, loan);
    expect(events[0]?.to_level).toBe('LIQUIDATION');
  });

  it('liquidates a custody-only refinanced loan with stabilization at 85 %', async () => {
    const stabilized = await freshLoan(ctx);
    const plain = await sandboxLoan(ctx);
    await ctx.database.db.execute(
      sql`UPDATE servicing_loans SET stabilization = true WHERE loan_uuid = ${stabilized.loanUuid}`,
    );
    const view = await getLoan(ctx, stabilized);
    expect(view.risk.thresholds.liquidationLtvPct).toBe(85);
    await moveTo(ctx, stabilized, 85.5);
    expect(await liquidationsOf(ctx, stabilized)).toHaveLength(1);
    // The same price leaves an ordinary loan in margin call.
    expect(await liquidationsOf(ctx, plain)).toEqual([]);
    expect((await loanRow(ctx, plain)).status).toBe('MARGIN_CALL');
  });
});
