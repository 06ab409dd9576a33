/**
 * Servicing a funded loan end to end against PostgreSQL: the ledger opened at funding, the TILA
 * schedule, statements on the cycle date with their e-mail, payments once per key, returned ACH
 * reversed exactly, deferral refused into margin call, payoff to PAID_OFF with the release open,
 * maturity, and the console's views and reconciliation.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type {
  TControlledAction,
  TDeferralPreview,
  TGetOpsLoanResponse,
  TGetOpsReconciliationResponse,
  TPostServicingPayoffResponse,
  TServicingPayment,
} from '@pledge/contract';
import { eq } from 'drizzle-orm';
import { applications, offers, servicingPayments } from '../../src/db/schema/index.js';
import { SANDBOX_ACH_RULES } from '../../src/adapters/bank-payments/sandbox.js';
import { bearer } from '../applications/helpers.js';
import { SANDBOX_SECOND_AGENT_EMAIL } from '../../src/services/identity/agents.js';
import { paymentScheduleOf } from '../../src/services/offers/offer-record.js';
import { expectJson, signInAgent, useAgentContext, OPS } from '../ops/helpers.js';
import {
  advanceDays,
  getLoan,
  idempotency,
  LOANS,
  mailTo,
  paymentInFlight,
  payoffQuote,
  requestPayOff,
  runSweep,
  sandboxLoan,
  setBtcPrice,
  type TTestLoan,
  openServicingWorld,
  requestPayment,
  requestDeferral,
} from './helpers.js';

const { ctx, agent } = useAgentContext(openServicingWorld);

/** The second agent: the checker of the money moves the first proposes. */
let checkerToken = '';

/**
 * An agent's call (the first agent's unless `checker`); the agent signs in again when the moved
 * clock ended the session.
 */
async function asAgent(
  request: {
    method: 'GET' | 'POST';
    url: string;
    payload?: object;
    headers?: Record<string, string>;
  },
  as: 'maker' | 'checker' = 'maker',
) {
  const token = () => (as === 'maker' ? agent.token : checkerToken);
  const send = () =>
    ctx.app.inject({ ...request, headers: { ...request.headers, ...bearer(token()) } });
  const first = await send();
  if (first.statusCode !== 401) return first;
  if (as === 'maker') agent.token = (await signInAgent(ctx)).token;
  else checkerToken = (await signInAgent(ctx, SANDBOX_SECOND_AGENT_EMAIL)).token;
  return send();
}

/**
 * A money move under maker–checker: the first agent's call is only a proposal (202, PENDING), the
 * second agent's approval carries it out. A refusal of the proposal is answered as it is.
 */
async function proposedAndApproved(request: {
  url: string;
  payload: object;
  headers?: Record<string, string>;
}): Promise<{ proposal: LightMyRequestResponse; approval: LightMyRequestResponse | null }> {
  const proposal = await asAgent({ method: 'POST', ...request });
  if (proposal.statusCode !== 202) return { proposal, approval: null };
  const pending = proposal.json() as TControlledAction;
  expect(pending.status).toBe('PENDING');
  const approval = await asAgent(
    { method: 'POST', url: `${OPS}/controlled-actions/${pending.id}/approve` },
    'checker',
  );
  expect(approval.statusCode, approval.body).toBe(200);
  expect(approval.json()).toMatchObject({ id: pending.id, status: 'APPROVED' });
  return { proposal, approval };
}

/** The console's view of a loan, with its ledger. */
async function opsLoan(loanUuid: string): Promise<TGetOpsLoanResponse> {
  const detail = await asAgent({ method: 'GET', url: `${OPS}/loans/${loanUuid}` });
  return expectJson(detail, 200) as TGetOpsLoanResponse;
}

async function reconciliation(): Promise<TGetOpsReconciliationResponse> {
  const response = await asAgent({ method: 'GET', url: `${OPS}/reconciliation` });
  return expectJson(response, 200) as TGetOpsReconciliationResponse;
}

async function offerOf(loanUuid: string) {
  const [row] = await ctx.database.db
    .select({ offer: offers })
    .from(applications)
    .innerJoin(offers, eq(offers.uuid, applications.selectedOfferUuid))
    .where(eq(applications.uuid, loanUuid));
  if (row === undefined) throw new Error('no offer');
  return row.offer;
}

