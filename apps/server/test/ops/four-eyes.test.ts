/**
 * Maker–checker on money (DESIGN §6): a release or a payoff is proposed by one agent with
 * its evidence and approved by a different one; the proposer cannot approve, a proposal can be
 * rejected or withdrawn with a reason, approvals are idempotent and concurrent ones transition once.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TOpsApplicationDetail } from '@pledge/contract';
import { eq } from 'drizzle-orm';
import { opsProposals } from '../../src/db/schema/index.js';
import {
  advance,
  awaitingRelease,
  decideProposal,
  expectJson,
  opsCall,
  opsPath,
  PAYOFF_EVIDENCE,
  payoffEvidenceOf,
  pendingProposalOf,
  RELEASE_EVIDENCE,
  type TAgent,
  useTwoAgentContext,
  opsApplicationOf,
} from './helpers.js';
import { auditEventsOf } from '../helpers/audit-events.js';

const { ctx, maker, checker } = useTwoAgentContext();

const releaseProposals = (appUuid: string) => opsPath(`/${appUuid}/release-funds/proposals`);
const payoffProposals = (appUuid: string) => opsPath(`/${appUuid}/payoff/proposals`);

async function propose(appUuid: string, agent: TAgent, evidence: object = RELEASE_EVIDENCE) {
  const answer = await opsCall(ctx.app, 'POST', releaseProposals(appUuid), agent.token, evidence);
  return expectJson(answer, 200) as TOpsApplicationDetail;
}

/** A proposal rejected by an agent (withdrawn, by its proposer) with the reason: the answer. */
async function rejectedWith(agent: TAgent, appUuid: string, proposalId: string, reason: string) {
  const answer = await decideProposal(ctx.app, agent, appUuid, proposalId, 'reject', { reason });
  return expectJson(answer, 200) as TOpsApplicationDetail;
}

const detail = (appUuid: string) => opsApplicationOf(ctx.app, maker, appUuid);

const transitionsTo = (appUuid: string, toState: string) =>
  auditEventsOf(ctx.database.db, appUuid, { entityType: 'application', toState });

