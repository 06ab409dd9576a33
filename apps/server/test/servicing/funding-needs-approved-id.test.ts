/**
 * Funds go out only to a borrower whose ID an agent approved. Replayed: a borrower signs and
 * deposits before uploading an ID, so the application waits for the release with no ID on file.
 * Neither a release proposal nor its approval goes through (409 with the domain's message, no row
 * changed); the borrower can still upload the ID in that state, an agent approves it, and the
 * release then completes the loan.
 */
import { ID_NOT_APPROVED_FOR_FUNDING_MESSAGE } from '@pledge/domain';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  applications,
  auditEvents,
  identityDocuments,
  opsProposals,
} from '../../src/db/schema/index.js';
import { applyTransition } from '../../src/services/applications/apply-transition.js';
import {
  awaitingRelease,
  decideProposal,
  expectJson,
  opsCall,
  opsPath,
  pendingProposalOf,
  RELEASE_EVIDENCE,
  uploadId,
  useTwoAgentContext,
} from '../ops/helpers.js';
import {
  advanceDays,
  payoffQuote,
  requestPayOff,
  runSweep,
  sandboxLoan,
  setBtcPrice,
} from './helpers.js';

const { ctx, maker, checker } = useTwoAgentContext();

/** The application's row and every record a release would write. */
async function snapshot(appUuid: string) {
  const db = ctx.database.db;
  const [application] = await db
    .select({ state: applications.state, version: applications.version })
    .from(applications)
    .where(eq(applications.uuid, appUuid));
  const [audits] = await db
    .select({ n: count() })
    .from(auditEvents)
    .where(eq(auditEvents.entityId, appUuid));
  const proposals = await db
    .select({ id: opsProposals.id, status: opsProposals.status })
    .from(opsProposals)
    .where(eq(opsProposals.applicationUuid, appUuid));
  return { application, audits: audits?.n, proposals };
}

const proposeRelease = (appUuid: string) =>
  opsCall(
    ctx.app,
    'POST',
    opsPath(`/${appUuid}/release-funds/proposals`),
    maker.token,
    RELEASE_EVIDENCE,
  );

describe('funds are released only with an approved ID', () => {
  it('refuses the release proposal of a loan signed and funded before any ID, and changes nothing', async () => {
    const { appUuid } = await awaitingRelease(ctx, { withoutId: true });
    const before = await snapshot(appUuid);
    expect(before.application?.state).toBe('MANUAL_FUNDING_RELEASE');

    const proposed = await proposeRelease(appUuid);
    expect(proposed.statusCode, proposed.body).toBe(409);
    expect(proposed.json()).toMatchObject({
      code: 'ID_NOT_APPROVED',
      message: ID_NOT_APPROVED_FOR_FUNDING_MESSAGE,
    });
    expect(await snapshot(appUuid)).toEqual(before);

    // No other path to COMPLETE either: the machine's guard refuses the transition itself.
    await expect(
      applyTransition(ctx.database.db, { appUuid, event: 'FUNDS_RELEASED', actor: 'system:test' }),
    ).rejects.toMatchObject({ statusCode: 409, message: ID_NOT_APPROVED_FOR_FUNDING_MESSAGE });
    expect(await snapshot(appUuid)).toEqual(before);
  });

  it('takes the ID uploaded after signing and depositing, and releases once an agent approves it', async () => {
    const borrowerApp = await awaitingRelease(ctx, { withoutId: true });
    const { appUuid } = borrowerApp;
    // The ID uploaded (still in review) while the application waits for the release.
    const uploaded = await uploadId(ctx.app, borrowerApp, appUuid);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect((await proposeRelease(appUuid)).statusCode).toBe(409);

    const approvedId = await opsCall(
      ctx.app,
      'POST',
      opsPath(`/${appUuid}/identity/approve`),
      checker.token,
    );
    expect(approvedId.statusCode, approvedId.body).toBe(200);
    const proposed = await proposeRelease(appUuid);
    const proposalId = pendingProposalOf(
      expectJson(proposed, 200) as Parameters<typeof pendingProposalOf>[0],
      'RELEASE_FUNDS',
    );

    const released = await decideProposal(ctx.app, checker, appUuid, proposalId, 'approve');
    expect(released.statusCode, released.body).toBe(200);
    expect((await snapshot(appUuid)).application?.state).toBe('COMPLETE');
  });

  it('refuses at approval time when the ID is no longer approved', async () => {
    const { appUuid } = await awaitingRelease(ctx);
    const proposed = await proposeRelease(appUuid);
    const proposalId = pendingProposalOf(
      expectJson(proposed, 200) as Parameters<typeof pendingProposalOf>[0],
      'RELEASE_FUNDS',
    );
    // The approval is checked again inside the approving transaction: had the ID lost its
    // approval in between (here by hand, as no route does it), the release is refused.
    await ctx.database.db
      .update(identityDocuments)
      .set({ reviewStatus: 'REJECTED', reviewReason: 'test' })
      .where(eq(identityDocuments.applicationUuid, appUuid));
    const before = await snapshot(appUuid);
    const approved = await decideProposal(ctx.app, checker, appUuid, proposalId, 'approve');
    expect(approved.statusCode, approved.body).toBe(409);
    expect(approved.json()).toMatchObject({ message: ID_NOT_APPROVED_FOR_FUNDING_MESSAGE });
    const after = await snapshot(appUuid);
    expect(after.application).toEqual(before.application);
    expect(after.application?.state).toBe('MANUAL_FUNDING_RELEASE');
    const [approvedProposals] = await ctx.database.db
      .select({ n: count() })
      .from(opsProposals)
      .where(and(eq(opsProposals.applicationUuid, appUuid), eq(opsProposals.status, 'APPROVED')));
    expect(approvedProposals?.n).toBe(0);
  });
  // Last: it moves the sandbox clock.
  it('lets a loan already funded open again when its payoff is returned, whatever its ID', async () => {
    await setBtcPrice(ctx, 60_000);
    // Cents .02: the sandbox bank returns the payoff's debit after 3 days.
    const loan = await sandboxLoan(ctx, { drawAmount: 20_000.02 });
    // As a loan funded before the rule: no ID on file any more.
    await ctx.database.db
      .delete(identityDocuments)
      .where(eq(identityDocuments.applicationUuid, loan.loanUuid));
    const { quoteUuid } = await payoffQuote(ctx, loan);
    const paid = await requestPayOff(ctx, loan, quoteUuid, 'legacy-payoff-0001');
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await snapshot(loan.loanUuid)).application?.state).toBe('PAID_OFF');

    await advanceDays(ctx, 3, loan);
    await runSweep(ctx);
    expect((await snapshot(loan.loanUuid)).application?.state).toBe('COMPLETE');
  });
});
