import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type {
  TCollateralInfo,
  TOpsApplicationDetail,
  TPostCollateralReleaseResponse,
} from '@pledge/contract';
import { PAYOFF_ENTITY } from '../../src/services/ops/payoff-record.js';
import { acceptedApplication, appPath, bearer, newBorrower } from '../applications/helpers.js';
import {
  advance,
  awaitingRelease,
  decideProposal,
  expectJson,
  ledgerPayoffAmount,
  opsCall,
  opsPath,
  PAYOFF_EVIDENCE,
  pendingProposalOf,
  proposeAndApprove,
  TO_SIGN_DOCS,
  useTwoAgentContext,
  opsApplicationOf,
} from './helpers.js';
import { BTC_RETURN_ADDRESS } from '../servicing/helpers.js';
import { auditEventsOf } from '../helpers/audit-events.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const { ctx, maker: agent, checker } = useTwoAgentContext();

/** A borrower's application moved through the real state machine to `events`' end. */
async function applicationAfter(events: readonly Parameters<typeof advance>[2][number][]) {
  const borrower = await newBorrower(ctx.app);
  const accepted = await acceptedApplication(ctx.app, borrower.token);
  await advance(ctx, accepted.appUuid, events);
  return { ...borrower, appUuid: accepted.appUuid };
}

/** An active domestic loan: COMPLETE. */
async function activeLoan() {
  const loan = await awaitingRelease(ctx);
  await advance(ctx, loan.appUuid, ['FUNDS_RELEASED']);
  return loan;
}

const payoffUrl = (appUuid: string) => opsPath(`/${appUuid}/payoff/proposals`);

const auditOf = (appUuid: string, entityType: string) =>
  auditEventsOf(ctx.database.db, appUuid, { entityType });

async function collateralOf(token: string, appUuid: string): Promise<TCollateralInfo> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: appPath(appUuid, '/collateral'),
    headers: bearer(token),
  });
  return expectJson(response, 200) as TCollateralInfo;
}

