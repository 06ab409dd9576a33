/**
 * How the console shows an agent's decision on a row that waits for one (a proposal, a controlled
 * action, a holder-name review): who decided, when and why; nobody while it is still pending.
 */
import type { TOpsAgentRef } from '@pledge/contract';

interface TDecisionColumns {
  decidedBy: string | null;
  decidedByEmail: string | null;
  decidedAt: Date | null;
  decisionReason: string | null;
}

export function decisionView(row: TDecisionColumns): {
  decidedBy: TOpsAgentRef | null;
  decidedAt: string | null;
  decisionReason: string | null;
} {
  return {
    decidedBy:
      row.decidedBy === null || row.decidedByEmail === null
        ? null
        : { identityUuid: row.decidedBy, email: row.decidedByEmail },
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
  };
}

/** The decision columns of a row an agent decides now; `reason` says why it was refused, if it was. */
export function decisionBy(
  agent: { identityUuid: string; email: string },
  at: Date,
  reason?: string | null,
): { decidedBy: string; decidedByEmail: string; decidedAt: Date; decisionReason?: string | null } {
  return {
    decidedBy: agent.identityUuid,
    decidedByEmail: agent.email,
    decidedAt: at,
    ...(reason === undefined ? {} : { decisionReason: reason }),
  };
}
