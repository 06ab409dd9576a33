import { z } from 'zod/mini';
import { ZLoginEmail } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZControlledAction } from '../entities/controlled-action.js';
import { ZOpsReason } from '../entities/ops-application.js';
import { OPS } from './ops-base.js';
import { ZGetOpsAgentsResponse } from './get-agents.js';

export const ZPostOpsDeactivateAgentBody = z.extend(ZOpsReason, {
  email: ZLoginEmail,
});
export type TPostOpsDeactivateAgentBody = z.infer<typeof ZPostOpsDeactivateAgentBody>;

export const ZPostOpsDeactivateAgentResponse = ZGetOpsAgentsResponse;
export type TPostOpsDeactivateAgentResponse = z.infer<typeof ZPostOpsDeactivateAgentResponse>;

/**
 * Proposes ending another agent's role; when a third agent approves (neither the maker nor the agent
 * removed), their next call is refused, they cannot sign in as an agent again, and their pending
 * proposals lapse. Audited with the reason. 403 for oneself, 409 for the last active agent, 404 for
 * an address that is no agent.
 */
export const postOpsDeactivateAgent = defineEndpoint({
  method: 'POST',
  path: `${OPS}/agents/deactivate`,
  auth: 'agent',
  summary: 'Propose deactivating another agent (a different agent approves)',
  body: ZPostOpsDeactivateAgentBody,
  response: ZControlledAction,
  status: 202,
  control: 'DEACTIVATE_AGENT',
});
