/**
 * POST /sandbox/loans (DESIGN §3): a funded loan made by walking the real flow is the loan a
 * borrower who walked every step has: COMPLETE through every state of the new-loan machine, each
 * transition in the audit trail, every loan invariant holding, listed by loanStatus.
 */
import { describe, expect, it } from 'vitest';
import type { TPostSandboxLoanResponse } from '@pledge/contract';
import { loanInvariantViolations } from '@pledge/domain';
import { and, eq } from 'drizzle-orm';
import { applications, auditEvents } from '../../src/db/schema/index.js';
import { loanFactsOf } from '../../src/services/applications/loan-facts.js';
import { useApplicationsTestContext } from '../applications/helpers.js';
import { signIn } from '../identity/sign-in.js';
import { provisionSandboxAgents, loanStatuses } from '../servicing/helpers.js';

const ctx = useApplicationsTestContext();

const WALKED_STATES = [
  'CREATED',
  'OFFER_ACCEPTED',
  'ATTACH_PROFILE',
  'SOFT_CREDIT',
  'GEN_APP_DISCLOSURES',
  'SIGN_DOCS',
  'WAITING_FOR_COLLATERAL',
  'CRYPTO_FUNDING_VERIFY',
  'MANUAL_FUNDING_RELEASE',
  'COMPLETE',
];

async function sandboxLoan(body: Record<string, unknown>) {
  await provisionSandboxAgents(ctx);
  return ctx.app.inject({ method: 'POST', url: '/sandbox/loans', payload: body });
}

/** The states of the audit trail, as a chain from creation (transitions in one instant share `at`). */
async function auditStates(appUuid: string): Promise<string[]> {
  const rows = await ctx.database.db
    .select({ fromState: auditEvents.fromState, toState: auditEvents.toState })
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, 'application'), eq(auditEvents.entityId, appUuid)));
  const transitions = rows.filter((row) => row.toState !== null);
  const chain: string[] = [];
  let from: string | null = null;
  for (let next = transitions.find((row) => row.fromState === from); next !== undefined;) {
    const to: string = next.toState ?? '';
    chain.push(to);
    from = to;
    next = transitions.find((row) => row.fromState === from);
  }
  expect(chain).toHaveLength(transitions.length);
  return chain;
}

describe('POST /sandbox/loans', () => {
  it('funds a domestic loan through every step, as a walked loan is', async () => {
    const email = `sandbox-loan-${Date.now()}@example.com`;
    const response = await sandboxLoan({
      email,
      collateralType: 'BTC',
      coinQuantity: '1',
      drawAmount: 20_000,
      state: 'OH',
    });
    expect(response.statusCode).toBe(201);
    const loan = response.json() as TPostSandboxLoanResponse;
    expect(loan.loanUuid).toBe(loan.appUuid);

    const [row] = await ctx.database.db
      .select()
      .from(applications)
      .where(eq(applications.uuid, loan.appUuid));
    expect(row?.state).toBe('COMPLETE');
    expect(await auditStates(loan.appUuid)).toEqual(WALKED_STATES);
    if (row === undefined) throw new Error('unreachable');
    const facts = await loanFactsOf(ctx.database.db, row);
    expect(facts.funded).toBe(true);
    expect(facts.documentsSigned).toBe(true);
    expect(facts.identityDocument).toBe('APPROVED');
    expect(loanInvariantViolations(facts)).toEqual([]);

    // The borrower sees it, signed in with the same address.
    const token = await signIn(ctx.app, email);
    const loans = await loanStatuses(ctx, token);
    expect(loans.map((entry) => [entry.appUuid, entry.state, entry.loanType])).toEqual([
      [loan.appUuid, 'COMPLETE', 'NEW_LOAN'],
    ]);
    expect(loans[0]?.collateral).toEqual({ coinQuantity: '1', type: 'BTC' });
  });

  it('funds an international loan through the USDC test transfer', async () => {
    const response = await sandboxLoan({
      email: `sandbox-intl-${Date.now()}@example.com`,
      collateralType: 'ETH',
      coinQuantity: '20',
      drawAmount: 20_000,
      countryCode: 'DE',
    });
    expect(response.statusCode).toBe(201);
    const { appUuid } = response.json() as TPostSandboxLoanResponse;
    const states = await auditStates(appUuid);
    expect(states).toContain('BORROWER_MICRO_DEPOSIT_CONFIRM');
    expect(states.at(-1)).toBe('COMPLETE');
  });

  it('refuses bad input with field messages and an agent address', async () => {
    const bad = await sandboxLoan({ email: 'x', collateralType: 'BTC', coinQuantity: '1' });
    expect(bad.statusCode).toBe(400);
    const agent = await sandboxLoan({
      email: 'agent@example.com',
      collateralType: 'BTC',
      coinQuantity: '1',
      drawAmount: 20_000,
      state: 'OH',
    });
    expect(agent.statusCode).toBe(400);
    expect(agent.json()).toMatchObject({ fieldErrors: { email: [expect.any(String)] } });
  });
});
