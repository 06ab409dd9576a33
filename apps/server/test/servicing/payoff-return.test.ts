/**
 * A payoff paid by ACH and returned by the bank: reversed in the ledger, the loan back from PAID_OFF
 * to servicing (ACTIVE, or MATURED past its maturity), the borrower told, and the collateral kept:
 * no release while the payoff's debit can still be returned, and an open release request cancelled
 * by the return.
 */
import { describe, expect, it } from 'vitest';

import { eq } from 'drizzle-orm';
import type { TBankPaymentsPort } from '../../src/adapters/bank-payments/port.js';

import { collateralReleaseRequests } from '../../src/db/schema/index.js';
import { PAYOFF_NOT_SETTLED_MESSAGE } from '../../src/services/collateral/request-collateral-release.js';
import { readPayoff } from '../../src/services/ops/payoff-record.js';

import { useApplicationsTestContext } from '../applications/helpers.js';

import {
  advanceDays,
  getLoan,
  loanStates,
  mailTo,
  openReleaseRequest,
  openServicingWorld,
  payOff,
  payoffQuote as quote,
  releaseRequestsOf,
  requestRelease,
  runSweep,
  sandboxLoan,
  requestPayment,
  settleDebits,
  paymentRowsOf,
} from './helpers.js';
import { auditEventsOf } from '../helpers/audit-events.js';

const ctx = useApplicationsTestContext(openServicingWorld);

const stateOf = (loanUuid: string) => loanStates(ctx, loanUuid);

async function payoffPayment(loanUuid: string) {
  const rows = await paymentRowsOf(ctx, loanUuid);
  return rows.find((row) => row.purpose === 'PAYOFF');
}

/** The ACH settlement sweep against a bank that returns the loan's payoff debit (others pend). */
async function settleWithReturningBank(loanUuid: string) {
  const payoffTransfer = (await payoffPayment(loanUuid))?.transferId;
  expect(payoffTransfer).toBeTruthy();
  const returning: TBankPaymentsPort = {
    name: 'returning',
    initiateDebit: async () => ({ status: 'FAILED', reason: 'not used' }),
    getTransfer: async (transferId) =>
      transferId === payoffTransfer
        ? { status: 'RETURNED', reason: 'Account closed (R02)' }
        : { status: 'PENDING' },
  };
  await settleDebits(ctx, () => returning);
}

