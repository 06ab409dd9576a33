/**
 * Property: after any sequence of servicing operations (days passing with the sweep, ACH payments
 * of any outcome, wires, reversals, deferrals), every balance the API shows equals the sum of the
 * loan's ledger legs as the domain adds them, every journal sums to zero, no receivable is
 * negative, and the reconciliation report finds nothing.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  TControlledAction,
  TGetOpsLoanResponse,
  TGetOpsReconciliationResponse,
} from '@pledge/contract';
import { balancesOfLegs } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import { ledgerEntries } from '../../src/db/schema/index.js';
import { bearer, useApplicationsTestContext } from '../applications/helpers.js';
import { signIn } from '../identity/sign-in.js';
import {
  SANDBOX_AGENT_EMAIL,
  SANDBOX_SECOND_AGENT_EMAIL,
} from '../../src/services/identity/agents.js';
import { signInAgent, OPS } from '../ops/helpers.js';
import {
  advanceDays,
  getLoan,
  idempotency,
  LOANS,
  runSweep,
  sandboxLoan,
  setBtcPrice,
  type TTestLoan,
} from './helpers.js';

type TOperation =
  | { kind: 'days'; days: number }
  | { kind: 'ach'; cents: number }
  | { kind: 'wire'; cents: number }
  | { kind: 'reverseLast' }
  | { kind: 'defer' };

const operation: fc.Arbitrary<TOperation> = fc.oneof(
  fc.record({ kind: fc.constant('days' as const), days: fc.integer({ min: 1, max: 20 }) }),
  // Any cents: .01 is refused at once, .02 returned days later, others settle.
  fc.record({ kind: fc.constant('ach' as const), cents: fc.integer({ min: 1, max: 400_000 }) }),
  fc.record({ kind: fc.constant('wire' as const), cents: fc.integer({ min: 1, max: 400_000 }) }),
  fc.constant({ kind: 'reverseLast' as const }),
  fc.constant({ kind: 'defer' as const }),
);

const ctx = useApplicationsTestContext();
let agentToken = '';
beforeAll(async () => {
  await setBtcPrice(ctx, 60_000);
});

let checkerToken = '';

/**
 * The first agent's token (the second's, the checker of what the first proposes, with `checker`),
 * signed in again only once the moved clock has ended the session.
 */
async function agent(as: 'maker' | 'checker' = 'maker') {
  const current = as === 'maker' ? agentToken : checkerToken;
  if (current !== '') {
    const probe = await ctx.app.inject({
      remoteAddress: nextClient(),
      method: 'GET',
      url: `${OPS}/loans?limit=1`,
      headers: bearer(current),
    });
    if (probe.statusCode === 200) return bearer(current);
  }
  const token = (
    await signInAgent(ctx, as === 'maker' ? SANDBOX_AGENT_EMAIL : SANDBOX_SECOND_AGENT_EMAIL)
  ).token;
  if (as === 'maker') agentToken = token;
  else checkerToken = token;
  return bearer(token);
}

/**
 * A money move under maker–checker: the first agent proposes (202; a refusal is answered as it
 * is), the second approves, and the approval's answer is returned.
 */
async function proposeAndApproveMove(request: {
  url: string;
  payload: object;
  headers?: Record<string, string>;
}) {
  const proposed = await ctx.app.inject({
    remoteAddress: nextClient(),
    method: 'POST',
    url: request.url,
    headers: { ...(await agent()), ...request.headers },
    payload: request.payload as Record<string, unknown>,
  });
  if (proposed.statusCode !== 202) return proposed;
  const { id } = proposed.json() as TControlledAction;
  const approved = await ctx.app.inject({
    remoteAddress: nextClient(),
    method: 'POST',
    url: `${OPS}/controlled-actions/${id}/approve`,
    headers: await agent('checker'),
  });
  expect(approved.statusCode, approved.body).toBe(200);
  expect((approved.json() as TControlledAction).status).toBe('APPROVED');
  return approved;
}

/** The borrower signs in again only once the moved clock has ended the session. */
async function freshToken(loan: TTestLoan) {
  const probe = await ctx.app.inject({
    remoteAddress: nextClient(),
    method: 'GET',
    url: `${LOANS}/${loan.loanUuid}`,
    headers: bearer(loan.token),
  });
  if (probe.statusCode === 401) loan.token = await signIn(ctx.app, loan.email);
}

