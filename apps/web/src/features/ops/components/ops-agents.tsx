/**
 * The agents of the console with their status; an agent proposes deactivating another (with a
 * reason, kept in the audit trail), never themselves nor the last active one; a third agent approves.
 */
import { useState, type FormEvent } from 'react';
import { ZOpsReason, type TOpsAgent } from '@pledge/contract';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { useDeactivateAgent, useOpsAgents } from '../api/ops-agents.js';
import { formatDateTime } from '../format.js';
import { OpsConfirmDialog, OpsReasonField } from './ops-confirm-dialog.js';
import { OpsTable, type TOpsTableColumn } from './ops-table.js';

const AGENT_COLUMNS: readonly TOpsTableColumn[] = [
  { header: 'Agent', cellClassName: 'ops-break' },
  { header: 'Status' },
  { header: 'Since' },
  { header: 'Action' },
];

/** Why this agent cannot be deactivated from here, or null. */
export function deactivationRefusal(agent: TOpsAgent, activeCount: number): string | null {
  if (!agent.isActive) return null;
  if (agent.isYou) return 'You cannot deactivate yourself.';
  if (activeCount <= 1) return 'The last active agent stays active.';
  return null;
}

function statusOf(agent: TOpsAgent): string {
  if (agent.isActive) return agent.isYou ? 'Active (you)' : 'Active';
  const by =
    agent.deactivatedBy === 'AGENT_EMAILS' ? 'removed from AGENT_EMAILS' : agent.deactivatedBy;
  return by === null ? 'Deactivated' : `Deactivated (${by})`;
}

function ConfirmDeactivation({ agent, onClose }: { agent: TOpsAgent; onClose: () => void }) {
  const mutation = useDeactivateAgent();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZOpsReason.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? 'Give a reason');
      return;
    }
    mutation.mutate({ email: agent.email, reason: parsed.data.reason });
  }

  return (
    <OpsConfirmDialog
      formId="ops-deactivate-agent"
      title={`Deactivate ${agent.email}?`}
      description="Proposed to an agent other than you and them: once approved, their sessions end and they can no longer sign in as an agent, even after a restart."
      confirmLabel="Propose deactivation"
      isPending={mutation.isPending}
      error={mutation.error}
      onClose={onClose}
      onSubmit={onSubmit}
      proposal={mutation.data ?? null}
    >
      <OpsReasonField
        value={reason}
        error={reasonError}
        onChange={(event) => setReason(event.target.value)}
      />
    </OpsConfirmDialog>
  );
}

export function OpsAgents() {
  const query = useOpsAgents();
  const [target, setTarget] = useState<TOpsAgent | null>(null);
  if (query.isPending) {
    return (
      <p className="loading" role="status">
        Loading the agents…
      </p>
    );
  }
  if (query.isError) {
    return (
      <>
        <Alert variant="error" title="The agents could not be loaded">
          {query.error.message}
        </Alert>
        <Button isFullWidth={false} onClick={() => void query.refetch()}>
          Try again
        </Button>
      </>
    );
  }
  const { agents } = query.data;
  const activeCount = agents.filter((agent) => agent.isActive).length;
  return (
    <>
      <OpsTable
        caption="Agents"
        columns={AGENT_COLUMNS}
        emptyText="No agent is configured."
        rows={agents.map((agent) => {
          const refusal = deactivationRefusal(agent, activeCount);
          const hintId = `ops-agent-hint-${agent.email}`;
          return {
            key: agent.email,
            cells: [
              agent.email,
              statusOf(agent),
              formatDateTime(agent.deactivatedAt ?? agent.createdAt),
              agent.isActive ? (
                <>
                  <Button
                    variant="secondary"
                    isFullWidth={false}
                    disabled={refusal !== null}
                    aria-describedby={refusal === null ? undefined : hintId}
                    onClick={() => setTarget(agent)}
                  >
                    Deactivate <span className="visually-hidden">{agent.email}</span>
                  </Button>
                  {refusal !== null && (
                    <span id={hintId} className="ops-muted ops-actions__hint">
                      {refusal}
                    </span>
                  )}
                </>
              ) : null,
            ],
          };
        })}
      />
      {target !== null && <ConfirmDeactivation agent={target} onClose={() => setTarget(null)} />}
    </>
  );
}
