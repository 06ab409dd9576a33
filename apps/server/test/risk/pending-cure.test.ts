/**
 * Money in flight is not money received (issue 33, finding 3): a borrower in margin call who pays
 * by ACH debit is not cured while the debit is pending, and its return (days later, by the bank)
 * opens no fresh 48-hour window: the cure deadline is the one set when the call opened, and the
 * liquidation follows at it. Settled money cures, and so does collateral confirmed on chain, a
 * pending debit or not. The LTVs are worked out here from the loan's figures and the price.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SANDBOX_ACH_RULES } from '../../src/adapters/bank-payments/sandbox.js';
import { useApplicationsTestContext } from '../applications/helpers.js';
import {
  getLoan,
  openServicingWorld,
  payByDebit,
  runSweep,
  setBtcPrice,
  type TTestLoan,
} from '../servicing/helpers.js';
import {
  advanceHours,
  expectSubjects,
  freshLoan,
  liquidationsOf,
  loanRow,
  ltvOf,
  moveTo,
  notices,
  pass,
  priceAtLtvUsd,
  MARGIN_CALL_AND_CURE,
} from './helpers.js';
import { sendCoins } from '../helpers/sandbox-chain.js';

const ctx = useApplicationsTestContext(openServicingWorld);

/** A fresh loan at $60,000 a coin, its row and the BTC price that puts it at `ltvPct`. */
async function freshLoanAt(ltvPct: number) {
  const loan = await freshLoan(ctx);
  return { loan, priceUsd: await priceAtLtvUsd(ctx, loan, ltvPct) };
}

/** A timestamp as the database driver answers it (a Date, or its text). */
function timeOf(value: string | Date | null): Date {
  if (value === null) throw new Error('no time');
  return new Date(value);
}

/**
 * A payment that, once counted, brings the loan below the warning level even at the margin-call
 * price: what it owes besides the interest-bearing balance (paid first), and the share of that
 * balance above 74 % at an LTV of 82 %.
 */
async function curingPaymentCents(loan: TTestLoan): Promise<number> {
  const view = await getLoan(ctx, loan);
  const bearing =
    view.balances.totalCents - view.balances.accruedInterestCents - view.balances.feesCents;
  return (
    view.balances.accruedInterestCents +
    view.balances.feesCents +
    Math.ceil((bearing * (82 - 74)) / 82)
  );
}

async function liquidationReasons(loan: TTestLoan) {
  return (await liquidationsOf(ctx, loan)).map((row) => row.reason);
}

async function paymentStatus(paymentUuid: string): Promise<string | undefined> {
  const result = await ctx.database.db.execute<{ status: string }>(
    sql`SELECT status FROM servicing_payments WHERE uuid = ${paymentUuid}`,
  );
  return result.rows[0]?.status;
}

