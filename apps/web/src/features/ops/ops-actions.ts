/**
 * What an agent can do to an application, and when. State changes are the domain's state machine
 * (`canTransition`): the console offers exactly what the server will accept. An ID decision is not
 * a state change: it is possible while an uploaded ID waits for review. Releasing funds and
 * recording a payoff are proposed here and approved by a different agent (maker–checker).
 */
import type { TOpsApplicationDetail } from '@pledge/contract';
import {
  canTransition,
  holdsFundingRelease,
  type TApplicationEvent,
  type TOpsProposalKind,
} from '@pledge/domain';

export const OPS_ACTION_IDS = [
  'approve-identity',
  'reject-identity',
  'propose-release',
  'propose-payoff',
  'cancel-application',
  'decline-application',
] as const;
export type TOpsActionId = (typeof OPS_ACTION_IDS)[number];

export interface TOpsAction {
  id: TOpsActionId;
  /** The button's name, on the page and in the confirmation. */
  label: string;
  /** The confirmation's title. */
  question: string;
  /** What confirming does, in the confirmation. */
  consequence: string;
  /** The endpoint takes a reason, kept in the audit trail. */
  needsReason: boolean;
  /** The success toast. */
  done: string;
  /** Shown beside a disabled button. */
  unavailable: string;
  /** The endpoint needs a transfer or payment reference (and takes a note). */
  needsReference?: boolean;
  /** The endpoint needs the payoff's evidence: method (ACH or wire), amount and payment day. */
  needsPaymentMethod?: boolean;
}

/** The state machine's event of each action that changes the state. */
const ACTION_EVENTS: Partial<Record<TOpsActionId, TApplicationEvent>> = {
  'propose-release': 'FUNDS_RELEASED',
  'propose-payoff': 'PAID_OFF',
  'cancel-application': 'AGENT_CANCEL',
  'decline-application': 'AGENT_DECLINE',
};

export const OPS_ACTIONS: readonly TOpsAction[] = [
  {
    id: 'approve-identity',
    label: 'Approve ID',
    question: 'Approve the uploaded ID?',
    consequence: 'Verify Identity becomes complete for the borrower.',
    needsReason: false,
    done: 'ID approved',
    unavailable: 'No uploaded ID is waiting for review.',
  },
  {
    id: 'reject-identity',
    label: 'Reject ID',
    question: 'Reject the uploaded ID?',
    consequence: 'The borrower sees the reason and uploads a new ID.',
    needsReason: true,
    done: 'ID rejected',
    unavailable: 'No uploaded ID is waiting for review.',
  },
  {
    id: 'propose-release',
    label: 'Propose release',
    question: 'Propose releasing the loan funds?',
    consequence:
      'Nothing is paid yet: a different agent checks the evidence and approves the release, which pays the loan amount to the disbursement account and starts the loan.',
    needsReason: false,
    needsReference: true,
    done: 'Release proposed',
    unavailable: 'Funds can be released only once the application awaits release.',
  },
  {
    id: 'propose-payoff',
    label: 'Propose payoff',
    question: 'Propose recording the loan as paid off?',
    consequence:
      'A different agent checks the payment and approves. The loan then ends as paid off and the borrower can give an address to get the collateral back; the crypto is held 3 weeks after an ACH payoff, 3 days after a wire.',
    needsReason: false,
    needsReference: true,
    needsPaymentMethod: true,
    done: 'Payoff proposed',
    unavailable: 'Only an active loan can be recorded as paid off.',
  },
  {
    id: 'cancel-application',
    label: 'Cancel application',
    question: 'Cancel this application?',
    consequence: 'The application ends as cancelled. This cannot be undone.',
    needsReason: true,
    done: 'Application cancelled',
    unavailable: 'This application can no longer be cancelled.',
  },
  {
    id: 'decline-application',
    label: 'Decline application',
    question: 'Decline this application?',
    consequence: 'The application ends as declined. This cannot be undone.',
    needsReason: true,
    done: 'Application declined',
    unavailable: 'This application cannot be declined in its current state.',
  },
];

export function opsAction(id: TOpsActionId): TOpsAction {
  const action = OPS_ACTIONS.find((candidate) => candidate.id === id);
  if (action === undefined) throw new Error(`Unknown console action ${id}`);
  return action;
}

/** Whether an uploaded ID waits for an agent's decision. */
export function hasIdentityToReview(detail: Pick<TOpsApplicationDetail, 'identityDocuments'>) {
  return detail.identityDocuments.some((document) => document.reviewStatus === 'PENDING');
}

/** The proposal kind each proposing action opens. */
const ACTION_PROPOSALS: Partial<Record<TOpsActionId, TOpsProposalKind>> = {
  'propose-release': 'RELEASE_FUNDS',
  'propose-payoff': 'RECORD_PAYOFF',
};

/** Whether a proposal of this kind waits for a decision. */
export function hasPendingProposal(
  detail: Pick<TOpsApplicationDetail, 'proposals'>,
  kind: TOpsProposalKind,
): boolean {
  return detail.proposals.some(
    (proposal) => proposal.kind === kind && proposal.status === 'PENDING',
  );
}

/** Why an available-by-state action is still held back, or null. */
export function opsActionHold(
  id: TOpsActionId,
  detail: Pick<TOpsApplicationDetail, 'proposals' | 'holderNameReview'>,
): string | null {
  const kind = ACTION_PROPOSALS[id];
  if (kind === undefined) return null;
  if (hasPendingProposal(detail, kind)) return 'A proposal is already waiting for approval.';
  if (kind === 'RELEASE_FUNDS' && holdsFundingRelease(detail.holderNameReview)) {
    return 'The payout account’s holder name must be accepted first.';
  }
  return null;
}

/** Whether the action can be taken on the application as it is now. */
export function isOpsActionAvailable(
  id: TOpsActionId,
  detail: Pick<
    TOpsApplicationDetail,
    'application' | 'identityDocuments' | 'proposals' | 'holderNameReview'
  >,
): boolean {
  const event = ACTION_EVENTS[id];
  if (event !== undefined) {
    return canTransition(detail.application.state, event) && opsActionHold(id, detail) === null;
  }
  return hasIdentityToReview(detail);
}
