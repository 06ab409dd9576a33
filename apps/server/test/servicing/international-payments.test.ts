/**
 * A borrower paid out in USDC can pay (issue 33, finding 8): the loan's servicing view carries the
 * lender's wire instructions with the loan's reference to quote, and offers no ACH debit and no
 * autopay, since the loan has no US bank account to debit; an ACH debit or autopay asked anyway is
 * refused with words that say what to do, and nothing is written. A domestic loan keeps ACH.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TServicingLoan } from '@pledge/contract';
import { loanPaymentReference, PAYMENT_METHOD_MESSAGES } from '@pledge/domain';
import { wireAccountFor } from '../../src/brands/brands.js';
import { bearer, useApplicationsTestContext } from '../applications/helpers.js';
import { signIn } from '../identity/sign-in.js';
import {
  fundedSandboxLoan,
  getLoan,
  idempotency,
  LOANS,
  openServicingWorld,
  payoffQuote,
  provisionSandboxAgents,
  requestPayOff,
  sandboxLoan,
  type TTestLoan,
  paymentRowsOf,
} from './helpers.js';
import { auditEventsOf } from '../helpers/audit-events.js';

const ctx = useApplicationsTestContext(openServicingWorld);

/** A funded loan of a borrower living in Germany, paid out in USDC to a wallet. */
async function internationalLoan(): Promise<TTestLoan> {
  const email = `usdc-borrower-${Date.now()}@example.com`;
  await provisionSandboxAgents(ctx);
  const { loanUuid } = await fundedSandboxLoan(ctx, { email, countryCode: 'DE' });
  return { loanUuid, email, token: await signIn(ctx.app, email) };
}

describe('an international (USDC) loan', () => {
  let loan: TTestLoan;
  let view: TServicingLoan;
  beforeAll(async () => {
    loan = await internationalLoan();
    view = await getLoan(ctx, loan);
  });

  it('shows the lender’s wire instructions with the loan’s reference, and no ACH or autopay', () => {
    const account = wireAccountFor('default');
    expect(account).not.toBeNull();
    expect(view.debitAccount).toBeNull();
    expect(view.paymentOptions).toEqual({
      canPayByAch: false,
      canUseAutopay: false,
      wire: {
        ...account,
        reference: loanPaymentReference(loan.loanUuid),
        currency: 'USD',
      },
      usdcNote: PAYMENT_METHOD_MESSAGES.usdcNotAccepted,
    });
    expect(view.paymentOptions.wire?.reference).toMatch(/^PL[0-9A-F]{32}$/);
  });

  it('refuses an ACH debit with the way to pay instead, and writes nothing', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `${LOANS}/${loan.loanUuid}/payments`,
      headers: { ...bearer(loan.token), ...idempotency('usdc-ach-0001') },
      payload: { amountCents: 10_000 },
    });
    expect(response.statusCode).toBe(409);
    const body = response.json() as { code: string; message: string };
    expect(body.code).toBe('NO_DEBIT_ACCOUNT');
    expect(body.message).toBe(
      PAYMENT_METHOD_MESSAGES.noDebitAccount(loanPaymentReference(loan.loanUuid)),
    );
    expect(body.message).toContain('Pay by wire');
    expect(await paymentRowsOf(ctx, loan.loanUuid)).toEqual([]);
    expect((await getLoan(ctx, loan)).balances).toEqual(view.balances);
  });

  it('quotes a payoff to wire, and refuses to pay it by ACH', async () => {
    const { quoteUuid } = await payoffQuote(ctx, loan);
    const paid = await requestPayOff(ctx, loan, quoteUuid, 'usdc-payoff-0001');
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toMatchObject({
      code: 'NO_DEBIT_ACCOUNT',
      message: PAYMENT_METHOD_MESSAGES.noDebitAccount(loanPaymentReference(loan.loanUuid)),
    });
    expect((await getLoan(ctx, loan)).status).toBe('ACTIVE');
  });

  it('refuses autopay, which would debit the same missing account', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `${LOANS}/${loan.loanUuid}/autopay`,
      headers: bearer(loan.token),
      payload: { enabled: true },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'NO_DEBIT_ACCOUNT',
      message: PAYMENT_METHOD_MESSAGES.noAutopay,
    });
    expect((await getLoan(ctx, loan)).autopayEnabled).toBe(false);
    const audited = await auditEventsOf(ctx.database.db, loan.loanUuid);
    expect(audited.some((event) => event.toState === 'AUTOPAY_ON')).toBe(false);
  });
});

describe('a domestic loan with a bank account', () => {
  it('keeps ACH and autopay beside the wire instructions, with no USDC note', async () => {
    const loan = await sandboxLoan(ctx);
    const view = await getLoan(ctx, loan);
    expect(view.debitAccount).not.toBeNull();
    expect(view.paymentOptions).toMatchObject({
      canPayByAch: true,
      canUseAutopay: true,
      wire: { reference: loanPaymentReference(loan.loanUuid), currency: 'USD' },
      usdcNote: null,
    });
  });
});
