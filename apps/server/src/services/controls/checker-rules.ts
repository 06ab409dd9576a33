/**
 * The rules every approval of a controlled action checks, in the approval's transaction, whatever
 * the action: a different agent, not the same person as the maker, the maker still an active agent
 * (a proposal dies with its maker's role), and nobody approving what concerns them.
 */
import { CONTROL_MESSAGES } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { identities } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { isActiveAgent } from '../identity/agents.js';
import { isSamePerson, personOfIdentity, type TPerson } from './same-person.js';

/** The agent acting now, or 401 when their identity is gone or no longer an active agent. */
export async function actingAgent(
  tx: TDb,
  agentUuid: string,
): Promise<{ identityUuid: string; email: string }> {
  const [identity] = await tx
    .select({ email: identities.email })
    .from(identities)
    .where(eq(identities.uuid, agentUuid));
  // The caller may have been deactivated while this request waited.
  if (identity === undefined || !(await isActiveAgent(tx, identity.email))) {
    throw new HttpError(401, 'UNAUTHENTICATED', 'Sign in again.');
  }
  return { identityUuid: agentUuid, email: identity.email };
}

/** 403 when the agent is one of the people the action concerns. */
export async function assertNotConcerned(
  tx: TDb,
  agentUuid: string,
  description: { concerns: readonly TPerson[]; concernedMessage?: string },
): Promise<void> {
  const agent = await personOfIdentity(tx, agentUuid);
  if (description.concerns.some((person) => isSamePerson(agent, person))) {
    throw new HttpError(403, 'OWN_LOAN', description.concernedMessage ?? CONTROL_MESSAGES.ownLoan);
  }
}

/** The checks of a checker against the maker of a pending proposal. */
export async function assertCheckerMayApprove(
  tx: TDb,
  input: { makerUuid: string; checkerUuid: string },
): Promise<void> {
  if (input.makerUuid === input.checkerUuid) {
    throw new HttpError(403, 'SAME_AGENT', CONTROL_MESSAGES.sameAgent);
  }
  const [maker] = await tx
    .select({ email: identities.email })
    .from(identities)
    .where(eq(identities.uuid, input.makerUuid));
  if (maker === undefined || !(await isActiveAgent(tx, maker.email))) {
    throw new HttpError(409, 'MAKER_INACTIVE', CONTROL_MESSAGES.makerInactive);
  }
  const same = isSamePerson(
    await personOfIdentity(tx, input.makerUuid),
    await personOfIdentity(tx, input.checkerUuid),
  );
  if (same) throw new HttpError(403, 'SAME_PERSON', CONTROL_MESSAGES.samePerson);
}
