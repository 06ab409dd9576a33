/**
 * The secrets waiting for the calling agent: of endpoints and keys they proposed, approved by a
 * second agent, not read yet. Only ids are listed; the secret itself is read once by its reveal.
 */
import type { TPartnerSecretWaiting } from '@pledge/contract';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { opsProposals, partnerSecretReveals } from '../../db/schema/index.js';

/** An agent has at most a few secrets waiting; the list stops here. */
const SECRETS_LIST_MAX = 50;

export async function listPartnerSecrets(
  db: TDb,
  agentUuid: string,
): Promise<{ secrets: TPartnerSecretWaiting[] }> {
  const rows = await db
    .select({
      proposalId: partnerSecretReveals.proposalId,
      kind: partnerSecretReveals.kind,
      id: partnerSecretReveals.targetId,
      approvedAt: partnerSecretReveals.createdAt,
    })
    .from(partnerSecretReveals)
    .innerJoin(opsProposals, eq(opsProposals.id, partnerSecretReveals.proposalId))
    .where(
      and(
        eq(opsProposals.proposedBy, agentUuid),
        eq(opsProposals.status, 'APPROVED'),
        isNotNull(partnerSecretReveals.secretSealed),
      ),
    )
    .orderBy(desc(partnerSecretReveals.createdAt))
    .limit(SECRETS_LIST_MAX);
  return {
    secrets: rows.map((row) => ({ ...row, approvedAt: row.approvedAt.toISOString() })),
  };
}