describe('the ledger at funding and the schedule', () => {
  it.each([
    { name: 'rate 1 (8.91%)', drawAmount: 20_000, state: 'OH', tier: 'RATE_1' },
    { name: 'rate 2 (11.5%)', drawAmount: 40_000, state: 'OH', tier: 'RATE_2' },
    { name: 'a flat-fee state (IN, $200)', drawAmount: 6_000, state: 'IN', tier: 'RATE_1' },
  ])('opens the ledger and the schedule equals the signed TILA schedule: $name', async (input) => {
    const loan = await sandboxLoan(ctx, { drawAmount: input.drawAmount, state: input.state });
    const view = await getLoan(ctx, loan);
    const offer = await offerOf(loan.loanUuid);
    expect(offer.tierId).toBe(input.tier);
    if (input.state === 'IN') expect(offer.originationFeeAmountCents).toBe(20_000);
    expect(view.status).toBe('ACTIVE');
    expect(view.balances).toEqual({
      principalCents: input.drawAmount * 100,
      originationFeeCents: offer.originationFeeAmountCents,
      deferredInterestCents: 0,
      accruedInterestCents: 0,
      feesCents: 0,
      totalCents: offer.amountCents,
    });
    expect(view.schedule.map((row) => row.amountCents)).toEqual(
      paymentScheduleOf(offer).map((row) => row.amountCents),
    );
    expect(view.schedule.reduce((sum, row) => sum + row.amountCents, 0)).toBe(
      offer.totalOfPaymentsCents,
    );
    expect(view.nextPayment?.amountCents).toBe(offer.estimatedMonthlyPaymentCents);
  });
});