describe('a pending debit in a margin call', () => {
  it('cures nothing: the deadline set when the call opened stands and the liquidation follows at it', async () => {
    const { loan, priceUsd } = await freshLoanAt(82);
    const opened = await loanRow(ctx, loan);
    const balanceCents = Number(opened.interest_bearing_cents);
    await setBtcPrice(ctx, priceUsd);
    await pass(ctx);
    const called = await loanRow(ctx, loan);
    expect(called.status).toBe('MARGIN_CALL');
    const deadline = called.cure_deadline;
    expect(deadline).not.toBeNull();

    // The page asks for a payment that would bring the loan below the warning level; the borrower
    // pays it, and more, by debit.
    const view = await getLoan(ctx, loan);
    const amountCents = view.risk.paymentToWarningCents + view.balances.accruedInterestCents + 100;
    const payment = await payByDebit(ctx, loan, amountCents, `cure-${loan.loanUuid}`);
    expect(payment.status).toBe('PENDING');
    // The ledger shows the payment (pending debits are posted when the bank accepts them) ...
    const paid = await loanRow(ctx, loan);
    expect(Number(paid.interest_bearing_cents)).toBeLessThan(balanceCents);
    expect(
      ltvOf(Number(paid.interest_bearing_cents), paid.collateral_units, priceUsd),
    ).toBeLessThan(75);

    // ... but the pass does not count it: still in margin call, same deadline, no cure notice.
    await pass(ctx);
    const after = await loanRow(ctx, loan);
    expect(after.status).toBe('MARGIN_CALL');
    expect(after.cure_deadline).toEqual(deadline);
    expect(Number(after.risk_ltv_pct)).toBeCloseTo(
      ltvOf(balanceCents, after.collateral_units, priceUsd),
      2,
    );
    expectSubjects(await notices(ctx, loan), ['WARNING', 'COURTESY_NOTICE', 'MARGIN_CALL']);
    // The loan page says the same as the pass: margin call, at the LTV without the pending debit.
    const shown = await getLoan(ctx, loan);
    expect(shown.risk.level).toBe('MARGIN_CALL');
    expect(shown.risk.ltvPct).toBeCloseTo(ltvOf(balanceCents, after.collateral_units, priceUsd), 2);
    expect(shown.risk.cureDeadline).toBe(timeOf(deadline).toISOString());

    // 47 hours on: the debit is still in flight, the call runs with its deadline.
    await advanceHours(ctx, 47, loan);
    await runSweep(ctx);
    await pass(ctx);
    expect(await paymentStatus(payment.paymentUuid)).toBe('PENDING');
    expect((await loanRow(ctx, loan)).cure_deadline).toEqual(deadline);
    expect(await liquidationReasons(loan)).toEqual([]);

    // The deadline passes: the liquidation starts, as for a borrower who paid nothing.
    await advanceHours(ctx, 1.5, loan);
    await pass(ctx);
    expect(await liquidationReasons(loan)).toEqual(['CURE_DEADLINE_PASSED']);
  });

  it('when returned by the bank opens no fresh window: the loop of finding 3 cannot restart the 48 hours', async () => {
    const { loan, priceUsd: marginCallPriceUsd } = await freshLoanAt(82);
    await moveTo(ctx, loan, 76.5);
    // At the courtesy level the borrower pays down by debit; the bank will return it (cents .02).
    const amountCents =
      Math.ceil((await curingPaymentCents(loan)) / 100) * 100 + SANDBOX_ACH_RULES.returnedCents;
    const payment = await payByDebit(ctx, loan, amountCents, `returned-${loan.loanUuid}`);
    await pass(ctx);
    expect((await loanRow(ctx, loan)).risk_level).toBe('COURTESY_NOTICE');

    // Two days on the price falls: the call opens on the balance without the debit in flight.
    await advanceHours(ctx, 48, loan);
    await setBtcPrice(ctx, marginCallPriceUsd);
    await pass(ctx);
    const called = await loanRow(ctx, loan);
    expect(called.status).toBe('MARGIN_CALL');
    const deadline = timeOf(called.cure_deadline);

    // The bank returns the debit inside the window: nothing about the call changes.
    await advanceHours(ctx, 26, loan);
    await runSweep(ctx);
    expect(await paymentStatus(payment.paymentUuid)).toBe('RETURNED');
    await pass(ctx);
    const returned = await loanRow(ctx, loan);
    expect(returned.status).toBe('MARGIN_CALL');
    expect(timeOf(returned.cure_deadline)).toEqual(deadline);
    expectSubjects(await notices(ctx, loan), ['WARNING', 'COURTESY_NOTICE', 'MARGIN_CALL']);

    // Another debit sent now changes nothing either; at the first deadline the loan liquidates.
    await payByDebit(
      ctx,
      loan,
      amountCents - SANDBOX_ACH_RULES.returnedCents,
      `again-${loan.loanUuid}`,
    );
    await pass(ctx);
    expect(timeOf((await loanRow(ctx, loan)).cure_deadline)).toEqual(deadline);
    await advanceHours(ctx, 23, loan);
    await pass(ctx);
    expect(await liquidationReasons(loan)).toEqual(['CURE_DEADLINE_PASSED']);
  });
});

describe('what cures a margin call', () => {
  it('a debit once it has settled', async () => {
    const { loan, priceUsd: marginCallPriceUsd } = await freshLoanAt(82);
    await moveTo(ctx, loan, 76.5);
    const amountCents = await curingPaymentCents(loan);
    const payment = await payByDebit(ctx, loan, amountCents, `settles-${loan.loanUuid}`);

    await advanceHours(ctx, 48, loan);
    await setBtcPrice(ctx, marginCallPriceUsd);
    await pass(ctx);
    expect((await loanRow(ctx, loan)).status).toBe('MARGIN_CALL');

    // Three days after it was sent the debit settles: now it counts, and cures the call.
    await advanceHours(ctx, 25, loan);
    await runSweep(ctx);
    expect(await paymentStatus(payment.paymentUuid)).toBe('SETTLED');
    await pass(ctx);
    const cured = await loanRow(ctx, loan);
    expect(cured.status).toBe('ACTIVE');
    expect(cured.cure_deadline).toBeNull();
    expect(
      ltvOf(Number(cured.interest_bearing_cents), cured.collateral_units, marginCallPriceUsd),
    ).toBeLessThan(75);
    expectSubjects(await notices(ctx, loan), MARGIN_CALL_AND_CURE);
    expect(await liquidationReasons(loan)).toEqual([]);
  });

  it('collateral confirmed on chain, while a debit is still pending', async () => {
    const { loan, priceUsd } = await freshLoanAt(82);
    await setBtcPrice(ctx, priceUsd);
    await pass(ctx);
    const before = await getLoan(ctx, loan);
    await payByDebit(ctx, loan, 50_000, `small-${loan.loanUuid}`);
    // What the page asks for is worked out without the pending debit, so depositing it cures.
    const view = await getLoan(ctx, loan);
    expect(view.risk.collateralToWarning).toBe(before.risk.collateralToWarning);
    await sendCoins(ctx.app, view.risk.depositAddress ?? '', view.risk.collateralToWarning);
    await pass(ctx);
    const cured = await loanRow(ctx, loan);
    expect(cured.status).toBe('ACTIVE');
    expect(cured.risk_level).toBe('NONE');
    expectSubjects(await notices(ctx, loan), MARGIN_CALL_AND_CURE);
  });
});