describe('payoff: proposed by one agent, approved by another', () => {
  it('pays off an active loan once under concurrent approvals, audited, with the ACH hold', async () => {
    const loan = await activeLoan();
    expect(await collateralOf(loan.token, loan.appUuid)).not.toHaveProperty('payoff');

    // The payoff is recorded for the ledger's payoff figure today, and for nothing else.
    const figure = await ledgerPayoffAmount(ctx.app, agent, loan.appUuid);
    expect(figure).toBeGreaterThan(0);
    const short = await opsCall(ctx.app, 'POST', payoffUrl(loan.appUuid), agent.token, {
      ...PAYOFF_EVIDENCE,
      amount: figure - 0.01,
    });
    const refused = expectJson(short, 409) as { code: string; message: string };
    expect(refused.code).toBe('PAYOFF_AMOUNT_NOT_LEDGER');
    expect(refused.message).toContain(figure.toFixed(2));

    const evidence = {
      ...PAYOFF_EVIDENCE,
      amount: figure,
      method: 'ACH',
      note: '  Paid in full  ',
    };
    const proposed = expectJson(
      await opsCall(ctx.app, 'POST', payoffUrl(loan.appUuid), agent.token, evidence),
      200,
    ) as TOpsApplicationDetail;
    expect(proposed.application.state).toBe('COMPLETE');
    const proposalId = pendingProposalOf(proposed, 'RECORD_PAYOFF');
    expect(proposed.proposals[0]).toMatchObject({
      status: 'PENDING',
      proposedBy: { identityUuid: agent.identityUuid, email: agent.email },
      reference: PAYOFF_EVIDENCE.reference,
      note: 'Paid in full',
      payoff: { method: 'ACH', amount: figure, paidOn: '2025-03-01' },
    });

    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        decideProposal(ctx.app, checker, loan.appUuid, proposalId, 'approve'),
      ),
    );
    for (const answer of answers) {
      const view = expectJson(answer, 200) as TOpsApplicationDetail;
      expect(view.application).toMatchObject({ state: 'PAID_OFF', stage: 'COLLATERAL_RELEASE' });
    }
    const view = expectJson(answers[0] as never, 200) as TOpsApplicationDetail;
    expect(view.auditEvents[0]).toMatchObject({
      actor: `agent:${checker.identityUuid}`,
      fromState: 'COMPLETE',
      toState: 'PAID_OFF',
      event: 'PAID_OFF',
    });
    expect(view.auditEvents[0]?.reason).toContain('Payoff recorded (ACH)');
    expect(view.auditEvents[0]?.reason).toContain(`proposed by ${agent.email}`);
    expect(view.auditEvents[0]?.reason).toContain(`approved by ${checker.email}`);
    expect(view.proposals[0]).toMatchObject({
      status: 'APPROVED',
      decidedBy: { identityUuid: checker.identityUuid, email: checker.email },
    });
    const transitions = (await auditOf(loan.appUuid, 'application')).filter(
      (event) => event.toState === 'PAID_OFF',
    );
    expect(transitions).toHaveLength(1);
    expect(await auditOf(loan.appUuid, PAYOFF_ENTITY)).toHaveLength(1);

    const info = await collateralOf(loan.token, loan.appUuid);
    expect(info.payoff?.method).toBe('ACH');
    const paidOffAt = Date.parse(info.payoff?.paidOffAt ?? '');
    expect(paidOffAt).toBe(transitions[0]?.at.getTime());
    expect(Date.parse(info.payoff?.heldUntil ?? '') - paidOffAt).toBe(21 * DAY_MS);

    // The borrower may now ask for the collateral back.
    const release = await ctx.app.inject({
      method: 'POST',
      url: appPath(loan.appUuid, '/collateral/release'),
      headers: bearer(loan.token),
      payload: { returnAddress: BTC_RETURN_ADDRESS },
    });
    const released = expectJson(release, 200) as TPostCollateralReleaseResponse;
    expect(released.collateralReleaseResponse.result).toBe('SUCCESS');
  });

  it('keeps the wire hold, and a paid-off loan takes no second proposal', async () => {
    const loan = await activeLoan();
    const figure = await ledgerPayoffAmount(ctx.app, agent, loan.appUuid);
    const approved = await proposeAndApprove(ctx.app, {
      appUuid: loan.appUuid,
      kind: 'RECORD_PAYOFF',
      maker: agent,
      checker,
    });
    expect((expectJson(approved, 200) as TOpsApplicationDetail).application.state).toBe('PAID_OFF');
    const again = await opsCall(ctx.app, 'POST', payoffUrl(loan.appUuid), checker.token, {
      ...PAYOFF_EVIDENCE,
      amount: figure,
      method: 'ACH',
    });
    expect(expectJson(again, 409)).toMatchObject({ code: 'CANNOT_RECORD_PAYOFF' });
    expect(await auditOf(loan.appUuid, PAYOFF_ENTITY)).toHaveLength(1);

    const info = await collateralOf(loan.token, loan.appUuid);
    expect(info.payoff?.method).toBe('WIRE');
    expect(
      Date.parse(info.payoff?.heldUntil ?? '') - Date.parse(info.payoff?.paidOffAt ?? ''),
    ).toBe(3 * DAY_MS);
  });

  it('has no single-step payoff any more', async () => {
    const loan = await activeLoan();
    const answer = await opsCall(
      ctx.app,
      'POST',
      opsPath(`/${loan.appUuid}/record-payoff`),
      agent.token,
      { method: 'WIRE' },
    );
    expect(answer.statusCode).toBe(404);
    expect(await auditOf(loan.appUuid, PAYOFF_ENTITY)).toHaveLength(0);
  });

  it('refuses (409) an application that is not an active loan, and changes nothing', async () => {
    const signing = await applicationAfter(TO_SIGN_DOCS);
    const answer = await opsCall(
      ctx.app,
      'POST',
      payoffUrl(signing.appUuid),
      agent.token,
      PAYOFF_EVIDENCE,
    );
    const refusal = expectJson(answer, 409) as { code: string; message: string };
    expect(refusal.code).toBe('CANNOT_RECORD_PAYOFF');
    expect(refusal.message).toContain('SIGN_DOCS');
    expect((await opsApplicationOf(ctx.app, agent, signing.appUuid)).application.state).toBe(
      'SIGN_DOCS',
    );
    expect(await auditOf(signing.appUuid, PAYOFF_ENTITY)).toHaveLength(0);
  });

  it('answers 400 with field messages for missing or bad evidence, and records nothing', async () => {
    const loan = await activeLoan();
    const tomorrow = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
    for (const [payload, field] of [
      [{}, 'method'],
      [{ ...PAYOFF_EVIDENCE, method: 'CHEQUE' }, 'method'],
      [{ ...PAYOFF_EVIDENCE, reference: ' ' }, 'reference'],
      [{ ...PAYOFF_EVIDENCE, amount: 0 }, 'amount'],
      [{ ...PAYOFF_EVIDENCE, amount: 1.005 }, 'amount'],
      [{ ...PAYOFF_EVIDENCE, paidOn: '2025-02-30' }, 'paidOn'],
      [{ ...PAYOFF_EVIDENCE, paidOn: tomorrow }, 'paidOn'],
      [{ ...PAYOFF_EVIDENCE, note: 'x'.repeat(501) }, 'note'],
    ] as const) {
      const answer = await opsCall(ctx.app, 'POST', payoffUrl(loan.appUuid), agent.token, payload);
      const body = expectJson(answer, 400) as { fieldErrors?: Record<string, string[]> };
      expect(body.fieldErrors, JSON.stringify(payload)).toHaveProperty(field);
    }
    expect((await opsApplicationOf(ctx.app, agent, loan.appUuid)).proposals).toEqual([]);
    expect((await collateralOf(loan.token, loan.appUuid)).payoff).toBeUndefined();
  });

  it('answers 401 without a token or with a borrower token, and 404 for an unknown id', async () => {
    const loan = await activeLoan();
    const payload = PAYOFF_EVIDENCE;
    expect(
      (await opsCall(ctx.app, 'POST', payoffUrl(loan.appUuid), null, payload)).statusCode,
    ).toBe(401);
    const asBorrower = await opsCall(ctx.app, 'POST', payoffUrl(loan.appUuid), loan.token, payload);
    expect(asBorrower.statusCode).toBe(401);
    const unknown = await opsCall(ctx.app, 'POST', payoffUrl(randomUUID()), agent.token, payload);
    expect(expectJson(unknown, 404)).toMatchObject({ code: 'NOT_FOUND' });
    expect((await opsApplicationOf(ctx.app, agent, loan.appUuid)).application.state).toBe(
      'COMPLETE',
    );
  });
});
