/**
 * Segregation of duties (DESIGN §6): an agent who is also a borrower (same identity, same
 * address) takes no action on their own application: 403 OWN_APPLICATION, nothing changed.
 */
import { describe, expect, it } from 'vitest';
import type { TOpsApplicationDetail } from '@pledge/contract';
import { eq } from 'drizzle-orm';
import { identities } from '../../src/db/schema/index.js';
import { SANDBOX_AGENT_EMAIL } from '../../src/services/identity/agents.js';
import { signIn } from '../identity/sign-in.js';
import {
  advance,
  awaitingRelease,
  expectJson,
  opsCall,
  opsPath,
  PAYOFF_EVIDENCE,
  pendingProposalOf,
  RELEASE_EVIDENCE,
  useTwoAgentContext,
  opsApplicationOf,
} from './helpers.js';

const { ctx, maker: self, checker: other } = useTwoAgentContext();

/** agent@example.com signed in as a customer (the same person, the same identity). */
async function agentAsBorrower() {
  const token = await signIn(ctx.app, SANDBOX_AGENT_EMAIL.toUpperCase());
  const [identity] = await ctx.database.db
    .select({ uuid: identities.uuid })
    .from(identities)
    .where(eq(identities.email, SANDBOX_AGENT_EMAIL));
  return { token, identityUuid: identity?.uuid ?? '', email: SANDBOX_AGENT_EMAIL };
}

async function stateOf(appUuid: string) {
  return (await opsApplicationOf(ctx.app, other, appUuid)).application.state;
}

describe('an agent on their own loan', () => {
  it('cannot propose, approve, cancel, decline or review anything on it (403)', async () => {
    const borrower = await agentAsBorrower();
    expect(borrower.identityUuid).toBe(self.identityUuid);
    const loan = await awaitingRelease(ctx, { borrower });
    const url = (suffix: string) => opsPath(`/${loan.appUuid}/${suffix}`);

    for (const [suffix, payload] of [
      ['release-funds/proposals', RELEASE_EVIDENCE],
      ['payoff/proposals', PAYOFF_EVIDENCE],
      ['cancel', { reason: 'Mine' }],
      ['decline', { reason: 'Mine' }],
      ['identity/approve', undefined],
      ['identity/reject', { reason: 'Mine' }],
      ['holder-name-review/approve', undefined],
      ['holder-name-review/reject', { reason: 'Mine' }],
    ] as const) {
      const answer = await opsCall(ctx.app, 'POST', url(suffix), self.token, payload);
      expect(expectJson(answer, 403), suffix).toMatchObject({ code: 'OWN_APPLICATION' });
    }
    expect(await stateOf(loan.appUuid)).toBe('MANUAL_FUNDING_RELEASE');

    // Another agent proposes; the borrower-agent may neither approve nor reject it.
    const proposed = expectJson(
      await opsCall(ctx.app, 'POST', url('release-funds/proposals'), other.token, RELEASE_EVIDENCE),
      200,
    ) as TOpsApplicationDetail;
    const proposalId = pendingProposalOf(proposed, 'RELEASE_FUNDS');
    const approve = await opsCall(
      ctx.app,
      'POST',
      url(`proposals/${proposalId}/approve`),
      self.token,
    );
    expect(expectJson(approve, 403)).toMatchObject({ code: 'OWN_APPLICATION' });
    const reject = await opsCall(
      ctx.app,
      'POST',
      url(`proposals/${proposalId}/reject`),
      self.token,
      { reason: 'Mine' },
    );
    expect(expectJson(reject, 403)).toMatchObject({ code: 'OWN_APPLICATION' });
    expect(await stateOf(loan.appUuid)).toBe('MANUAL_FUNDING_RELEASE');
  });

  it('cannot record their own payoff', async () => {
    const borrower = await agentAsBorrower();
    const loan = await awaitingRelease(ctx, { borrower });
    await advance(ctx, loan.appUuid, ['FUNDS_RELEASED']);
    const answer = await opsCall(
      ctx.app,
      'POST',
      opsPath(`/${loan.appUuid}/payoff/proposals`),
      self.token,
      PAYOFF_EVIDENCE,
    );
    expect(expectJson(answer, 403)).toMatchObject({ code: 'OWN_APPLICATION' });
    expect(await stateOf(loan.appUuid)).toBe('COMPLETE');
  });
});
