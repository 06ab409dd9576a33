/**
 * Money in flight at payoff (issue 33, finding 2): "a pending ACH debit at payoff is never
 * resolved: the payoff quote nets it, the payoff settles, the debit (returned by the bank) stays
 * PENDING a year later, the collateral is released and reconciliation balances".
 *
 * The design held here: a debit the bank accepted is posted at once, so the payoff quote counts it
 * as the borrower expects of a payment they made (and says so: `pendingPaymentsCents`); the payoff
 * is final only once every debit it counted has settled. Until then no collateral is released; a
 * debit returned after the payoff reopens the loan for what came back (the borrower and every
 * agent told, any release request cancelled); the settlement sweep resolves a pending debit on a
 * paid-off loan like any other; and reconciliation reports money in flight past the bank's window
 * and a paid-off loan short by a returned debit.
 *
 * Every expected figure is computed here from the disclosures (30/360, half-up to the cent, a
 * payment to interest, then the capitalised fee, then principal), never by the product's functions.
 */
import type { TServicingLoan } from '@pledge/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TTransferStatus } from '../../src/adapters/bank-payments/port.js';
import { servicingPayments } from '../../src/db/schema/index.js';

import {
  SANDBOX_AGENT_EMAIL,
  SANDBOX_SECOND_AGENT_EMAIL,
} from '../../src/services/identity/agents.js';
import { readPayoff } from '../../src/services/ops/payoff-record.js';

import { useApplicationsTestContext } from '../applications/helpers.js';

import {
  approvedControlled,
  OPS,
  opsReconciliationOf,
  signInAgent,
  signInSecondAgent,
} from '../ops/helpers.js';
import { deploymentNow } from '../risk/helpers.js';
import {
  advanceDays,
  BTC_RETURN_ADDRESS,
  getLoan,
  loanStates,
  mailTo,
  openReleaseRequest,
  openServicingWorldAtDayStart,
  payByDebit,
  payOff,
  payoffQuote as quote,
  releaseRequestsOf,
  requestRelease,
  runSweep,
  sandboxLoan,
  settleDebits,
  paymentRowsOf,
} from './helpers.js';

const ctx = useApplicationsTestContext(openServicingWorldAtDayStart);

// ---------------------------------------------------------------------------------------------
// The borrower's figures, from the disclosures.

/** The draw; with its origination fee (capitalised, Ohio's minimum) it bears interest from funding. */
const DRAW_CENTS = 2_000_000;
/** $1,000.02: the sandbox bank takes a debit of …02 cents and returns it 3 days later (R10). */
const RETURNED_PAYMENT_CENTS = 100_002;

/** base × rate × days ÷ 360, half-up to the cent. */
function interestCents(baseCents: number, rateBps: number, days: number): number {
  const divisor = 10_000n * 360n;
  const numerator = BigInt(baseCents) * BigInt(rateBps) * BigInt(days);
  return Number((2n * numerator + divisor) / (2n * divisor));
}

function plusDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** 30/360 days from the funding day to `day`, within the first period (0..29). */
function days360(fundedOn: string, day: string): number {
  const [y1, m1, d1] = fundedOn.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = day.split('-').map(Number) as [number, number, number];
  const days = 360 * (y2 - y1) + 30 * (m2 - m1) + Math.min(d2, 30) - Math.min(d1, 30);
  return Math.min(29, Math.max(0, days));
}

/** Where a payment of `amount` goes on a loan owing `interest`, the fee and the principal. */
function applied(amountCents: number, interest: number, feeCents: number) {
  const toInterest = Math.min(amountCents, interest);
  const toFee = Math.min(amountCents - toInterest, feeCents);
  return { toInterest, toFee, toPrincipal: amountCents - toInterest - toFee };
}

/**
 * The day to pay on: `days` after funding, the first from 10 on whose payoff (after the returned
 * payment) does not end in …01 or …02 cents, which the sandbox bank refuses or returns.
 */
function payingDay(loan: TServicingLoan) {
  const rateBps = Math.round(Number(loan.interestRatePct) * 100);
  const feeCents = loan.balances.originationFeeCents;
  for (let days = 10; days < 25; days += 1) {
    const day = plusDays(loan.fundedOn, days);
    const interest = interestCents(DRAW_CENTS + feeCents, rateBps, days360(loan.fundedOn, day));
    const payoff = DRAW_CENTS + feeCents + interest - RETURNED_PAYMENT_CENTS;
    if (payoff % 100 !== 1 && payoff % 100 !== 2) return { days, interest, payoff, feeCents };
  }
  throw new Error('No paying day found');
}

