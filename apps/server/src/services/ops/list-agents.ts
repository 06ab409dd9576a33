import type { TGetOpsAgentsResponse } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { listAgents as readAgents } from '../identity/agents.js';
import { emailOf } from '../identity/identity-email.js';

/** The console's list of agents, active first, the caller's own row marked. */
export async function listOpsAgents(
  deps: { db: TDb; cipher: TFieldCipher },
  input: { agentUuid: string },
): Promise<TGetOpsAgentsResponse> {
  const [callerEmail, rows] = await Promise.all([
    emailOf(deps.db, deps.cipher, input.agentUuid),
    readAgents(deps.db),
  ]);
  return {
    agents: rows.map((row) => ({
      email: row.email,
      isActive: row.isActive,
      isYou: row.email === callerEmail,
      createdAt: row.createdAt.toISOString(),
      deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
      deactivatedBy: row.deactivatedBy,
    })),
  };
}
