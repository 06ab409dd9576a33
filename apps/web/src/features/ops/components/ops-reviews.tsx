/**
 * The second pair of eyes in the console: release and payoff proposals waiting for another agent
 * (approve, reject; the proposer may only withdraw), and the review of a payout account whose
 * holder name is not the borrower's.
 */
import type { TOpsApplicationDetail, TOpsProposal } from '@pledge/contract';
import {
  approvalRefusal,
  OPS_PROPOSAL_LABELS,
  PAYOFF_METHOD_LABELS,
  usdToCents,
  formatUsd,
} from '@pledge/domain';
import { Alert } from '../../../ui/alert/alert.js';
import { useSession } from '../../session/use-session.js';
import { useOpsDecision, type TOpsDecision } from '../api/post-ops-decision.js';
import { formatDateTime } from '../format.js';
import { OpsConfirmDialog, OpsReasonField, toastDone, useOpsReason } from './ops-confirm-dialog.js';
import { OpsActionButtons, type TOpsDetailAction } from './ops-detail-panel.js';
import { OpsFacts, OpsSection } from './ops-facts.js';
import { OpsTable, type TOpsColumn } from './ops-table.js';

type TDetailProps = { detail: TOpsApplicationDetail };

/** What a confirmation asks and says. */
interface TDecisionPrompt {
  decision: Omit<TOpsDecision, 'reason'> & { verdict: 'approve' | 'reject' };
  title: string;
  consequence: string;
  confirm: string;
  done: string;
}

function evidenceOf(proposal: TOpsProposal): string {
  const parts = [`Reference ${proposal.reference}`];
  if (proposal.payoff !== null) {
    parts.push(
      `${PAYOFF_METHOD_LABELS[proposal.payoff.method]} of ${formatUsd(usdToCents(proposal.payoff.amount))} paid on ${proposal.payoff.paidOn}`,
    );
  }
  if (proposal.note !== null) parts.push(proposal.note);
  return parts.join(' · ');
}

function ConfirmDecision({
  appUuid,
  prompt,
  onClose,
}: {
  appUuid: string;
  prompt: TDecisionPrompt;
  onClose: () => void;
}) {
  const mutation = useOpsDecision(appUuid);
  const reason = useOpsReason();
  const needsReason = prompt.decision.verdict === 'reject';

  function argsOf(): TOpsDecision | null {
    if (!needsReason) return prompt.decision as TOpsDecision;
    const checked = reason.check();
    if (checked === null) return null;
    return { ...prompt.decision, verdict: 'reject', reason: checked } as TOpsDecision;
  }

  return (
    <OpsConfirmDialog
      formId="ops-decision"
      title={prompt.title}
      description={prompt.consequence}
      confirmLabel={prompt.confirm}
      call={mutation}
      argsOf={argsOf}
      onDone={() => toastDone(prompt.done)}
      onClose={onClose}
    >
      {needsReason && <OpsReasonField {...reason.field} />}
    </OpsConfirmDialog>
  );
}

const HISTORY_COLUMNS: readonly TOpsColumn<TOpsProposal>[] = [
  { header: 'Proposal', cell: (proposal) => OPS_PROPOSAL_LABELS[proposal.kind] },
  {
    header: 'Proposed',
    cell: (proposal) => `${proposal.proposedBy.email}, ${formatDateTime(proposal.proposedAt)}`,
  },
  { header: 'Evidence', cellClassName: 'ops-break', cell: (proposal) => evidenceOf(proposal) },
  {
    header: 'Decision',
    cell: (proposal) =>
      `${proposal.status.toLowerCase()} by ${proposal.decidedBy?.email ?? '—'}${
        proposal.decisionReason === null ? '' : `: ${proposal.decisionReason}`
      }`,
  },
];

/** A decision as an action of the console: its button, confirmed by ConfirmDecision. */
function decisionAction(
  appUuid: string,
  id: string,
  prompt: TDecisionPrompt,
  options: Pick<TOpsDetailAction, 'isPrimary' | 'hold'> = {},
): TOpsDetailAction {
  return {
    id,
    label: prompt.confirm,
    ...options,
    confirm: (onClose) => <ConfirmDecision appUuid={appUuid} prompt={prompt} onClose={onClose} />,
  };
}

