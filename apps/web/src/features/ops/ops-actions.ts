/**
 * What an agent can do to an application, and when. State changes are the domain's state machine
 * (`canTransition`): the console offers exactly what the server will accept. An ID decision is not
 * a state change: it is possible while an uploaded ID waits for review.
 */
import type { TOpsApplicationDetail } from '@pledge/contract';
import { canTransition, type TApplicationEvent } from '@pledge/domain';

export const OPS_ACTION_IDS = [
  'approve-identity',
  'reject-identity',
  'release-funds',
  'record-payoff',
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
  /** The endpoint needs the payment method of the payoff (ACH or wire). */
  needsPaymentMethod?: boolean;
}

/** The state machine's event of each action that changes the state. */
const ACTION_EVENTS: Partial<Record<TOpsActionId, TApplicationEvent>> = {
  'release-funds': 'FUNDS_RELEASED',
  'record-payoff': 'PAID_OFF',
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
    id: 'release-funds',
    label: 'Release funds',
    question: 'Release the loan funds?',
    consequence: 'The loan amount is paid out to the disbursement account and the loan starts.',
    needsReason: false,
    done: 'Funds released',
    unavailable: 'Funds can be released only once the application awaits release.',
  },
  {
    id: 'record-payoff',
    label: 'Record payoff',
    question: 'Record the loan as paid off?',
    consequence:
      'The loan ends as paid off and the borrower can give an address to get the collateral back. The crypto is held 3 weeks after an ACH payoff, 3 days after a wire.',
    needsReason: false,
    needsPaymentMethod: true,
    done: 'Payoff recorded',
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

/** Whether the action can be taken on the application as it is now. */
export function isOpsActionAvailable(
  id: TOpsActionId,
  detail: Pick<TOpsApplicationDetail, 'application' | 'identityDocuments'>,
): boolean {
  const event = ACTION_EVENTS[id];
  if (event !== undefined) return canTransition(detail.application.state, event);
  return hasIdentityToReview(detail);
}
