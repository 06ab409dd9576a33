/**
 * The controls on money, replayed as a security reviewer found them broken (issue: one insider
 * clears a debt, reassigns a legacy loan, deactivates every other agent) against the real server:
 * one agent's call is only a proposal and changes no row; the maker, the same person under another
 * address and the borrower concerned cannot approve; a different agent's approval does it once.
 */
import { describe, expect, it } from 'vitest';
import type { TControlledAction, TGetOpsReconciliationResponse } from '@pledge/contract';
import { CONTROL_MESSAGES, CONTROLLED_ACTION_KINDS, REFI_TAPE_COLUMNS } from '@pledge/domain';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { agents, opsProposals, refiTapeLoans } from '../../src/db/schema/index.js';
import { bearer } from '../applications/helpers.js';
import { signInAgent, type TAgent, useAgent, useTwoAgentContext, OPS } from '../ops/helpers.js';
import { signIn } from '../identity/sign-in.js';
import { lookUpOne } from '../refi/helpers.js';
import {
  fundedSandboxLoan,
  getLoan,
  idempotency,
  sandboxLoan,
  type TTestLoan,
  paymentRowsOf,
} from '../servicing/helpers.js';
import { servicingRow } from '../risk/liquidation-helpers.js';

/** A funded sandbox loan of a borrower signed up with this address. */
async function loanOf(email: string): Promise<TTestLoan> {
  const { loanUuid } = await fundedSandboxLoan(ctx, { email });
  return { loanUuid, email, token: await signIn(ctx.app, email) };
}

const { ctx, maker, checker } = useTwoAgentContext();
const third = useAgent(ctx, 'agent3@example.com');

function call(
  agent: TAgent,
  method: 'GET' | 'POST',
  url: string,
  payload?: object | string,
  headers: Record<string, string> = {},
) {
  return ctx.app.inject({
    method,
    url: `${OPS}${url}`,
    headers: { ...bearer(agent.token), ...headers },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> | string } : {}),
  });
}

const approve = (agent: TAgent, id: string) =>
  call(agent, 'POST', `/controlled-actions/${id}/approve`);

/** An agent's proposal to import a tape file. */
const importTape = (agent: TAgent, csv: string) =>
  call(agent, 'POST', '/refi/tape/import', csv, { 'content-type': 'text/csv' });

async function proposeWire(
  agent: TAgent,
  loan: TTestLoan,
  amountCents: number,
  key = randomUUID(),
  body: { reference?: string; receivedOn?: string } = {},
) {
  return call(
    agent,
    'POST',
    `/loans/${loan.loanUuid}/wire-payments`,
    {
      amountCents,
      reference: body.reference ?? `FED-${key.slice(0, 8)}`,
      receivedOn: body.receivedOn ?? (await servicingRow(ctx, loan.loanUuid)).fundedOn,
    },
    idempotency(key),
  );
}

const paymentsOf = (loanUuid: string) => paymentRowsOf(ctx, loanUuid);

async function proposalRow(id: string) {
  const [row] = await ctx.database.db.select().from(opsProposals).where(eq(opsProposals.id, id));
  return row;
}

