import type { TGetOpsAgentsResponse } from '@pledge/contract';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { identities } from '../../db/schema/index.js';
import { listAgents as readAgents } from '../identity/agents.js';

/** The console's list of agents, active first, the caller's own row marked. */
export async function listOpsAgents(
  db: TDb,
  input: { agentUuid: string },
): Promise<TGetOpsAgentsResponse> {
  const [[caller], rows] = await Promise.all([
    db
      .select({ email: identities.email })
      .from(identities)
      .where(eq(identities.uuid, input.agentUuid)),
    readAgents(db),
  ]);
  return {
    agents: rows.map((row) => ({
      email: row.email,
      isActive: row.isActive,
      isYou: row.email === caller?.email,
      createdAt: row.createdAt.toISOString(),
      deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
      deactivatedBy: row.deactivatedBy,
    })),
  };
}