describe('a returned ACH payoff', () => {
  it('holds the collateral until the payoff settles, then a return opens the loan again (ACTIVE)', async () => {
    // $20,000.02 drawn with its 1 % fee: $20,200.02 owed on the funding day, cents .02 — the
    // sandbox bank returns the debit after 3 days.
    const loan = await sandboxLoan(ctx, { drawAmount: 20_000.02 });
    const payoffQuote = await quote(ctx, loan);
    expect(payoffQuote.amountCents % 100).toBe(2);
    await payOff(ctx, loan, payoffQuote, 'payoff-returned-0001');
    expect(await stateOf(loan.loanUuid)).toEqual({
      state: 'PAID_OFF',
      stage: 'COLLATERAL_RELEASE',
      status: 'PAID_OFF',
    });

    // The release is asked for before the return arrives: refused while the debit is pending.
    const early = await requestRelease(ctx, loan);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'PAYOFF_NOT_SETTLED',
      message: PAYOFF_NOT_SETTLED_MESSAGE,
    });
    expect(await releaseRequestsOf(ctx, loan.loanUuid)).toEqual([]);

    // Three days later the bank returns it.
    await advanceDays(ctx, 3, loan);
    await runSweep(ctx);
    expect((await payoffPayment(loan.loanUuid))?.status).toBe('RETURNED');
    expect(await stateOf(loan.loanUuid)).toEqual({
      state: 'COMPLETE',
      stage: 'FINAL',
      status: 'ACTIVE',
    });
    const view = await getLoan(ctx, loan);
    expect(view.status).toBe('ACTIVE');
    // Owed again exactly: the payoff's journal mirrored (and the days since accrue from here).
    expect(view.balances.totalCents).toBe(payoffQuote.amountCents);
    expect(await readPayoff(ctx.database.db, loan.loanUuid)).toBeUndefined();
    const mail = await mailTo(ctx, loan.email);
    expect(mail.some((message) => message.subject === 'Your loan payoff was returned')).toBe(true);
    const audit = await auditEventsOf(ctx.database.db, loan.loanUuid);
    expect(
      audit.some((event) => event.fromState === 'PAID_OFF' && event.toState === 'COMPLETE'),
    ).toBe(true);

    // Not paid off: no release can be asked for; the returned debit is not returned twice.
    const late = await requestRelease(ctx, loan);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'COLLATERAL_RELEASE_NOT_AVAILABLE' });
    await runSweep(ctx);
    const after = await getLoan(ctx, loan);
    expect(after.status).toBe('ACTIVE');
    expect(after.balances.totalCents).toBeGreaterThan(payoffQuote.amountCents);
  });

  it('releases once the payoff settled', async () => {
    const loan = await sandboxLoan(ctx, { drawAmount: 20_000 });
    const payoffQuote = await quote(ctx, loan);
    expect(payoffQuote.amountCents % 100).toBe(0);
    await payOff(ctx, loan, payoffQuote, 'payoff-settles-0001');
    expect((await requestRelease(ctx, loan)).statusCode).toBe(409);
    await advanceDays(ctx, 3, loan);
    await runSweep(ctx);
    expect((await payoffPayment(loan.loanUuid))?.status).toBe('SETTLED');
    const release = await requestRelease(ctx, loan);
    expect(release.statusCode, release.body).toBe(200);
    expect(await stateOf(loan.loanUuid)).toMatchObject({ state: 'PAID_OFF', status: 'PAID_OFF' });
  });

  it('cancels an open release request when the return arrives after it', async () => {
    const loan = await sandboxLoan(ctx, { drawAmount: 20_000 });
    await payOff(ctx, loan, await quote(ctx, loan), 'payoff-cancels-0001');
    // A request recorded while the payoff was pending (as one taken before the rule was): open.
    const request = await openReleaseRequest(ctx, loan, new Date(Date.now() + 21 * 24 * 3_600_000));
    await settleWithReturningBank(loan.loanUuid);
    const [cancelled] = await ctx.database.db
      .select()
      .from(collateralReleaseRequests)
      .where(eq(collateralReleaseRequests.id, request.id));
    expect(cancelled?.result).toBe('WITHDRAWAL_FAILED');
    const audit = await auditEventsOf(ctx.database.db, request.id);
    expect(audit[0]?.reason).toMatch(/^Cancelled: Payoff returned by the bank: Account closed/);
    expect(await stateOf(loan.loanUuid)).toMatchObject({ state: 'COMPLETE', status: 'ACTIVE' });
  });

  it('goes back to MATURED when the return arrives after the maturity date', async () => {
    const loan = await sandboxLoan(ctx, { drawAmount: 20_000 });
    await advanceDays(ctx, 360, loan);
    await runSweep(ctx);
    let payoffQuote = await quote(ctx, loan);
    if ([1, 2].includes(payoffQuote.amountCents % 100)) {
      // The sandbox bank would refuse or return those cents: half a dollar paid first.
      const paid = await requestPayment(ctx, loan, 50, 'payoff-matured-part');
      expect(paid.statusCode, paid.body).toBe(201);
      payoffQuote = await quote(ctx, loan);
    }
    await payOff(ctx, loan, payoffQuote, 'payoff-matured-0001');
    expect((await stateOf(loan.loanUuid)).status).toBe('PAID_OFF');
    await advanceDays(ctx, 10, loan);
    await settleWithReturningBank(loan.loanUuid);
    expect(await stateOf(loan.loanUuid)).toMatchObject({ state: 'COMPLETE', status: 'MATURED' });
    expect((await getLoan(ctx, loan)).balances.totalCents).toBe(payoffQuote.amountCents);
  });
});
