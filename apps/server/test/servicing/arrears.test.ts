/**
 * Issue 33, findings 5, 6 and 7, replayed through the real server on the sandbox clock:
 * - 5: "Pay down $X" paid exactly brings the loan below the warning level (the payment clears the
 *   fees and interest first, so the figure carries them);
 * - 6: the schedule, the loan page's next payment and the dashboard (loanStatus) say the same: a
 *   paid instalment is paid, a deferred one deferred, a matured loan asks its whole balance;
 * - 7: a missed instalment stays past due with its own date through the next statement, and the
 *   borrower gets a past-due notice at 1, 10 and 30 days, each once however often the sweep runs.
 * Every expected amount is computed here, from the ledger's balances and the loan's rate, not by
 * the product's functions.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TServicingLoan } from '@pledge/contract';
import { dayInWords } from '@pledge/domain';
import { sql } from 'drizzle-orm';
import { useApplicationsTestContext } from '../applications/helpers.js';
import { deploymentDay, pass } from '../risk/helpers.js';
import {
  advanceDays,
  getLoan,
  mailTo,
  openServicingWorldAtDayStart,
  payByDebit,
  runSweep,
  sandboxLoan,
  setBtcPrice,
  type TTestLoan,
  requestDeferral,
  dashboardLoan,
} from './helpers.js';

const MS_PER_DAY = 86_400_000;
/** The sandbox bank settles a debit after 3 days (ACH_SETTLEMENT_DAYS). */
const SETTLEMENT_DAYS = 3;

const ctx = useApplicationsTestContext(openServicingWorldAtDayStart);

const today = () => deploymentDay(ctx);

/** Calendar days between two YYYY-MM-DD days. */
function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / MS_PER_DAY);
}

function plusDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Moves the clock to `day` (never back) and runs the sweep there. */
async function sweepOn(day: string, ...loans: TTestLoan[]): Promise<void> {
  const days = daysFrom(await today(), day);
  expect(days).toBeGreaterThanOrEqual(0);
  if (days > 0) await advanceDays(ctx, days, ...loans);
  await runSweep(ctx);
}

/** The loan page and the dashboard card say the same of what is due. */
async function expectOneView(loan: TTestLoan): Promise<TServicingLoan> {
  const view = await getLoan(ctx, loan);
  const card = await dashboardLoan(ctx, loan);
  expect(card.nextPayment).toEqual(view.nextPayment);
  expect(card.nextPaymentDue).toBe(view.nextPayment?.dueDate ?? null);
  expect(card.nextPaymentAmount).toBe(
    view.nextPayment === null ? null : view.nextPayment.amountCents / 100,
  );
  return view;
}

async function rateBpsOf(loan: TTestLoan): Promise<bigint> {
  const result = await ctx.database.db.execute<{ bps: number }>(
    sql`SELECT interest_rate_bps AS bps FROM servicing_loans WHERE loan_uuid = ${loan.loanUuid}`,
  );
  return BigInt(result.rows[0]?.bps ?? 0);
}

/** Half-up division of non-negative whole numbers. */
function divHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/** A whole 30/360 month's interest on a balance: balance × rate × 30 / 360, half-up to the cent. */
function monthInterestCents(balanceCents: number, rateBps: bigint): number {
  return Number(divHalfUp(BigInt(balanceCents) * rateBps * 30n, 360n * 10_000n));
}

/** 30/360 (bond basis) days from `start` to `end`. */
function days360(start: string, end: string): number {
  const [y1, m1, d1] = start.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = end.split('-').map(Number) as [number, number, number];
  const first = Math.min(d1, 30);
  const second = d2 === 31 && first === 30 ? 30 : Math.min(d2, 30);
  return 360 * (y2 - y1) + 30 * (m2 - m1) + (second - first);
}

const pastDueMail = async (loan: TTestLoan) =>
  (await mailTo(ctx, loan.email)).filter((message) => message.subject.includes('past due'));