/** The borrower's POST to the loan's `path` (a payment, a deferral), once per key. */
async function borrowerMove(loan: TTestLoan, path: string, key: string, payload?: object) {
  await freshToken(loan);
  return ctx.app.inject({
    remoteAddress: nextClient(),
    method: 'POST',
    url: `${LOANS}/${loan.loanUuid}/${path}`,
    headers: { ...bearer(loan.token), ...idempotency(key) },
    ...(payload !== undefined ? { payload } : {}),
  });
}

async function apply(
  loan: TTestLoan & { fundedOn: string },
  op: TOperation,
  step: number,
  wires: string[],
) {
  const key = `prop-${loan.loanUuid.slice(0, 8)}-${step}`;
  switch (op.kind) {
    case 'days':
      await advanceDays(ctx, op.days);
      await runSweep(ctx);
      return;
    case 'ach': {
      const response = await borrowerMove(loan, 'payments', key, { amountCents: op.cents });
      expect([201, 400, 409]).toContain(response.statusCode);
      return;
    }
    case 'wire': {
      const response = await proposeAndApproveMove({
        url: `${OPS}/loans/${loan.loanUuid}/wire-payments`,
        headers: idempotency(key),
        payload: { amountCents: op.cents, reference: key, receivedOn: loan.fundedOn },
      });
      // Approved (200), or refused when proposed (400, 409).
      expect([200, 400, 409]).toContain(response.statusCode);
      if (response.statusCode === 200) {
        // The wire's payment, as the console's view of the loan shows it after the approval.
        const detail = await ctx.app.inject({
          remoteAddress: nextClient(),
          method: 'GET',
          url: `${OPS}/loans/${loan.loanUuid}`,
          headers: await agent(),
        });
        const payment = (detail.json() as TGetOpsLoanResponse).loan.payments.find(
          (row) => row.method === 'WIRE' && row.reference === key,
        );
        expect(payment).toMatchObject({ status: 'SETTLED', amountCents: op.cents });
        wires.push(payment?.paymentUuid ?? '');
      }
      return;
    }
    case 'reverseLast': {
      const last = wires.pop();
      if (last === undefined) return;
      const response = await proposeAndApproveMove({
        url: `${OPS}/payments/${last}/reverse`,
        payload: { reason: 'Recalled' },
      });
      expect(response.statusCode, response.body).toBe(200);
      return;
    }
    case 'defer': {
      const response = await borrowerMove(loan, 'deferrals', key);
      expect([201, 409]).toContain(response.statusCode);
    }
  }
}

let clients = 0;
/**
 * A client address of its own for each request: the money routes are paced per client, and the
 * property is about the ledger, not the pace of one device.
 */
function nextClient(): string {
  clients += 1;
  return `10.66.${Math.floor(clients / 250) % 250}.${(clients % 250) + 1}`;
}

describe('the ledger under random operations', () => {
  it('keeps every balance equal to the sum of its entries', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 3, maxLength: 8 }), async (ops) => {
        const loan = { ...(await sandboxLoan(ctx)), fundedOn: '' };
        // A wire is received on a day between the funding and today.
        loan.fundedOn = (await getLoan(ctx, loan)).fundedOn;
        const wires: string[] = [];
        for (const [step, op] of ops.entries()) await apply(loan, op, step, wires);
        await runSweep(ctx);
        await freshToken(loan);
        const view = await getLoan(ctx, loan);
        const legs = await ctx.database.db
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.loanUuid, loan.loanUuid));
        expect(view.balances).toEqual(balancesOfLegs(legs));
        for (const value of Object.values(view.balances)) expect(value).toBeGreaterThanOrEqual(0);
        const journals = new Map<string, number>();
        for (const leg of legs) {
          journals.set(leg.journalUuid, (journals.get(leg.journalUuid) ?? 0) + leg.amountCents);
        }
        for (const sum of journals.values()) expect(sum).toBe(0);
        const cash = legs
          .filter((leg) => leg.account === 'CASH')
          .reduce((s, l) => s + l.amountCents, 0);
        const counted = view.payments
          .filter((p) => p.status === 'SETTLED' || (p.status === 'PENDING' && p.method !== 'WIRE'))
          .reduce((sum, payment) => sum + payment.amountCents, 0);
        expect(cash).toBe(counted);
        const report = await ctx.app.inject({
          remoteAddress: nextClient(),
          method: 'GET',
          url: `${OPS}/reconciliation`,
          headers: await agent(),
        });
        const reconciliation = report.json() as TGetOpsReconciliationResponse;
        expect(reconciliation.issues).toEqual([]);
      }),
      { numRuns: 4 },
    );
  }, 240_000);
});
