/**
 * Four eyes on money (DESIGN §6): releasing a loan's funds and recording its payoff are proposed by
 * one agent, with the evidence, and approved by a different agent. A proposal is decided once:
 * approved (the state changes), rejected by another agent, or withdrawn by its proposer.
 */

/** What a proposal asks for. */
export const OPS_PROPOSAL_KINDS = ['RELEASE_FUNDS', 'RECORD_PAYOFF'] as const;
export type TOpsProposalKind = (typeof OPS_PROPOSAL_KINDS)[number];

export const OPS_PROPOSAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWN'] as const;
export type TOpsProposalStatus = (typeof OPS_PROPOSAL_STATUSES)[number];

/** The proposals as the console and the audit trail name them. */
export const OPS_PROPOSAL_LABELS: Readonly<Record<TOpsProposalKind, string>> = {
  RELEASE_FUNDS: 'Release of funds',
  RECORD_PAYOFF: 'Payoff',
};

export const SAME_AGENT_APPROVAL_MESSAGE =
  'You proposed this yourself: a different agent must approve it.';

/** Why this agent may not approve the proposal, or null when they may. */
export function approvalRefusal(
  proposal: { status: TOpsProposalStatus; proposedBy: string },
  agentUuid: string,
): string | null {
  if (proposal.status !== 'PENDING') return 'This proposal has already been decided.';
  if (proposal.proposedBy === agentUuid) return SAME_AGENT_APPROVAL_MESSAGE;
  return null;
}

/** A proposal turned down by its own proposer is withdrawn; by anyone else, rejected. */
export function declinedStatus(
  proposal: { proposedBy: string },
  agentUuid: string,
): Extract<TOpsProposalStatus, 'REJECTED' | 'WITHDRAWN'> {
  return proposal.proposedBy === agentUuid ? 'WITHDRAWN' : 'REJECTED';
}

/** Where a typed-in bank account stands when its holder name is not the borrower's. */
export const HOLDER_NAME_REVIEW_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type THolderNameReviewStatus = (typeof HOLDER_NAME_REVIEW_STATUSES)[number];

/** Funds go out only to an account whose holder name matched or an agent approved. */
export function holdsFundingRelease(review: { status: THolderNameReviewStatus } | null): boolean {
  return review !== null && review.status !== 'APPROVED';
}

/**
 * The borrower's checklist says the payout account is being checked: its Disbursement Account row
 * is PENDING only while an agent reviews the holder name.
 */
export function showBankAccountInReview(
  items: readonly { name: string; status: string }[],
): boolean {
  return items.some((item) => item.name === 'Disbursement Account' && item.status === 'PENDING');
}
