/**
 * Maker–checker: the controlled actions one agent proposed, waiting for a second agent. Another
 * agent approves (the action happens then) or rejects with a reason; the maker may only withdraw.
 */
import { useState } from 'react';
import type { TControlledAction } from '@pledge/contract';
import { formatUsd } from '@pledge/domain';
import { Button } from '../../../ui/button/button.js';
import { useSession } from '../../session/use-session.js';
import { usePendingControlledActions } from '../api/get-controlled-actions.js';
import { useApproveControlledAction } from '../api/post-approve-controlled-action.js';
import { useRejectControlledAction } from '../api/post-reject-controlled-action.js';
import { formatDateTime } from '../format.js';
import { OpsConfirmDialog, OpsReasonDialog, toastDone } from './ops-confirm-dialog.js';
import { OpsList } from './ops-list.js';
import type { TOpsColumn } from './ops-table.js';

export const NOTHING_PENDING_TEXT = 'Nothing is waiting for a second agent.';

type TDecisionKind = 'approve' | 'reject' | 'withdraw';
type TDecision = { kind: TDecisionKind; proposal: TControlledAction };

const DECISION_WORDS: Readonly<Record<TDecisionKind, string>> = {
  approve: 'Approve',
  reject: 'Reject',
  withdraw: 'Withdraw',
};
/** The maker may only withdraw a proposal; another agent approves or rejects it. */
const MAKER_DECISIONS: readonly TDecisionKind[] = ['withdraw'];
const CHECKER_DECISIONS: readonly TDecisionKind[] = ['approve', 'reject'];

// The summary is prose: it wraps between words and takes the width left, while amounts and the
// decision buttons keep their words whole.
function proposalColumns(
  myUuid: string | null,
  onDecide: (decision: TDecision) => void,
): readonly TOpsColumn<TControlledAction>[] {
  const isMine = (proposal: TControlledAction) => proposal.proposedBy.identityUuid === myUuid;
  return [
    { header: 'Action', cell: (proposal) => proposal.label },
    { header: 'Summary', cell: (proposal) => proposal.summary },
    {
      header: 'Amount',
      cellClassName: 'nowrap',
      cell: (proposal) => (proposal.amountCents === null ? '—' : formatUsd(proposal.amountCents)),
    },
    {
      header: 'Proposed by',
      cellClassName: 'ops-break',
      cell: (proposal) =>
        isMine(proposal) ? `${proposal.proposedBy.email} (you)` : proposal.proposedBy.email,
    },
    { header: 'When', cell: (proposal) => formatDateTime(proposal.proposedAt) },
    {
      header: 'Decision',
      cellClassName: 'nowrap',
      cell: (proposal) => (
        <div className="ops-pager">
          {(isMine(proposal) ? MAKER_DECISIONS : CHECKER_DECISIONS).map((kind) => (
            <Button
              key={kind}
              variant={kind === 'approve' ? 'primary' : 'secondary'}
              isFullWidth={false}
              aria-haspopup="dialog"
              onClick={() => onDecide({ kind, proposal })}
            >
              {DECISION_WORDS[kind]} <span className="visually-hidden">{proposal.summary}</span>
            </Button>
          ))}
        </div>
      ),
    },
  ];
}

function ApproveDialog({
  proposal,
  onClose,
}: {
  proposal: TControlledAction;
  onClose: () => void;
}) {
  const approve = useApproveControlledAction();
  return (
    <OpsConfirmDialog
      formId="ops-approve-action"
      title={`Approve: ${proposal.label}?`}
      description={`${proposal.summary}. Proposed by ${proposal.proposedBy.email}; it takes effect as soon as you approve.`}
      confirmLabel="Approve"
      call={approve}
      argsOf={() => proposal.id}
      onDone={(approved) =>
        toastDone(`${approved.label} approved`, approved.outcome ?? approved.summary)
      }
      onClose={onClose}
    />
  );
}

function RejectDialog({
  proposal,
  isWithdrawal,
  onClose,
}: {
  proposal: TControlledAction;
  isWithdrawal: boolean;
  onClose: () => void;
}) {
  const reject = useRejectControlledAction();
  const verb = isWithdrawal ? 'Withdraw' : 'Reject';

  return (
    <OpsReasonDialog
      formId="ops-reject-action"
      title={`${verb}: ${proposal.label}?`}
      description={`${proposal.summary}. Nothing of it happens; the reason is kept with the proposal.`}
      confirmLabel={verb}
      call={reject}
      argsOf={(reason) => ({ proposalId: proposal.id, reason })}
      onDone={(rejected) =>
        toastDone(`${rejected.label} ${isWithdrawal ? 'withdrawn' : 'rejected'}`)
      }
      onClose={onClose}
      onReasonChange={() => reject.reset()}
    />
  );
}

export function OpsApprovals() {
  const session = useSession('agent');
  const query = usePendingControlledActions();
  const [decision, setDecision] = useState<TDecision | null>(null);
  const myUuid = session.status === 'signed-in' ? session.identity.uuid : null;

  return (
    <>
      <OpsList
        query={query}
        loadingText="Loading the proposals…"
        errorTitle="The proposals could not be loaded"
        items={query.data?.pages.flatMap((page) => page.items)}
        more={{
          hasMore: query.hasNextPage,
          isLoading: query.isFetchingNextPage,
          onMore: () => void query.fetchNextPage(),
        }}
        caption="Proposals waiting for a second agent, newest first"
        columns={proposalColumns(myUuid, setDecision)}
        rowKey={(proposal) => proposal.id}
        emptyText={NOTHING_PENDING_TEXT}
      />
      {decision?.kind === 'approve' && (
        <ApproveDialog proposal={decision.proposal} onClose={() => setDecision(null)} />
      )}
      {decision !== null && decision.kind !== 'approve' && (
        <RejectDialog
          proposal={decision.proposal}
          isWithdrawal={decision.kind === 'withdraw'}
          onClose={() => setDecision(null)}
        />
      )}
    </>
  );
}