// ---------------------------------------------------------------------------------------------
// The borrower, the bank and the agents.

async function stateOf(loanUuid: string) {
  const { state, status } = await loanStates(ctx, loanUuid);
  return { state, status };
}

async function paymentsOf(loanUuid: string) {
  const rows = await paymentRowsOf(ctx, loanUuid);
  const payoff = rows.find((row) => row.purpose === 'PAYOFF');
  const payment = rows.find((row) => row.purpose === 'PAYMENT');
  if (payoff === undefined || payment === undefined) throw new Error('Payments missing');
  return { payoff, payment };
}

/** The ACH settlement sweep against a bank that answers each transfer as `answer` says. */
async function settleWith(answer: (transferId: string) => TTransferStatus) {
  await settleDebits(ctx, () => ({
    name: 'scripted',
    initiateDebit: async () => ({ status: 'FAILED', reason: 'not used' }),
    getTransfer: async (transferId) => answer(transferId),
  }));
}

async function reconciliationOf(loanUuid: string): Promise<string[]> {
  return (await opsReconciliationOf(ctx.app, await signInAgent(ctx))).issues
    .filter((issue) => issue.loanUuid === loanUuid)
    .map((issue) => issue.problem);
}

/**
 * A loan with $1,000.02 paid by ACH on a day 10 or more after funding, then paid off by ACH with
 * a quote taken while that payment is still with the bank.
 */
async function paidOffWithPaymentInFlight(name: string) {
  const loan = await sandboxLoan(ctx, { drawAmount: 20_000 });
  const opened = await getLoan(ctx, loan);
  expect(opened.balances).toMatchObject({ principalCents: DRAW_CENTS, accruedInterestCents: 0 });
  expect(opened.balances.originationFeeCents).toBeGreaterThan(0);
  const expected = payingDay(opened);
  await advanceDays(ctx, expected.days, loan);
  await runSweep(ctx);
  const payment = await payByDebit(ctx, loan, RETURNED_PAYMENT_CENTS, `${name}-payment`);
  expect(payment.status).toBe('PENDING');

  // The quote counts the payment the bank accepted (the borrower is not asked for it twice) and
  // says how much of it the bank may still return.
  const payoffQuote = await quote(ctx, loan);
  const split = applied(RETURNED_PAYMENT_CENTS, expected.interest, expected.feeCents);
  expect(payoffQuote).toMatchObject({
    amountCents: expected.payoff,
    pendingPaymentsCents: RETURNED_PAYMENT_CENTS,
    breakdown: {
      principalCents: DRAW_CENTS - split.toPrincipal,
      originationFeeCents: expected.feeCents - split.toFee,
      accruedInterestCents: expected.interest - split.toInterest,
    },
  });
  await payOff(ctx, loan, payoffQuote, `${name}-payoff`);
  expect(await stateOf(loan.loanUuid)).toEqual({ state: 'PAID_OFF', status: 'PAID_OFF' });
  return { loan, expected, split, payoffQuote };
}