describe('a wire received (finding 1: one agent cleared a debt)', () => {
  it('is only a proposal until a different agent approves it, then posts once', async () => {
    const loan = await sandboxLoan(ctx);
    const before = await getLoan(ctx, loan);
    const key = randomUUID();
    const proposed = await proposeWire(maker, loan, 150_000, key);
    expect(proposed.statusCode, proposed.body).toBe(202);
    const proposal = proposed.json() as TControlledAction;
    expect(proposal).toMatchObject({
      action: 'RECORD_WIRE',
      status: 'PENDING',
      amountCents: 150_000,
    });
    // A retry with the same key answers the same proposal; nothing reached the ledger.
    const again = await proposeWire(maker, loan, 150_000, key);
    expect(again.statusCode, again.body).toBe(202);
    expect((again.json() as TControlledAction).id).toBe(proposal.id);
    expect(await paymentsOf(loan.loanUuid)).toHaveLength(0);
    expect((await getLoan(ctx, loan)).balances).toEqual(before.balances);

    const self = await approve(maker, proposal.id);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ code: 'SAME_AGENT', message: CONTROL_MESSAGES.sameAgent });
    expect(await paymentsOf(loan.loanUuid)).toHaveLength(0);

    const approved = await approve(checker, proposal.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'APPROVED',
      decidedBy: { email: checker.email },
    });
    // A double click answers the same approval and posts nothing twice.
    expect((await approve(checker, proposal.id)).statusCode).toBe(200);
    const payments = await paymentsOf(loan.loanUuid);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ method: 'WIRE', amountCents: 150_000, status: 'SETTLED' });
    expect((await getLoan(ctx, loan)).balances.totalCents).toBe(
      before.balances.totalCents - 150_000,
    );
  });

  it('is never more than the loan owes', async () => {
    const loan = await sandboxLoan(ctx);
    const response = await proposeWire(maker, loan, 999_999_999);
    expect(response.statusCode).toBe(400);
    expect(
      await ctx.database.db
        .select()
        .from(opsProposals)
        .where(eq(opsProposals.loanUuid, loan.loanUuid)),
    ).toHaveLength(0);
  });

  it('is dated within the loan’s life and credits one bank reference once (issue 33, finding 9)', async () => {
    const loan = await sandboxLoan(ctx);
    const early = await proposeWire(maker, loan, 1_000, randomUUID(), { receivedOn: '2019-06-03' });
    expect(early.statusCode).toBe(400);
    expect(
      early.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.receivedOn?.[0],
    ).toMatch(/before the loan was funded/);
    const first = await proposeWire(maker, loan, 1_000, randomUUID(), { reference: 'FED-DUP-1' });
    expect((await approve(checker, (first.json() as TControlledAction).id)).statusCode).toBe(200);
    // The same wire again under another key and another case of the reference.
    const again = await proposeWire(maker, loan, 1_000, randomUUID(), { reference: 'fed-dup-1' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'WIRE_ALREADY_CREDITED' });
    expect(await paymentsOf(loan.loanUuid)).toHaveLength(1);
  });

  it('is refused on the agent’s own loan, under a second address of the same mailbox', async () => {
    // The sandbox funds with the first two agents, so the third is the borrower here.
    const [local, domain] = third.email.split('@');
    const loan = await loanOf(`${local?.toUpperCase()}+loans@${domain}`);
    const own = await proposeWire(third, loan, 10_000);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'OWN_LOAN', message: CONTROL_MESSAGES.ownLoan });
    // Another agent may propose it, and the owner may not approve it.
    const proposed = await proposeWire(checker, loan, 10_000);
    expect(proposed.statusCode, proposed.body).toBe(202);
    const refused = await approve(third, (proposed.json() as TControlledAction).id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'OWN_LOAN' });
    expect(await paymentsOf(loan.loanUuid)).toHaveLength(0);
  });

  it('a reversal is a proposal too', async () => {
    const loan = await sandboxLoan(ctx);
    const wire = (await proposeWire(maker, loan, 20_000)).json() as TControlledAction;
    await approve(checker, wire.id);
    const [payment] = await paymentsOf(loan.loanUuid);
    if (payment === undefined) throw new Error('no payment');
    const proposed = await call(maker, 'POST', `/payments/${payment.uuid}/reverse`, {
      reason: 'Wire recorded twice',
    });
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect((await paymentsOf(loan.loanUuid))[0]?.status).toBe('SETTLED');
    const approved = await approve(checker, (proposed.json() as TControlledAction).id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await paymentsOf(loan.loanUuid))[0]?.status).toBe('REVERSED');
  });
});