describe('finding 5: paying "Pay down $X" brings the loan below the warning level', () => {
  it('the figure carries the fees and interest the payment clears first', async () => {
    await setBtcPrice(ctx, 60_000);
    const loan = await sandboxLoan(ctx);
    const funded = await getLoan(ctx, loan);
    // Ten days of interest in the ledger, and one more day the payment itself accrues.
    await sweepOn(plusDays(funded.fundedOn, 10), loan);
    await advanceDays(ctx, 1, loan);
    const day = await today();

    // 1 BTC at a price that puts the loan in warning (75.5 %), a figure the sandbox bank takes
    // (an amount ending in 01 or 02 cents is its refusal and its return).
    const bearing = funded.balances.principalCents + funded.balances.originationFeeCents;
    let priceCents = Math.floor((bearing * 100) / 75.5);
    let view: TServicingLoan;
    for (;;) {
      await setBtcPrice(ctx, priceCents / 100);
      await pass(ctx);
      view = await getLoan(ctx, loan);
      const cents = view.risk.paymentToWarningCents % 100;
      if (cents !== 1 && cents !== 2) break;
      priceCents -= 1;
    }
    expect(view.risk.level).toBe('WARNING');

    // Expected, here: below 74.995 % of the collateral's value (it shows as 74.99 %), the
    // interest-bearing balance at most the highest whole cent strictly under that limit; before it
    // the payment clears the fees, the accrued interest and today's interest not yet accrued.
    const limitTimes1000 = BigInt(priceCents) * 74_995n; // cents × 1000 (1 BTC)
    const allowed =
      limitTimes1000 % 100_000n === 0n ? limitTimes1000 / 100_000n - 1n : limitTimes1000 / 100_000n;
    const principalCut = bearing - Number(allowed);
    const rateBps = await rateBpsOf(loan);
    const interestToDate = Number(
      divHalfUp(BigInt(bearing) * rateBps * BigInt(days360(view.fundedOn, day)), 360n * 10_000n),
    );
    const notYetAccrued = interestToDate - view.balances.accruedInterestCents;
    expect(view.balances.accruedInterestCents).toBeGreaterThan(0);
    expect(notYetAccrued).toBeGreaterThan(0);
    const expected =
      view.balances.feesCents + view.balances.accruedInterestCents + notYetAccrued + principalCut;
    expect(view.risk.paymentToWarningCents).toBe(expected);

    await payByDebit(ctx, loan, view.risk.paymentToWarningCents, 'pay-down-to-warning');
    await advanceDays(ctx, SETTLEMENT_DAYS, loan);
    await runSweep(ctx);
    await setBtcPrice(ctx, priceCents / 100);
    await pass(ctx);
    const after = await getLoan(ctx, loan);
    expect(after.payments[0]?.status).toBe('SETTLED');
    expect(after.balances.principalCents + after.balances.originationFeeCents).toBe(
      Number(allowed),
    );
    expect(after.risk.level).toBe('NONE');
    expect(after.risk.ltvPct).toBeLessThan(75);
    expect(after.risk.paymentToWarningCents).toBe(0);
    await setBtcPrice(ctx, 60_000);
    await pass(ctx);
  });
});

