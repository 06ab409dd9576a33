import { useQuery } from '@tanstack/react-query';
import {
  getOpsAgents,
  postOpsDeactivateAgent,
  type TPostOpsDeactivateAgentBody,
} from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';
import { CONTROLLED_ACTIONS_QUERY_KEY } from './get-controlled-actions.js';
import { OPS_QUERY_KEY } from './get-ops-applications.js';
import { opsFreshQuery } from './ops-fresh-query.js';
import { useOpsChange } from './use-ops-change.js';

export const OPS_AGENTS_QUERY_KEY = [...OPS_QUERY_KEY, 'agents'] as const;

/** The agents, active and deactivated, fetched again each time the page is shown. */
export function useOpsAgents() {
  return useQuery(opsFreshQuery(OPS_AGENTS_QUERY_KEY, getOpsAgents));
}

/** Proposes deactivating another agent; the answer is the proposal a third agent approves. */
export function useDeactivateAgent() {
  return useOpsChange(
    (body: TPostOpsDeactivateAgentBody) => apiRequest(postOpsDeactivateAgent, { body }),
    CONTROLLED_ACTIONS_QUERY_KEY,
  );
}