describe('a debit pending at payoff (issue 33, finding 2)', () => {
  it('holds the release until it settles; returned after the payoff, it reopens the loan and the borrower and the agents are told', async () => {
    const { loan, expected, split } = await paidOffWithPaymentInFlight('in-flight-returned');
    const { payoff, payment } = await paymentsOf(loan.loanUuid);

    // While the payoff's own debit is with the bank: no release.
    const early = await requestRelease(ctx, loan);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json()).toMatchObject({ code: 'PAYOFF_NOT_SETTLED' });

    // The payoff settles; the payment it counted is still with the bank: still no release.
    await settleWith((transferId) =>
      transferId === payoff.transferId
        ? { status: 'SETTLED', settledAt: new Date() }
        : { status: 'PENDING' },
    );
    expect((await paymentsOf(loan.loanUuid)).payoff.status).toBe('SETTLED');
    const held = await requestRelease(ctx, loan);
    expect(held.statusCode, held.body).toBe(409);
    expect(held.json()).toMatchObject({
      code: 'PAYMENTS_NOT_SETTLED',
      message: expect.stringMatching(
        /on this loan has not settled yet: your bank can still return/,
      ),
    });
    expect(await releaseRequestsOf(ctx, loan.loanUuid)).toEqual([]);
    // Within the bank's window a pending debit is no finding.
    expect(await reconciliationOf(loan.loanUuid)).toEqual([]);

    // Three days later the bank returns the payment (the sandbox's …02 cents), on a paid-off loan.
    await advanceDays(ctx, 3, loan);
    await runSweep(ctx);
    const returned = (await paymentsOf(loan.loanUuid)).payment;
    expect(returned).toMatchObject({ uuid: payment.uuid, status: 'RETURNED' });

    // The loan is open again and owes exactly what came back, where it was applied.
    expect(await stateOf(loan.loanUuid)).toEqual({ state: 'COMPLETE', status: 'ACTIVE' });
    const reopened = await getLoan(ctx, loan);
    expect(reopened.status).toBe('ACTIVE');
    expect(reopened.balances).toMatchObject({
      accruedInterestCents: split.toInterest,
      originationFeeCents: split.toFee,
      principalCents: split.toPrincipal,
      totalCents: RETURNED_PAYMENT_CENTS,
    });
    expect(expected.interest).toBe(split.toInterest);
    expect(await readPayoff(ctx.database.db, loan.loanUuid)).toBeUndefined();

    // The borrower is told the loan is open again and what it owes; so is every agent.
    const borrowerMail = await mailTo(ctx, loan.email);
    const notice = borrowerMail.find((mail) => mail.subject === 'Your loan payment was returned');
    expect(notice?.text).toContain(
      'Your payment of $1,000.02 was returned by your bank: Returned by the bank: customer advises not authorised (R10).',
    );
    expect(notice?.text).toContain('so your loan is open again and owes $1,000.02');
    for (const agentEmail of [SANDBOX_AGENT_EMAIL, SANDBOX_SECOND_AGENT_EMAIL]) {
      const alert = (await mailTo(ctx, agentEmail)).find(
        (mail) =>
          mail.subject === `Loan ${loan.loanUuid} reopened: a debit was returned after its payoff`,
      );
      expect(alert?.text).toContain(
        `A payment debit ${payment.uuid} of $1,000.02 on loan ${loan.loanUuid} was returned by the bank after the loan was paid off`,
      );
      expect(alert?.text).toContain('The loan is ACTIVE again and owes $1,000.02');
    }

    // Not paid off: no release; the ledger is right (the loan owes it again), nothing to report.
    const late = await requestRelease(ctx, loan);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'COLLATERAL_RELEASE_NOT_AVAILABLE' });
    expect(await releaseRequestsOf(ctx, loan.loanUuid)).toEqual([]);
    expect(await reconciliationOf(loan.loanUuid)).toEqual([]);

    // Interest runs again on what is owed; the return is not made twice.
    await advanceDays(ctx, 1, loan);
    await runSweep(ctx);
    const after = await getLoan(ctx, loan);
    expect(after.status).toBe('ACTIVE');
    expect(after.balances.totalCents).toBeGreaterThan(RETURNED_PAYMENT_CENTS);
    expect(after.payments.filter((row) => row.status === 'RETURNED')).toHaveLength(1);
  });

  it('a payment an agent reverses after the payoff reopens the loan, and the borrower is told as for a bank’s return', async () => {
    const { loan, split } = await paidOffWithPaymentInFlight('agent-reversed');
    const { payment } = await paymentsOf(loan.loanUuid);
    await settleWith(() => ({ status: 'SETTLED', settledAt: new Date() }));
    expect((await paymentsOf(loan.loanUuid)).payment.status).toBe('SETTLED');
    const returnedNotices = async () =>
      (await mailTo(ctx, loan.email)).filter(
        (message) => message.subject === 'Your loan payment was returned',
      );
    expect(await returnedNotices()).toEqual([]);

    // The money did not stay: one agent proposes the reversal, the other approves it.
    const reverse = {
      url: `${OPS}/payments/${payment.uuid}/reverse`,
      payload: { reason: 'Payment recalled by the sending bank' },
    };
    await approvedControlled(ctx.app, {
      ...reverse,
      maker: await signInAgent(ctx),
      checker: await signInSecondAgent(ctx),
    });
    expect((await paymentsOf(loan.loanUuid)).payment.status).toBe('REVERSED');
    expect(await stateOf(loan.loanUuid)).toEqual({ state: 'COMPLETE', status: 'ACTIVE' });
    const reopened = await getLoan(ctx, loan);
    expect(reopened.balances).toMatchObject({
      accruedInterestCents: split.toInterest,
      originationFeeCents: split.toFee,
      principalCents: split.toPrincipal,
      totalCents: RETURNED_PAYMENT_CENTS,
    });

    // The borrower gets the notice a bank's return after the payoff sends, once.
    const notices = await returnedNotices();
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain(
      'Your payment of $1,000.02 was returned by your bank: Payment recalled by the sending bank.',
    );
    expect(notices[0]?.text).toContain(
      'Your payoff counted this payment, so your loan is open again and owes $1,000.02',
    );
    expect(notices[0]?.text).toContain('any release request was\ncancelled');
  });

  it('a debit the bank leaves pending past its window is reported, an open release with it too; its late return cancels the release and names it to the agents', async () => {
    const { loan } = await paidOffWithPaymentInFlight('in-flight-stuck');
    const { payoff, payment } = await paymentsOf(loan.loanUuid);
    const stuck = (transferId: string): TTransferStatus =>
      transferId === payoff.transferId
        ? { status: 'SETTLED', settledAt: new Date() }
        : { status: 'PENDING' };
    await settleWith(stuck);
    // A release request as one taken before the hold was (the finding's release): open.
    const request = await openReleaseRequest(
      ctx,
      loan,
      new Date((await deploymentNow(ctx)).getTime() + 21 * 86_400_000),
    );

    // The bank answers nothing for 25 days: the sweep keeps asking, reconciliation reports it.
    await advanceDays(ctx, 25, loan);
    await settleWith(stuck);
    expect((await paymentsOf(loan.loanUuid)).payment.status).toBe('PENDING');
    const made = payment.createdAt.toISOString().slice(0, 10);
    expect((await reconciliationOf(loan.loanUuid)).sort()).toEqual([
      `Collateral release ${request.id} is open while ${RETURNED_PAYMENT_CENTS} cents of debits on the loan may still be returned`,
      `Payment ${payment.uuid} of ${RETURNED_PAYMENT_CENTS} cents made ${made} is still pending: the bank has neither settled nor returned it within 10 days (the loan is paid off counting it)`,
    ]);

    // Then it is returned: resolved on the paid-off loan, which reopens; the release (due before
    // the return) is cancelled and named to the agents, who check with custody.
    await settleWith((transferId) =>
      transferId === payment.transferId
        ? { status: 'RETURNED', reason: 'Account closed (R02)' }
        : stuck(transferId),
    );
    expect((await paymentsOf(loan.loanUuid)).payment.status).toBe('RETURNED');
    const [cancelled] = await releaseRequestsOf(ctx, loan.loanUuid);
    expect(cancelled?.result).toBe('WITHDRAWAL_FAILED');
    expect(await stateOf(loan.loanUuid)).toEqual({ state: 'COMPLETE', status: 'ACTIVE' });
    const alert = (await mailTo(ctx, SANDBOX_AGENT_EMAIL)).find(
      (mail) =>
        mail.subject === `Loan ${loan.loanUuid} reopened: a debit was returned after its payoff`,
    );
    expect(alert?.text).toContain(`- Collateral release ${request.id} to ${BTC_RETURN_ADDRESS}`);
    expect(alert?.text).toContain(
      'It was due before this return: check with custody that it did not go out.',
    );
    expect(await reconciliationOf(loan.loanUuid)).toEqual([]);
  });

  it('reconciliation reports a paid-off loan short by a debit returned without its reversal', async () => {
    const { loan } = await paidOffWithPaymentInFlight('in-flight-short');
    const { payment } = await paymentsOf(loan.loanUuid);
    await settleWith(() => ({ status: 'SETTLED', settledAt: new Date() }));
    expect(await reconciliationOf(loan.loanUuid)).toEqual([]);
    // What a return recorded on the payment alone leaves (the ledger still counts its cash).
    await ctx.database.db
      .update(servicingPayments)
      .set({ status: 'RETURNED', failureReason: 'Account closed (R02)' })
      .where(and(eq(servicingPayments.uuid, payment.uuid)));
    expect(await reconciliationOf(loan.loanUuid)).toEqual([
      `Paid-off loan is short ${RETURNED_PAYMENT_CENTS} cents: payment ${payment.uuid} was returned (Account closed (R02)) but its cash ${RETURNED_PAYMENT_CENTS} is still in the ledger`,
    ]);
  });
});