describe('findings 6 and 7: one view of what is due, arrears that age', () => {
  let missed: TTestLoan;
  let paid: TTestLoan;
  let interest: number;
  let schedule: TServicingLoan['schedule'];

  beforeAll(async () => {
    await setBtcPrice(ctx, 60_000);
    missed = await sandboxLoan(ctx);
    paid = await sandboxLoan(ctx);
    const view = await getLoan(ctx, missed);
    schedule = view.schedule;
    interest = monthInterestCents(
      view.balances.principalCents + view.balances.originationFeeCents,
      await rateBpsOf(missed),
    );
  });

  it('a statement bills the month: due on its date, the same on the page and the dashboard', async () => {
    await sweepOn(schedule[0]!.cycleDate, missed, paid);
    const view = await expectOneView(missed);
    expect(view.schedule.slice(0, 2).map((row) => row.status)).toEqual(['DUE', 'UPCOMING']);
    expect(view.schedule[0]?.unpaidCents).toBe(interest);
    expect(view.nextPayment).toEqual({
      dueDate: schedule[0]!.dueDate,
      amountCents: interest,
      pastDueCents: 0,
      pastDueSince: null,
      daysPastDue: 0,
    });
    // The other borrower pays the bill.
    await payByDebit(ctx, paid, interest, 'pays-instalment-1');
    const paidView = await expectOneView(paid);
    expect(paidView.schedule[0]?.status).toBe('PAID');
    expect(paidView.nextPayment?.dueDate).toBe(schedule[1]!.dueDate);
  });

  it('the day after the due date it is 1 day past due, and one notice is sent however often the sweep runs', async () => {
    const dueDate = schedule[0]!.dueDate;
    await sweepOn(plusDays(dueDate, 1), missed, paid);
    await Promise.all([runSweep(ctx), runSweep(ctx)]);
    await runSweep(ctx);
    const view = await expectOneView(missed);
    expect(view.schedule[0]?.status).toBe('PAST_DUE');
    expect(view.nextPayment).toEqual({
      dueDate: schedule[1]!.dueDate,
      amountCents: 2 * interest,
      pastDueCents: interest,
      pastDueSince: dueDate,
      daysPastDue: 1,
    });
    const notices = await pastDueMail(missed);
    expect(notices.map((message) => message.subject)).toEqual([
      'Your loan payment is 1 day past due',
    ]);
    expect(notices[0]?.text).toContain(`was due on ${dayInWords(dueDate)}`);
    expect(await pastDueMail(paid)).toEqual([]);
  });

  it('10 days past due: the second notice', async () => {
    await sweepOn(plusDays(schedule[0]!.dueDate, 10), missed, paid);
    await runSweep(ctx);
    expect((await getLoan(ctx, missed)).nextPayment?.daysPastDue).toBe(10);
    expect((await pastDueMail(missed)).map((message) => message.subject)).toEqual([
      'Your loan payment is 10 days past due',
      'Your loan payment is 1 day past due',
    ]);
  });

  it('the next statement keeps the missed instalment past due with its own date', async () => {
    await sweepOn(schedule[1]!.cycleDate, missed, paid);
    const view = await expectOneView(missed);
    const firstDue = schedule[0]!.dueDate;
    expect(view.schedule.slice(0, 3).map((row) => row.status)).toEqual([
      'PAST_DUE',
      'DUE',
      'UPCOMING',
    ]);
    expect(view.nextPayment).toEqual({
      dueDate: schedule[1]!.dueDate,
      amountCents: 2 * interest,
      pastDueCents: interest,
      pastDueSince: firstDue,
      daysPastDue: daysFrom(firstDue, schedule[1]!.cycleDate),
    });
    const statement = view.statements[0];
    expect(statement).toMatchObject({
      cycleDate: schedule[1]!.cycleDate,
      dueDate: schedule[1]!.dueDate,
      amountDueCents: 2 * interest,
      pastDueCents: interest,
      pastDueSince: firstDue,
    });
    const mail = (await mailTo(ctx, missed.email)).find((message) =>
      message.subject.includes(`statement for ${dayInWords(schedule[1]!.cycleDate)}`),
    );
    expect(mail?.text).toContain(`due since ${dayInWords(firstDue)}`);

    // The borrower who paid: the paid instalment stays paid after its date and the next bill.
    const paidView = await expectOneView(paid);
    expect(paidView.schedule.slice(0, 2).map((row) => row.status)).toEqual(['PAID', 'DUE']);
    expect(paidView.nextPayment).toMatchObject({ amountCents: interest, pastDueCents: 0 });
    expect(paidView.statements[0]).toMatchObject({ amountDueCents: interest, pastDueCents: 0 });
  });

  it('a deferred instalment is deferred, and the month it was deferred in is still to pay', async () => {
    const deferred = await requestDeferral(ctx, paid, 'defers-instalment-2');
    expect(deferred.statusCode, deferred.body).toBe(201);
    const view = await expectOneView(paid);
    expect(view.schedule.slice(0, 3).map((row) => row.status)).toEqual([
      'PAID',
      'DEFERRED',
      'UPCOMING',
    ]);
    expect(view.balances.deferredInterestCents).toBe(interest);
    expect(view.nextPayment?.dueDate).toBe(schedule[2]!.dueDate);
    expect(view.nextPayment?.pastDueCents).toBe(0);
  });

  it('30 days past due: the third notice, once; paid up, nothing is past due and no notice follows', async () => {
    const firstDue = schedule[0]!.dueDate;
    await sweepOn(plusDays(firstDue, 30), missed, paid);
    await Promise.all([runSweep(ctx), runSweep(ctx)]);
    const view = await expectOneView(missed);
    expect(view.schedule[0]?.status).toBe('PAST_DUE');
    expect(view.nextPayment).toMatchObject({ pastDueSince: firstDue, daysPastDue: 30 });
    expect((await pastDueMail(missed)).map((message) => message.subject)).toEqual([
      'Your loan payment is 30 days past due',
      'Your loan payment is 10 days past due',
      'Your loan payment is 1 day past due',
    ]);

    await payByDebit(ctx, missed, view.nextPayment?.amountCents ?? 0, 'pays-the-arrears');
    const caughtUp = await expectOneView(missed);
    expect(caughtUp.schedule.slice(0, 2).map((row) => row.status)).toEqual(['PAID', 'PAID']);
    expect(caughtUp.nextPayment).toMatchObject({
      dueDate: schedule[2]!.dueDate,
      pastDueCents: 0,
      pastDueSince: null,
      daysPastDue: 0,
    });
    await sweepOn(plusDays(firstDue, 31), missed, paid);
    expect(await pastDueMail(missed)).toHaveLength(3);
  });

  it('a matured loan asks its whole balance, on the page and on the dashboard', async () => {
    const maturity = (await getLoan(ctx, missed)).maturityDate;
    await sweepOn(plusDays(maturity, 1), missed, paid);
    const view = await expectOneView(missed);
    expect(view.status).toBe('MATURED');
    expect(view.nextPayment).toMatchObject({
      dueDate: maturity,
      amountCents: view.balances.totalCents,
      pastDueCents: view.balances.totalCents,
    });
    // Instalments 3 to 12 were never paid: each past due from its own date, together the balance.
    expect(view.schedule.slice(2).map((row) => row.status)).toEqual(Array(10).fill('PAST_DUE'));
    expect(view.schedule.reduce((sum, row) => sum + row.unpaidCents, 0)).toBe(
      view.balances.totalCents,
    );
    expect(view.nextPayment?.pastDueSince).toBe(schedule[2]!.dueDate);
    const card = await dashboardLoan(ctx, missed);
    expect(card.nextPaymentAmount).toBe(view.balances.totalCents / 100);
    // Arrears notices are for instalments before maturity; after it the collection notices speak.
    expect(await pastDueMail(missed)).toHaveLength(3);
  });
});