function PendingProposal({
  appUuid,
  proposal,
  agentUuid,
}: {
  appUuid: string;
  proposal: TOpsProposal;
  agentUuid: string | null;
}) {
  const label = OPS_PROPOSAL_LABELS[proposal.kind];
  const isOwn = agentUuid !== null && proposal.proposedBy.identityUuid === agentUuid;
  const refusal =
    agentUuid === null
      ? 'Checking who you are…'
      : approvalRefusal(
          { status: proposal.status, proposedBy: proposal.proposedBy.identityUuid },
          agentUuid,
        );
  const base = { subject: 'proposal' as const, proposalId: proposal.id };
  return (
    <article className="ops-proposal" aria-labelledby={`ops-proposal-${proposal.id}`}>
      <h3 id={`ops-proposal-${proposal.id}`}>{label} awaiting approval</h3>
      <OpsFacts
        facts={[
          ['Proposed by', proposal.proposedBy.email],
          ['Proposed', formatDateTime(proposal.proposedAt)],
          ['Evidence', evidenceOf(proposal)],
        ]}
      />
      <OpsActionButtons
        actions={[
          decisionAction(
            appUuid,
            `${proposal.id}-approve`,
            {
              decision: { ...base, verdict: 'approve' },
              title: `Approve the ${label.toLowerCase()}?`,
              consequence:
                proposal.kind === 'RELEASE_FUNDS'
                  ? 'The loan amount is paid out to the disbursement account and the loan starts.'
                  : 'The loan ends as paid off and the collateral can be returned after the hold.',
              confirm: 'Approve',
              done: `${label} approved`,
            },
            { isPrimary: true, hold: refusal },
          ),
          decisionAction(appUuid, `${proposal.id}-reject`, {
            decision: { ...base, verdict: 'reject' },
            title: isOwn
              ? `Withdraw your ${label.toLowerCase()} proposal?`
              : `Reject the ${label.toLowerCase()}?`,
            consequence: 'Nothing changes on the loan; a new proposal can be made.',
            confirm: isOwn ? 'Withdraw' : 'Reject',
            done: isOwn ? 'Proposal withdrawn' : 'Proposal rejected',
          }),
        ]}
      />
    </article>
  );
}

/** Pending proposals with their buttons, then every decided one. */
export function ProposalsSection({ detail }: TDetailProps) {
  const session = useSession('agent');
  const agentUuid = session.status === 'signed-in' ? session.identity.uuid : null;
  const pending = detail.proposals.filter((proposal) => proposal.status === 'PENDING');
  const decided = detail.proposals.filter((proposal) => proposal.status !== 'PENDING');
  return (
    <OpsSection id="proposals" title="Approvals">
      {pending.length === 0 ? (
        <p>No release or payoff waits for approval.</p>
      ) : (
        pending.map((proposal) => (
          <PendingProposal
            key={proposal.id}
            appUuid={detail.application.appUuid}
            proposal={proposal}
            agentUuid={agentUuid}
          />
        ))
      )}
      {decided.length > 0 && (
        <OpsTable
          caption="Decided proposals"
          columns={HISTORY_COLUMNS}
          emptyText="No decided proposal."
          items={decided}
          rowKey={(proposal) => proposal.id}
        />
      )}
    </OpsSection>
  );
}

/** The holder-name review of the payout account, when it needed one. */
export function HolderNameReviewSection({ detail }: TDetailProps) {
  const review = detail.holderNameReview;
  if (review === null) return null;
  return (
    <OpsSection id="holder-name" title="Payout account name review">
      {review.status === 'PENDING' && (
        <Alert variant="warn" title="Holder name differs from the borrower's">
          No funds are released to this account until an agent accepts it.
        </Alert>
      )}
      <OpsFacts
        facts={[
          ['Account holder', review.holderName],
          ['Borrower', review.borrowerName],
          ['Status', review.status],
          [
            'Decided',
            review.decidedBy === null || review.decidedAt === null
              ? null
              : `${review.decidedBy.email}, ${formatDateTime(review.decidedAt)}${
                  review.decisionReason === null ? '' : `: ${review.decisionReason}`
                }`,
          ],
        ]}
      />
      {review.status === 'PENDING' && (
        <OpsActionButtons
          actions={[
            decisionAction(
              detail.application.appUuid,
              'holder-name-accept',
              {
                decision: { subject: 'holder-name', verdict: 'approve' },
                title: 'Accept the account holder name?',
                consequence:
                  'You checked that the account is the borrower’s; funds may be released to it.',
                confirm: 'Accept name',
                done: 'Account accepted',
              },
              { isPrimary: true },
            ),
            decisionAction(detail.application.appUuid, 'holder-name-refuse', {
              decision: { subject: 'holder-name', verdict: 'reject' },
              title: 'Refuse this payout account?',
              consequence:
                'No funds go to it; the borrower is asked for an account in their own name.',
              confirm: 'Refuse account',
              done: 'Account refused',
            }),
          ]}
        />
      )}
    </OpsSection>
  );
}
