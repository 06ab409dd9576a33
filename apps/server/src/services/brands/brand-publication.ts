/**
 * The controlled action PUBLISH_BRAND (packages/domain controlled-actions.ts): what a proposal to
 * serve a brand version is about, and its approval (publish-brand-version.ts). The version is
 * checked when proposed (the dry run) and again when approved.
 */
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { opsProposals } from '../../db/schema/index.js';
import type {
  TControlDeps,
  TControlledDescription,
  TControlledPayloads,
  TPerformInput,
} from '../controls/controlled-action-handlers.js';
import { lockBrandVersion, publishBrandVersion } from './publish-brand-version.js';

type TPayload = TControlledPayloads['PUBLISH_BRAND'];

export async function describeBrandPublication(
  tx: TDb,
  p: TPayload,
): Promise<TControlledDescription> {
  const { brand, row } = await lockBrandVersion(tx, p.orgCode, p.version);
  const restore = row.status === 'PUBLISHED';
  const from =
    brand.publishedVersion === null ? '' : ` (serving version ${brand.publishedVersion})`;
  return {
    subjectId: p.orgCode,
    loanUuid: null,
    amountCents: null,
    summary: `${restore ? 'Restore' : 'Publish'} version ${p.version} of brand ${p.orgCode}${from}`,
    // A brand is nobody's loan: any two different agents.
    concerns: [],
  };
}

export async function performBrandPublication(
  deps: TControlDeps,
  { payload, proposalId, agent }: TPerformInput<TPayload>,
): Promise<string> {
  // At proposal (a dry run) the proposal is not stored yet: its maker is the agent.
  const [proposal] = await deps.db
    .select({ proposedByEmail: opsProposals.proposedByEmail })
    .from(opsProposals)
    .where(eq(opsProposals.id, proposalId));
  return publishBrandVersion(deps.db, {
    orgCode: payload.orgCode,
    version: payload.version,
    proposalId,
    proposedByEmail: proposal?.proposedByEmail ?? agent.email,
    approver: agent,
    at: deps.clock(),
  });
}
