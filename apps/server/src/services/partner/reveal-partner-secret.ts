/**
 * Shows the secret of an approved endpoint or key once, to the agent who proposed it: the sealed
 * copy is cleared in the same statement that reads it, so a second call (or a second agent) gets
 * nothing.
 */
import type { TPostOpsRevealPartnerSecretResponse } from '@pledge/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { opsProposals, partnerSecretReveals } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import type { TClock } from '../../security/jwt.js';
import { revealSealContext } from './webhook-endpoint-record.js';

export async function revealPartnerSecret(
  deps: { db: TDb; cipher: TFieldCipher; clock: TClock },
  input: { proposalId: string; agentUuid: string },
): Promise<TPostOpsRevealPartnerSecretResponse> {
  return deps.db.transaction(async (tx) => {
    const [proposal] = await tx
      .select({ proposedBy: opsProposals.proposedBy, status: opsProposals.status })
      .from(opsProposals)
      .where(eq(opsProposals.id, input.proposalId));
    if (proposal === undefined || proposal.proposedBy !== input.agentUuid) {
      throw new HttpError(404, 'SECRET_NOT_FOUND', 'There is no secret of yours to show here.');
    }
    const [reveal] = await tx
      .select()
      .from(partnerSecretReveals)
      .where(eq(partnerSecretReveals.proposalId, input.proposalId))
      .for('update');
    if (proposal.status !== 'APPROVED' || reveal === undefined) {
      throw new HttpError(409, 'NOT_APPROVED', 'The proposal is not approved yet.');
    }
    const [cleared] = await tx
      .update(partnerSecretReveals)
      .set({ secretSealed: null, revealedAt: deps.clock() })
      .where(
        and(
          eq(partnerSecretReveals.proposalId, input.proposalId),
          isNotNull(partnerSecretReveals.secretSealed),
        ),
      )
      .returning({ proposalId: partnerSecretReveals.proposalId });
    if (cleared === undefined || reveal.secretSealed === null) {
      throw new HttpError(
        410,
        'SECRET_ALREADY_SHOWN',
        'This secret was already shown once and is not kept: rotate the key or create a new endpoint.',
      );
    }
    return {
      kind: reveal.kind,
      id: reveal.targetId,
      secret: deps.cipher.decryptText(reveal.secretSealed, revealSealContext(input.proposalId)),
    };
  });
}