describe('servicing over time', () => {
  let loan: TTestLoan;
  beforeAll(async () => {
    loan = await sandboxLoan(ctx);
  });

  it('issues the statement on the cycle date (+31 days) with its PDF and e-mail, once', async () => {
    const offer = await offerOf(loan.loanUuid);
    await advanceDays(ctx, 31, loan);
    await runSweep(ctx);
    await runSweep(ctx);
    const view = await getLoan(ctx, loan);
    expect(view.statements).toHaveLength(1);
    const [statement] = view.statements;
    expect(statement?.amountDueCents).toBe(offer.estimatedMonthlyPaymentCents);
    expect(view.balances.accruedInterestCents).toBeGreaterThanOrEqual(
      offer.estimatedMonthlyPaymentCents,
    );
    expect(view.nextPayment).toMatchObject({
      amountCents: offer.estimatedMonthlyPaymentCents,
      dueDate: statement?.dueDate,
    });
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `${LOANS}/${loan.loanUuid}/statements/${statement?.statementUuid}`,
      headers: bearer(loan.token),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const mail = await mailTo(ctx, loan.email);
    expect(mail.filter((message) => message.subject.includes('statement'))).toHaveLength(1);
    expect((await reconciliation()).isBalanced).toBe(true);
  });

  it('makes one payment however often the same key is sent', async () => {
    const before = await getLoan(ctx, loan);
    const responses = await Promise.all(
      [1, 2, 3].map(() => requestPayment(ctx, loan, 5_000, 'pay-key-0001')),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    const uuids = new Set(responses.map((r) => (r.json() as TServicingPayment).paymentUuid));
    expect(uuids.size).toBe(1);
    const after = await getLoan(ctx, loan);
    expect(after.payments).toHaveLength(1);
    expect(after.balances.totalCents).toBe(before.balances.totalCents - 5_000);
    const reused = await requestPayment(ctx, loan, 6_000, 'pay-key-0001');
    expect(reused.statusCode).toBe(409);
  });

  it('refuses a payment without an Idempotency-Key, or above the balance, changing nothing', async () => {
    const before = await getLoan(ctx, loan);
    const noKey = await ctx.app.inject({
      method: 'POST',
      url: `${LOANS}/${loan.loanUuid}/payments`,
      headers: bearer(loan.token),
      payload: { amountCents: 100 },
    });
    expect(noKey.statusCode).toBe(400);
    const tooMuch = await requestPayment(
      ctx,
      loan,
      before.balances.totalCents + 1,
      'pay-key-too-much',
    );
    expect(tooMuch.statusCode).toBe(400);
    const badAmount = await requestPayment(ctx, loan, 0, 'pay-key-zero-amount');
    expect(badAmount.statusCode).toBe(400);
    expect((await getLoan(ctx, loan)).payments).toHaveLength(before.payments.length);
  });

  it('refuses an insufficient-funds debit at once and tells the borrower', async () => {
    const before = await getLoan(ctx, loan);
    const response = await requestPayment(ctx, loan, 10_001, 'pay-key-nsf-0001');
    expect(response.statusCode).toBe(201);
    const payment = response.json() as TServicingPayment;
    expect(payment.status).toBe('RETURNED');
    expect(payment.failureReason).toBe(SANDBOX_ACH_RULES.insufficientFundsReason);
    expect((await getLoan(ctx, loan)).balances).toEqual(before.balances);
    const mail = await mailTo(ctx, loan.email);
    expect(mail.some((message) => message.subject === 'Your loan payment was returned')).toBe(true);
  });

  it('reverses a returned ACH exactly, days later, and e-mails the borrower', async () => {
    const before = await getLoan(ctx, loan);
    const response = await requestPayment(ctx, loan, 10_002, 'pay-key-returned');
    const payment = response.json() as TServicingPayment;
    expect(payment.status).toBe('PENDING');
    expect((await getLoan(ctx, loan)).balances.totalCents).toBe(
      before.balances.totalCents - 10_002,
    );
    await advanceDays(ctx, 4, loan);
    const beforeSweepInterest = (await getLoan(ctx, loan)).balances;
    await runSweep(ctx);
    const after = await getLoan(ctx, loan);
    const returned = after.payments.find((row) => row.paymentUuid === payment.paymentUuid);
    expect(returned?.status).toBe('RETURNED');
    // The reversal restores every account the payment reduced; only the days' interest differs.
    expect(after.balances.principalCents).toBe(beforeSweepInterest.principalCents);
    expect(after.balances.totalCents - after.balances.accruedInterestCents).toBe(
      before.balances.totalCents - before.balances.accruedInterestCents,
    );
    const settled = after.payments.find((row) => row.amountCents === 5_000);
    expect(settled?.status).toBe('SETTLED');
    const mail = await mailTo(ctx, loan.email);
    expect(
      mail.filter((message) => message.subject === 'Your loan payment was returned'),
    ).toHaveLength(2);
    expect((await reconciliation()).isBalanced).toBe(true);
  });

  it('records a wire, reverses it on an agent’s word, and shows the ledger', async () => {
    const before = await opsLoan(loan.loanUuid);
    const wireRequest = {
      url: `${OPS}/loans/${loan.loanUuid}/wire-payments`,
      headers: idempotency('wire-key-0001'),
      payload: { amountCents: 2_500, reference: 'FED-123', receivedOn: before.loan.fundedOn },
    };
    // One agent's word is only a proposal: nothing reaches the ledger until another approves.
    const proposed = await asAgent({ method: 'POST', ...wireRequest });
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(proposed.json()).toMatchObject({
      action: 'RECORD_WIRE',
      status: 'PENDING',
      amountCents: 2_500,
    });
    const waiting = await opsLoan(loan.loanUuid);
    expect(waiting.loan.balances).toEqual(before.loan.balances);
    expect(waiting.loan.payments.some((row) => row.reference === 'FED-123')).toBe(false);
    // The same request again (same key) is the same proposal, which the second agent approves.
    await proposedAndApproved(wireRequest);
    const wired = await opsLoan(loan.loanUuid);
    const payment = wired.loan.payments.find((row) => row.reference === 'FED-123');
    expect(payment).toMatchObject({ method: 'WIRE', status: 'SETTLED', amountCents: 2_500 });
    expect(wired.loan.balances.totalCents).toBe(before.loan.balances.totalCents - 2_500);
    const paymentUuid = payment?.paymentUuid ?? '';
    const reverseRequest = {
      url: `${OPS}/payments/${paymentUuid}/reverse`,
      payload: { reason: 'Wire recalled' },
    };
    const reverseProposed = await asAgent({ method: 'POST', ...reverseRequest });
    expect(reverseProposed.statusCode, reverseProposed.body).toBe(202);
    expect(
      (await opsLoan(loan.loanUuid)).loan.payments.find((row) => row.paymentUuid === paymentUuid)
        ?.status,
    ).toBe('SETTLED');
    await proposedAndApproved(reverseRequest);
    const { ledger, loan: after } = await opsLoan(loan.loanUuid);
    expect(after.payments.find((row) => row.paymentUuid === paymentUuid)?.status).toBe('REVERSED');
    expect(after.balances.totalCents).toBe(before.loan.balances.totalCents);
    expect(ledger.some((entry) => entry.kind === 'PAYMENT_REVERSAL')).toBe(true);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `${OPS}/loans?search=${encodeURIComponent(loan.email)}`,
      headers: bearer(agent.token),
    });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { items: unknown[] }).items).toHaveLength(1);
    expect((await reconciliation()).isBalanced).toBe(true);
  });

  it('refuses a wire that, with an ACH payment in flight, pays more than the balance', async () => {
    const other = await sandboxLoan(ctx);
    // A payment written whose debit was not sent yet (the process stopped between the two).
    await paymentInFlight(ctx, other.loanUuid, { amountCents: 1_000, key: 'stuck-in-flight' });
    const { balances, fundedOn } = await getLoan(ctx, other);
    const owed = balances.totalCents;
    const wire = (amountCents: number, key: string, reference: string) =>
      proposedAndApproved({
        url: `${OPS}/loans/${other.loanUuid}/wire-payments`,
        headers: idempotency(key),
        payload: { amountCents, reference, receivedOn: fundedOn },
      });
    // Refused when proposed: no proposal waits for a checker.
    const all = await wire(owed, 'wire-in-flight-1', 'FED-456');
    expect(all.proposal.statusCode).toBe(400);
    expect(all.proposal.json()).toMatchObject({
      message: 'Enter an amount no larger than the balance',
    });
    const rest = await wire(owed - 1_000, 'wire-in-flight-2', 'FED-457');
    expect(rest.approval?.statusCode).toBe(200);
    expect(
      (await opsLoan(other.loanUuid)).loan.payments.find((row) => row.reference === 'FED-457'),
    ).toMatchObject({ method: 'WIRE', status: 'SETTLED', amountCents: owed - 1_000 });
    // The settlement sweep sends the payment in flight; it posts against what the wire left.
    await runSweep(ctx);
    const after = await getLoan(ctx, other);
    expect(after.payments.find((row) => row.amountCents === 1_000)?.status).toBe('PENDING');
    const [sent] = await ctx.database.db
      .select({ transferId: servicingPayments.transferId })
      .from(servicingPayments)
      .where(eq(servicingPayments.idempotencyKey, 'stuck-in-flight'));
    expect(sent?.transferId).not.toBeNull();
    expect((await reconciliation()).isBalanced).toBe(true);
  });

  it('previews and defers the billed interest, capitalised, once a period', async () => {
    const before = await getLoan(ctx, loan);
    const preview = await ctx.app.inject({
      method: 'POST',
      url: `${LOANS}/${loan.loanUuid}/deferrals/preview`,
      headers: bearer(loan.token),
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const facts = preview.json() as TDeferralPreview;
    expect(facts.refusedReason).toBeNull();
    expect(facts.interestCents).toBeGreaterThan(0);
    const deferred = await requestDeferral(ctx, loan, 'defer-key-0001');
    expect(deferred.statusCode, deferred.body).toBe(201);
    const after = await getLoan(ctx, loan);
    expect(after.balances.deferredInterestCents).toBe(facts.interestCents);
    expect(after.balances.totalCents).toBe(before.balances.totalCents);
    const again = await requestDeferral(ctx, loan, 'defer-key-0001');
    expect(again.statusCode).toBe(201);
    expect((await getLoan(ctx, loan)).balances).toEqual(after.balances);
  });

  it('pays off with a quote: PAID_OFF, nothing owed, the collateral release open', async () => {
    const quote = await payoffQuote(ctx, loan);
    const view = await getLoan(ctx, loan);
    expect(quote.amountCents).toBe(view.balances.totalCents);
    expect(quote.breakdown.prepaymentPenaltyCents).toBe(0);
    const paid = await requestPayOff(ctx, loan, quote.quoteUuid, 'payoff-key-0001');
    expect(paid.statusCode, paid.body).toBe(201);
    const result = paid.json() as TPostServicingPayoffResponse;
    expect(result.loan.status).toBe('PAID_OFF');
    expect(result.loan.balances.totalCents).toBe(0);
    const [application] = await ctx.database.db
      .select()
      .from(applications)
      .where(eq(applications.uuid, loan.loanUuid));
    expect(application?.state).toBe('PAID_OFF');
    expect(application?.stage).toBe('COLLATERAL_RELEASE');
    expect((await reconciliation()).isBalanced).toBe(true);
  });
});