describe('releasing funds takes two agents', () => {
  it('leaves the state alone on a proposal, and refuses the proposer’s own approval (403)', async () => {
    const loan = await awaitingRelease(ctx);
    const proposed = await propose(loan.appUuid, maker);
    expect(proposed.application.state).toBe('MANUAL_FUNDING_RELEASE');
    expect(proposed.proposals).toHaveLength(1);
    expect(proposed.proposals[0]).toMatchObject({
      kind: 'RELEASE_FUNDS',
      status: 'PENDING',
      proposedBy: { identityUuid: maker.identityUuid, email: maker.email },
      reference: RELEASE_EVIDENCE.reference,
      note: RELEASE_EVIDENCE.note,
      payoff: null,
      decidedBy: null,
    });
    expect(proposed.auditEvents[0]).toMatchObject({
      actor: `agent:${maker.identityUuid}`,
      fromState: null,
      toState: null,
    });
    expect(proposed.auditEvents[0]?.reason).toContain(RELEASE_EVIDENCE.reference);
    expect(proposed.auditEvents[0]?.reason).toContain(maker.email);

    const proposalId = pendingProposalOf(proposed, 'RELEASE_FUNDS');
    const own = await decideProposal(ctx.app, maker, loan.appUuid, proposalId, 'approve');
    expect(expectJson(own, 403)).toMatchObject({ code: 'SAME_AGENT' });
    const after = await detail(loan.appUuid);
    expect(after.application.state).toBe('MANUAL_FUNDING_RELEASE');
    expect(after.proposals[0]?.status).toBe('PENDING');
    expect(await transitionsTo(loan.appUuid, 'COMPLETE')).toHaveLength(0);
  });

  it('transitions once under concurrent approvals and double clicks, both steps audited', async () => {
    const loan = await awaitingRelease(ctx);
    const proposalId = pendingProposalOf(await propose(loan.appUuid, maker), 'RELEASE_FUNDS');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        decideProposal(ctx.app, checker, loan.appUuid, proposalId, 'approve'),
      ),
    );
    for (const answer of answers) {
      expect((expectJson(answer, 200) as TOpsApplicationDetail).application.state).toBe('COMPLETE');
    }
    const completions = await transitionsTo(loan.appUuid, 'COMPLETE');
    expect(completions).toHaveLength(1);
    expect(completions[0]).toMatchObject({
      actor: `agent:${checker.identityUuid}`,
      fromState: 'MANUAL_FUNDING_RELEASE',
    });
    expect(completions[0]?.reason).toContain(`proposed by ${maker.email}`);
    expect(completions[0]?.reason).toContain(`approved by ${checker.email}`);
    expect(completions[0]?.reason).toContain(RELEASE_EVIDENCE.reference);

    const later = await decideProposal(ctx.app, checker, loan.appUuid, proposalId, 'approve');
    const view = expectJson(later, 200) as TOpsApplicationDetail;
    expect(view.proposals[0]).toMatchObject({
      status: 'APPROVED',
      decidedBy: { identityUuid: checker.identityUuid, email: checker.email },
    });
    expect(await transitionsTo(loan.appUuid, 'COMPLETE')).toHaveLength(1);
  });

  it('keeps one open proposal: the same one again is a retry, another one is 409', async () => {
    const loan = await awaitingRelease(ctx);
    await propose(loan.appUuid, maker);
    const retried = await propose(loan.appUuid, maker);
    expect(retried.proposals).toHaveLength(1);
    const other = await opsCall(ctx.app, 'POST', releaseProposals(loan.appUuid), checker.token, {
      reference: 'ANOTHER-REF',
    });
    expect(expectJson(other, 409)).toMatchObject({ code: 'PROPOSAL_PENDING' });
    const rows = await ctx.database.db
      .select()
      .from(opsProposals)
      .where(eq(opsProposals.applicationUuid, loan.appUuid));
    expect(rows).toHaveLength(1);
  });

  it('is rejected by another agent or withdrawn by its proposer, with a reason', async () => {
    const loan = await awaitingRelease(ctx);
    const firstId = pendingProposalOf(await propose(loan.appUuid, maker), 'RELEASE_FUNDS');
    const noReason = await decideProposal(ctx.app, checker, loan.appUuid, firstId, 'reject', {
      reason: '  ',
    });
    expect((expectJson(noReason, 400) as { fieldErrors?: object }).fieldErrors).toHaveProperty(
      'reason',
    );
    const rejected = await rejectedWith(
      checker,
      loan.appUuid,
      firstId,
      'Trace number does not match the bank file',
    );
    expect(rejected.application.state).toBe('MANUAL_FUNDING_RELEASE');
    expect(rejected.proposals[0]).toMatchObject({
      status: 'REJECTED',
      decidedBy: { email: checker.email },
      decisionReason: 'Trace number does not match the bank file',
    });
    expect(rejected.auditEvents[0]?.reason).toContain('Trace number does not match');
    const approveRejected = await decideProposal(
      ctx.app,
      checker,
      loan.appUuid,
      firstId,
      'approve',
    );
    expect(expectJson(approveRejected, 409)).toMatchObject({ code: 'PROPOSAL_DECIDED' });

    const secondId = pendingProposalOf(
      await propose(loan.appUuid, maker, { reference: 'ACH-TRACE-0002' }),
      'RELEASE_FUNDS',
    );
    const withdrawn = await rejectedWith(maker, loan.appUuid, secondId, 'Typo in the reference');
    expect(withdrawn.proposals[0]).toMatchObject({ id: secondId, status: 'WITHDRAWN' });
    expect((await detail(loan.appUuid)).application.state).toBe('MANUAL_FUNDING_RELEASE');
    expect(await transitionsTo(loan.appUuid, 'COMPLETE')).toHaveLength(0);
  });

  it('answers 404 for a proposal of another application, and 400 without a reference', async () => {
    const loan = await awaitingRelease(ctx);
    const unknown = await decideProposal(ctx.app, checker, loan.appUuid, randomUUID(), 'approve');
    expect(expectJson(unknown, 404)).toMatchObject({ code: 'PROPOSAL_NOT_FOUND' });
    const missing = await opsCall(ctx.app, 'POST', releaseProposals(loan.appUuid), maker.token, {});
    expect((expectJson(missing, 400) as { fieldErrors?: object }).fieldErrors).toHaveProperty(
      'reference',
    );
    expect((await detail(loan.appUuid)).proposals).toEqual([]);
  });
});

describe('recording a payoff takes two agents', () => {
  it('refuses the proposer’s approval and pays off on the other agent’s', async () => {
    const loan = await awaitingRelease(ctx);
    await advance(ctx, loan.appUuid, ['FUNDS_RELEASED']);
    // The evidence's amount is the ledger's payoff figure today.
    const evidence = await payoffEvidenceOf(ctx.app, checker, loan.appUuid);
    const proposed = expectJson(
      await opsCall(ctx.app, 'POST', payoffProposals(loan.appUuid), checker.token, evidence),
      200,
    ) as TOpsApplicationDetail;
    expect(proposed.application.state).toBe('COMPLETE');
    expect(proposed.proposals[0]?.payoff).toEqual({
      method: 'WIRE',
      amount: evidence.amount,
      paidOn: PAYOFF_EVIDENCE.paidOn,
    });
    const [row] = await ctx.database.db
      .select()
      .from(opsProposals)
      .where(eq(opsProposals.applicationUuid, loan.appUuid));
    expect(row?.payoffAmountCents).toBe(Math.round(Number(evidence.amount) * 100));

    const proposalId = pendingProposalOf(proposed, 'RECORD_PAYOFF');
    const own = await decideProposal(ctx.app, checker, loan.appUuid, proposalId, 'approve');
    expect(expectJson(own, 403)).toMatchObject({ code: 'SAME_AGENT' });
    expect((await detail(loan.appUuid)).application.state).toBe('COMPLETE');

    const approved = await decideProposal(ctx.app, maker, loan.appUuid, proposalId, 'approve');
    expect((expectJson(approved, 200) as TOpsApplicationDetail).application.state).toBe('PAID_OFF');
    expect(await transitionsTo(loan.appUuid, 'PAID_OFF')).toHaveLength(1);
  });
});
