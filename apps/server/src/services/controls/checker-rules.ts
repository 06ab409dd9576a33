/**
 * The rules every approval of a controlled action checks, in the approval's transaction, whatever
 * the action: a different agent, not the same person as the maker, the maker still an active agent
 * (a proposal dies with its maker's role), and nobody approving what concerns them.
 */
import { CONTROL_MESSAGES } from '@pledge/domain';
import type { TDb } from '../../db/pool.js';
import { HttpError } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { isActiveAgent } from '../identity/agents.js';
import { emailOf } from '../identity/identity-email.js';
import { isSamePerson, personOfIdentity, type TPerson } from './same-person.js';

/** The agent acting now, or 401 when their identity is gone or no longer an active agent. */
export async function actingAgent(
  tx: TDb,
  cipher: TFieldCipher,
  agentUuid: string,
): Promise<{ identityUuid: string; email: string }> {
  const email = await emailOf(tx, cipher, agentUuid);
  // The caller may have been deactivated while this request waited.
  if (email === undefined || !(await isActiveAgent(tx, email))) {
    throw new HttpError(401, 'UNAUTHENTICATED', 'Sign in again.');
  }
  return { identityUuid: agentUuid, email };
}

/** 403 when the agent is one of the people the action concerns. */
export async function assertNotConcerned(
  tx: TDb,
  cipher: TFieldCipher,
  agentUuid: string,
  description: { concerns: readonly TPerson[]; concernedMessage?: string },
): Promise<void> {
  const agent = await personOfIdentity(tx, cipher, agentUuid);
  if (description.concerns.some((person) => isSamePerson(agent, person))) {
    throw new HttpError(403, 'OWN_LOAN', description.concernedMessage ?? CONTROL_MESSAGES.ownLoan);
  }
}

/** The checks of a checker against the maker of a pending proposal. */
export async function assertCheckerMayApprove(
  tx: TDb,
  cipher: TFieldCipher,
  input: { makerUuid: string; checkerUuid: string },
): Promise<void> {
  if (input.makerUuid === input.checkerUuid) {
    throw new HttpError(403, 'SAME_AGENT', CONTROL_MESSAGES.sameAgent);
  }
  const makerEmail = await emailOf(tx, cipher, input.makerUuid);
  if (makerEmail === undefined || !(await isActiveAgent(tx, makerEmail))) {
    throw new HttpError(409, 'MAKER_INACTIVE', CONTROL_MESSAGES.makerInactive);
  }
  const same = isSamePerson(
    await personOfIdentity(tx, cipher, input.makerUuid),
    await personOfIdentity(tx, cipher, input.checkerUuid),
  );
  if (same) throw new HttpError(403, 'SAME_PERSON', CONTROL_MESSAGES.samePerson);
}