describe('deferral into margin call', () => {
  it('is refused with the reason, and nothing changes', async () => {
    await setBtcPrice(ctx, 60_000);
    const loan = await sandboxLoan(ctx);
    await advanceDays(ctx, 31, loan);
    await runSweep(ctx);
    // 20,200 on 1 BTC at 25,300: LTV 79.84 %; with a month's interest capitalised above 80 %.
    await setBtcPrice(ctx, 25_300);
    const preview = await ctx.app.inject({
      method: 'POST',
      url: `${LOANS}/${loan.loanUuid}/deferrals/preview`,
      headers: bearer(loan.token),
    });
    const facts = preview.json() as TDeferralPreview;
    expect(facts.refusedReason).toContain('margin call');
    expect(facts.newLtv).toBeGreaterThanOrEqual(80);
    const before = await getLoan(ctx, loan);
    const deferral = await requestDeferral(ctx, loan, 'defer-refused-01');
    expect(deferral.statusCode).toBe(409);
    expect((deferral.json() as { message: string }).message).toBe(facts.refusedReason);
    expect((await getLoan(ctx, loan)).balances).toEqual(before.balances);
    await setBtcPrice(ctx, 60_000);
  });
});

describe('maturity', () => {
  it('reminds at 30, 14 and 3 days once each, then MATURED shows what is due', async () => {
    const loan = await sandboxLoan(ctx);
    const view = await getLoan(ctx, loan);
    const daysToReminder = view.maturity.daysToMaturity - 30;
    await advanceDays(ctx, daysToReminder, loan);
    await runSweep(ctx);
    await advanceDays(ctx, 16, loan);
    await runSweep(ctx);
    await runSweep(ctx);
    await advanceDays(ctx, 11, loan);
    await runSweep(ctx);
    const subjects = (await mailTo(ctx, loan.email)).map((message) => message.subject);
    for (const days of [30, 14, 3]) {
      expect(
        subjects.filter((subject) => subject === `Your loan matures in ${days} days`),
      ).toHaveLength(1);
    }
    await advanceDays(ctx, 4, loan);
    await runSweep(ctx);
    const matured = await getLoan(ctx, loan);
    expect(matured.status).toBe('MATURED');
    expect(matured.statements).toHaveLength(12);
    expect(matured.nextPayment?.amountCents).toBe(matured.balances.totalCents);
    expect(matured.maturity.options).toEqual(['PAY_OFF']);
    expect((await mailTo(ctx, loan.email)).some((m) => m.subject === 'Your loan has matured')).toBe(
      true,
    );
    expect((await reconciliation()).isBalanced).toBe(true);
  }, 90_000);
});

describe('access', () => {
  it('answers 401 without a token and 404 for another borrower’s loan', async () => {
    const loan = await sandboxLoan(ctx);
    const other = await sandboxLoan(ctx);
    const anonymous = await ctx.app.inject({ method: 'GET', url: `${LOANS}/${loan.loanUuid}` });
    expect(anonymous.statusCode).toBe(401);
    for (const [method, path] of [
      ['GET', ''],
      ['POST', '/payoff-quote'],
      ['POST', '/deferrals/preview'],
    ] as const) {
      const response = await ctx.app.inject({
        method,
        url: `${LOANS}/${loan.loanUuid}${path}`,
        headers: bearer(other.token),
      });
      expect(response.statusCode).toBe(404);
    }
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `${LOANS}/not-a-uuid`,
      headers: bearer(loan.token),
    });
    expect(bad.statusCode).toBe(400);
    const borrowerOnOps = await ctx.app.inject({
      method: 'GET',
      url: `${OPS}/loans`,
      headers: bearer(loan.token),
    });
    expect(borrowerOnOps.statusCode).toBe(401);
  }, 60_000);
});
