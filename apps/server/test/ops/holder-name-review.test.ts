/**
 * A typed-in bank account in a name that is not the borrower's is held for an agent's review
 *: the borrower's Disbursement Account step shows it pending, no funds are released
 * while it is open or after it was refused, and the agent's decision is audited.
 */
import { describe, expect, it } from 'vitest';
import type { TOpsApplicationDetail } from '@pledge/contract';
import { finalStepStatus } from '../applications/helpers.js';
import {
  awaitingRelease,
  expectJson,
  HOLDER_ADA,
  opsCall,
  opsPath,
  proposeAndApprove,
  RELEASE_EVIDENCE,
  useTwoAgentContext,
  opsApplicationOf,
} from './helpers.js';
import { saveManualBank } from '../disbursement/helpers.js';

const { ctx, maker: agent, checker } = useTwoAgentContext();

const ADA = { firstName: 'Ada', lastName: 'Lovelace' };
const EVE_ACCOUNT = { ...HOLDER_ADA, firstName: 'Eve', lastName: 'Mallory' };

const detail = (appUuid: string) => opsApplicationOf(ctx.app, agent, appUuid);

const disbursementStep = (token: string, appUuid: string) =>
  finalStepStatus(ctx.app, token, appUuid, 'Disbursement Account');

const proposeRelease = (appUuid: string) =>
  opsCall(ctx.app, 'POST', opsPath(`/${appUuid}/release-funds/proposals`), agent.token, {
    ...RELEASE_EVIDENCE,
  });

/** The funds go out on the two agents' word and the loan is complete. */
async function expectReleased(appUuid: string) {
  const released = await proposeAndApprove(ctx.app, {
    appUuid,
    kind: 'RELEASE_FUNDS',
    maker: agent,
    checker,
  });
  expect((expectJson(released, 200) as TOpsApplicationDetail).application.state).toBe('COMPLETE');
}

describe('the holder name of a typed-in bank account', () => {
  it('needs no review when it is the borrower’s, however it is written', async () => {
    const loan = await awaitingRelease(ctx, {
      profileName: { firstName: 'José María', lastName: 'Núñez-García' },
      bank: { ...HOLDER_ADA, firstName: 'JOSE', lastName: 'Nunez Garcia' },
    });
    expect((await detail(loan.appUuid)).holderNameReview).toBeNull();
    expect(await disbursementStep(loan.token, loan.appUuid)).toBe('COMPLETED');
  });

  it('holds another person’s account for review and keeps the funds until an agent accepts it', async () => {
    const loan = await awaitingRelease(ctx, { profileName: ADA, bank: EVE_ACCOUNT });
    const held = await detail(loan.appUuid);
    expect(held.application.state).toBe('MANUAL_FUNDING_RELEASE');
    expect(held.holderNameReview).toMatchObject({
      status: 'PENDING',
      holderName: 'Eve Mallory',
      borrowerName: 'Ada Lovelace',
      decidedBy: null,
    });
    expect(await disbursementStep(loan.token, loan.appUuid)).toBe('PENDING');

    const refused = await proposeRelease(loan.appUuid);
    expect(expectJson(refused, 409)).toMatchObject({ code: 'HOLDER_NAME_REVIEW_OPEN' });
    expect((await detail(loan.appUuid)).proposals).toEqual([]);

    const approveUrl = opsPath(`/${loan.appUuid}/holder-name-review/approve`);
    const accepted = expectJson(
      await opsCall(ctx.app, 'POST', approveUrl, agent.token),
      200,
    ) as TOpsApplicationDetail;
    expect(accepted.holderNameReview).toMatchObject({
      status: 'APPROVED',
      decidedBy: { email: agent.email },
    });
    expect(accepted.auditEvents[0]).toMatchObject({ actor: `agent:${agent.identityUuid}` });
    expect(accepted.auditEvents[0]?.reason).toContain('accepted');
    // A second click changes nothing.
    expect((await opsCall(ctx.app, 'POST', approveUrl, agent.token)).statusCode).toBe(200);
    expect(await disbursementStep(loan.token, loan.appUuid)).toBe('COMPLETED');

    await expectReleased(loan.appUuid);
  });

  it('never pays out to an account an agent refused, and the borrower is asked for another', async () => {
    const loan = await awaitingRelease(ctx, { profileName: ADA, bank: EVE_ACCOUNT });
    const rejectUrl = opsPath(`/${loan.appUuid}/holder-name-review/reject`);
    const noReason = await opsCall(ctx.app, 'POST', rejectUrl, agent.token, {});
    expect((expectJson(noReason, 400) as { fieldErrors?: object }).fieldErrors).toHaveProperty(
      'reason',
    );
    expect((await detail(loan.appUuid)).holderNameReview?.status).toBe('PENDING');

    const rejected = expectJson(
      await opsCall(ctx.app, 'POST', rejectUrl, agent.token, {
        reason: 'The account belongs to a third party',
      }),
      200,
    ) as TOpsApplicationDetail;
    expect(rejected.holderNameReview).toMatchObject({
      status: 'REJECTED',
      decisionReason: 'The account belongs to a third party',
    });
    expect(rejected.auditEvents[0]?.reason).toContain('The account belongs to a third party');
    expect(await disbursementStep(loan.token, loan.appUuid)).toBe('NOT_STARTED');
    expect(expectJson(await proposeRelease(loan.appUuid), 409)).toMatchObject({
      code: 'HOLDER_NAME_REVIEW_OPEN',
    });
    const approveAfter = await opsCall(
      ctx.app,
      'POST',
      opsPath(`/${loan.appUuid}/holder-name-review/approve`),
      checker.token,
    );
    expect(expectJson(approveAfter, 409)).toMatchObject({ code: 'NO_HOLDER_NAME_REVIEW' });
    expect((await detail(loan.appUuid)).application.state).toBe('MANUAL_FUNDING_RELEASE');

    // The borrower gives an account in their own name: no review, and the funds can go out.
    const replaced = await saveManualBank(ctx.app, loan.token, loan.appUuid, HOLDER_ADA);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await disbursementStep(loan.token, loan.appUuid)).toBe('COMPLETED');
    expect((await detail(loan.appUuid)).holderNameReview).toBeNull();
    await expectReleased(loan.appUuid);
  });

  it('answers 409 when nothing waits for review', async () => {
    const loan = await awaitingRelease(ctx, { profileName: ADA });
    const answer = await opsCall(
      ctx.app,
      'POST',
      opsPath(`/${loan.appUuid}/holder-name-review/approve`),
      agent.token,
    );
    expect(expectJson(answer, 409)).toMatchObject({ code: 'NO_HOLDER_NAME_REVIEW' });
  });
});