describe('a payoff recorded by agents (finding 5: $0.01 closed a loan)', () => {
  it('is refused unless it is the ledger’s payoff figure, and reconciliation stays balanced', async () => {
    const loan = await sandboxLoan(ctx);
    const response = await call(maker, 'POST', `/applications/${loan.loanUuid}/payoff/proposals`, {
      method: 'WIRE',
      reference: 'FED-0001',
      amount: 0.01,
      paidOn: '2024-01-02',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PAYOFF_AMOUNT_NOT_LEDGER' });
    expect(response.json<{ message: string }>().message).toMatch(
      /payoff figure today is [\d,]+\.\d\d USD/,
    );
    const [row] = await ctx.database.db
      .select()
      .from(opsProposals)
      .where(
        and(
          eq(opsProposals.applicationUuid, loan.loanUuid),
          eq(opsProposals.kind, 'RECORD_PAYOFF'),
        ),
      );
    expect(row).toBeUndefined();
    const recon = (
      await call(maker, 'GET', '/reconciliation')
    ).json() as TGetOpsReconciliationResponse;
    expect(recon.issues.filter((issue) => issue.loanUuid === loan.loanUuid)).toEqual([]);
  });
});

describe('agents’ own controls (finding 6)', () => {
  it('one agent cannot deactivate another alone; the removed agent cannot approve it', async () => {
    const proposed = await call(maker, 'POST', '/agents/deactivate', {
      email: third.email,
      reason: 'Left the company',
    });
    expect(proposed.statusCode, proposed.body).toBe(202);
    const [row] = await ctx.database.db.select().from(agents).where(eq(agents.email, third.email));
    expect(row?.isActive).toBe(true);
    const id = (proposed.json() as TControlledAction).id;
    const byTarget = await approve(third, id);
    expect(byTarget.statusCode).toBe(403);
    const withdrawn = await call(maker, 'POST', `/controlled-actions/${id}/reject`, {
      reason: 'Proposed by mistake',
    });
    expect(withdrawn.json()).toMatchObject({ status: 'WITHDRAWN' });
  });

  it('a deactivated agent’s pending proposals lapse and are never approvable', async () => {
    const leaver = await signInAgent(ctx, `leaver-${Date.now()}@example.com`);
    const loan = await sandboxLoan(ctx);
    const wire = (await proposeWire(leaver, loan, 5_000)).json() as TControlledAction;
    const deactivation = (
      await call(maker, 'POST', '/agents/deactivate', { email: leaver.email, reason: 'Fraud' })
    ).json() as TControlledAction;
    const done = await approve(checker, deactivation.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(await proposalRow(wire.id)).toMatchObject({ status: 'REJECTED' });
    const late = await approve(third, wire.id);
    expect(late.statusCode).toBe(409);
    expect(await paymentsOf(loan.loanUuid)).toHaveLength(0);
  });

  it('a proposal whose maker lost the role by configuration is not approvable', async () => {
    const leaver = await signInAgent(ctx, `config-leaver-${Date.now()}@example.com`);
    const loan = await sandboxLoan(ctx);
    const wire = (await proposeWire(leaver, loan, 5_000)).json() as TControlledAction;
    await ctx.database.db
      .update(agents)
      .set({ isActive: false })
      .where(eq(agents.email, leaver.email));
    const late = await approve(checker, wire.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'MAKER_INACTIVE',
      message: CONTROL_MESSAGES.makerInactive,
    });
  });
});

describe('legacy loans (finding 2: one agent reassigned or invented a loan)', () => {
  const tape = (loanId: string, email: string) =>
    [REFI_TAPE_COLUMNS.join(','), `${loanId},${email},BTC,1.5,20000.00,US-NY,true,CUSTODY`].join(
      '\n',
    );

  it('a tape import waits for a second agent; a reassignment needs the tape’s e-mail or an override', async () => {
    const loanId = `${Date.now()}`.slice(-6);
    const owner = `tape-owner-${randomUUID()}@example.com`;
    const imported = await importTape(maker, tape(loanId, owner));
    expect(imported.statusCode, imported.body).toBe(202);
    const missing = await ctx.database.db
      .select()
      .from(refiTapeLoans)
      .where(eq(refiTapeLoans.loanId, loanId));
    expect(missing).toHaveLength(0);
    const approved = await approve(checker, (imported.json() as TControlledAction).id);
    expect(approved.statusCode, approved.body).toBe(200);

    const stranger = await sandboxLoan(ctx);
    const noOverride = await call(maker, 'POST', `/refi/tape/loans/${loanId}/borrower`, {
      borrowerEmail: stranger.email,
      reason: 'Asked by phone',
    });
    expect(noOverride.statusCode).toBe(400);
    const noReason = await call(maker, 'POST', `/refi/tape/loans/${loanId}/borrower`, {
      borrowerEmail: stranger.email,
    });
    expect(noReason.statusCode).toBe(400);
    const proposed = await call(maker, 'POST', `/refi/tape/loans/${loanId}/borrower`, {
      borrowerEmail: stranger.email,
      reason: 'Estate letter 2024-118 confirms the new address',
      overrideTapeEmail: true,
    });
    expect(proposed.statusCode, proposed.body).toBe(202);
    const [unchanged] = await ctx.database.db
      .select()
      .from(refiTapeLoans)
      .where(eq(refiTapeLoans.loanId, loanId));
    expect(unchanged?.matchedIdentityUuid).toBeNull();
    expect((await approve(checker, (proposed.json() as TControlledAction).id)).statusCode).toBe(
      200,
    );
    const [matched] = await ctx.database.db
      .select()
      .from(refiTapeLoans)
      .where(eq(refiTapeLoans.loanId, loanId));
    expect(matched?.matchedIdentityUuid).not.toBeNull();
  });

  it('a legacy loan being refinanced by its borrower cannot be pointed at anyone else', async () => {
    const loanId = `R-${Date.now()}`.slice(0, 12);
    const owner = `refinancing-${randomUUID()}@example.com`;
    const ownerToken = await signIn(ctx.app, owner);
    const imported = await importTape(maker, tape(loanId, owner));
    expect((await approve(checker, (imported.json() as TControlledAction).id)).statusCode).toBe(
      200,
    );
    // The real borrower starts refinancing it.
    const application = await lookUpOne(ctx.app, ownerToken, loanId);
    expect(application.celsiusLoanNumbers).toEqual([loanId]);
    const attacker = await sandboxLoan(ctx);
    const refused = await call(maker, 'POST', `/refi/tape/loans/${loanId}/borrower`, {
      borrowerEmail: attacker.email,
      reason: 'Borrower asked by phone',
      overrideTapeEmail: true,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TAPE_LOAN_IN_REFINANCING' });
    const pending = await ctx.database.db
      .select()
      .from(opsProposals)
      .where(and(eq(opsProposals.kind, 'TAPE_REASSIGN'), eq(opsProposals.subjectId, loanId)));
    expect(pending).toHaveLength(0);
    const [row] = await ctx.database.db
      .select()
      .from(refiTapeLoans)
      .where(eq(refiTapeLoans.loanId, loanId));
    expect(row?.matchedIdentityUuid).toBeNull();
  });

  it('an agent cannot import a tape that holds a loan of their own', async () => {
    const loanId = `${Date.now() + 1}`.slice(-6);
    const [local, domain] = maker.email.split('@');
    const response = await importTape(maker, tape(loanId, `${local}+celsius@${domain}`));
    expect(response.statusCode).toBe(403);
  });
});

describe('the registry on the approval route', () => {
  it.each(
    CONTROLLED_ACTION_KINDS.filter((kind) => kind !== 'RELEASE_FUNDS' && kind !== 'RECORD_PAYOFF'),
  )('%s is refused to its maker whatever its subject', async (kind) => {
    const [row] = await ctx.database.db
      .insert(opsProposals)
      .values({
        kind,
        status: 'PENDING',
        proposedBy: maker.identityUuid,
        proposedByEmail: maker.email,
        proposedAt: new Date(),
        reference: 'walk',
        subjectType: 'LOAN',
        subjectId: randomUUID(),
        payload: {},
      })
      .returning();
    if (row === undefined) throw new Error('not inserted');
    const response = await approve(maker, row.id);
    expect(response.statusCode).toBe(403);
    expect(await proposalRow(row.id)).toMatchObject({ status: 'PENDING' });
    await ctx.database.db.delete(opsProposals).where(and(eq(opsProposals.id, row.id)));
  });
});
