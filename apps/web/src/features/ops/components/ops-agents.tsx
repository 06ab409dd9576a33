/**
 * The agents of the console with their status; an agent proposes deactivating another (with a
 * reason, kept in the audit trail), never themselves nor the last active one; a third agent approves.
 */
import { useState } from 'react';
import type { TOpsAgent } from '@pledge/contract';
import { Button } from '../../../ui/button/button.js';
import { useDeactivateAgent, useOpsAgents } from '../api/ops-agents.js';
import { formatDateTime } from '../format.js';
import { OpsReasonDialog } from './ops-confirm-dialog.js';
import { OpsList } from './ops-list.js';
import type { TOpsColumn } from './ops-table.js';

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

  return (
    <OpsReasonDialog
      formId="ops-deactivate-agent"
      title={`Deactivate ${agent.email}?`}
      description="Proposed to an agent other than you and them: once approved, their sessions end and they can no longer sign in as an agent, even after a restart."
      confirmLabel="Propose deactivation"
      call={mutation}
      argsOf={(reason) => ({ email: agent.email, reason })}
      onClose={onClose}
    />
  );
}

function agentColumns(
  activeCount: number,
  onDeactivate: (agent: TOpsAgent) => void,
): readonly TOpsColumn<TOpsAgent>[] {
  return [
    { header: 'Agent', cellClassName: 'ops-break', cell: (agent) => agent.email },
    { header: 'Status', cell: statusOf },
    { header: 'Since', cell: (agent) => formatDateTime(agent.deactivatedAt ?? agent.createdAt) },
    {
      header: 'Action',
      cell: (agent) => {
        if (!agent.isActive) return null;
        const refusal = deactivationRefusal(agent, activeCount);
        const hintId = `ops-agent-hint-${agent.email}`;
        return (
          <>
            <Button
              variant="secondary"
              isFullWidth={false}
              disabled={refusal !== null}
              aria-describedby={refusal === null ? undefined : hintId}
              onClick={() => onDeactivate(agent)}
            >
              Deactivate <span className="visually-hidden">{agent.email}</span>
            </Button>
            {refusal !== null && (
              <span id={hintId} className="ops-muted ops-actions__hint">
                {refusal}
              </span>
            )}
          </>
        );
      },
    },
  ];
}

export function OpsAgents() {
  const query = useOpsAgents();
  const [target, setTarget] = useState<TOpsAgent | null>(null);
  const agents = query.data?.agents;
  const activeCount = agents?.filter((agent) => agent.isActive).length ?? 0;
  return (
    <>
      <OpsList
        query={query}
        loadingText="Loading the agents…"
        errorTitle="The agents could not be loaded"
        items={agents}
        caption="Agents"
        columns={agentColumns(activeCount, setTarget)}
        rowKey={(agent) => agent.email}
        emptyText="No agent is configured."
      />
      {target !== null && <ConfirmDeactivation agent={target} onClose={() => setTarget(null)} />}
    </>
  );
}
