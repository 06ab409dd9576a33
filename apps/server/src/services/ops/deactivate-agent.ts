/**
 * The approval of a DEACTIVATE_AGENT controlled action (a second agent decides; the agent removed
 * is neither maker nor checker) ends another agent's role at once, and their pending proposals
 * lapse: the row turns inactive, which every token
 * check and sign-in requires, so the deactivated agent's next call is refused on every instance.
 * Audited with the reason. Every active agent row is locked first (in one order), so two agents
 * deactivating each other, or the last two, are taken in turn: one agent always stays active.
 */
import type { TPostOpsDeactivateAgentResponse } from '@pledge/contract';
import { and, asc, eq } from 'drizzle-orm';
import { agents, auditEvents, opsProposals } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { actors } from '../applications/apply-transition.js';
import { AGENT_ENTITY } from '../identity/agents.js';
import { normalizeEmail } from '../identity/email-address.js';
import { emailOf, identityByEmail } from '../identity/identity-email.js';
import { listOpsAgents } from './list-agents.js';
import type { TOpsDeps } from './ops-record.js';
import { decisionBy } from './agent-decision.js';

export const DEACTIVATE_SELF_MESSAGE = 'You cannot deactivate yourself: ask another agent.';
export const MAKER_DEACTIVATED_REASON = 'Lapsed: the agent who proposed it was deactivated.';
export const LAST_AGENT_MESSAGE = 'This is the last active agent: activate another one first.';

export async function deactivateAgent(
  deps: TOpsDeps,
  input: { agentUuid: string; email: string; reason: string },
): Promise<TPostOpsDeactivateAgentResponse> {
  const target = normalizeEmail(input.email);
  await deps.db.transaction(async (tx) => {
    const active = await tx
      .select({ email: agents.email })
      .from(agents)
      .where(eq(agents.isActive, true))
      .orderBy(asc(agents.email))
      .for('update');
    const caller = await emailOf(tx, deps.cipher, input.agentUuid);
    const callerEmail = caller === undefined ? null : normalizeEmail(caller);
    // The caller may have been deactivated while this request waited for the lock.
    if (callerEmail === null || !active.some((row) => row.email === callerEmail)) {
      throw new HttpError(401, 'UNAUTHENTICATED', 'Unauthenticated');
    }
    if (target === callerEmail) {
      throw new HttpError(403, 'CANNOT_DEACTIVATE_SELF', DEACTIVATE_SELF_MESSAGE);
    }
    const [row] = await tx.select().from(agents).where(eq(agents.email, target));
    if (row === undefined)
      throw new HttpError(404, 'AGENT_NOT_FOUND', 'No agent has this address.');
    if (!row.isActive) return;
    if (active.length <= 1) throw new HttpError(409, 'LAST_ACTIVE_AGENT', LAST_AGENT_MESSAGE);
    const at = deps.clock();
    await tx
      .update(agents)
      .set({ isActive: false, deactivatedAt: at, deactivatedBy: callerEmail })
      .where(eq(agents.email, target));
    // A proposal dies with its maker's role: nobody can approve what they proposed any more.
    const removed = await identityByEmail(tx, deps.cipher, target);
    if (removed !== undefined) {
      await tx
        .update(opsProposals)
        .set({
          status: 'REJECTED',
          ...decisionBy(
            { identityUuid: input.agentUuid, email: callerEmail },
            at,
            MAKER_DEACTIVATED_REASON,
          ),
        })
        .where(and(eq(opsProposals.proposedBy, removed.uuid), eq(opsProposals.status, 'PENDING')));
    }
    await tx.insert(auditEvents).values({
      entityType: AGENT_ENTITY,
      entityId: target,
      actor: actors.agent(input.agentUuid),
      fromState: 'ACTIVE',
      toState: 'INACTIVE',
      reason: `deactivated by ${callerEmail}: ${input.reason}`,
      at,
    });
  });
  return listOpsAgents(deps, { agentUuid: input.agentUuid });
}
