import { z } from 'zod/mini';
import { ZLoginEmail } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
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
 * Ends another agent's role at once: their next call is refused and they cannot sign in as an agent
 * again (a restart does not bring them back). Audited with the reason. 403 for oneself, 409 for the
 * last active agent, 404 for an address that is no agent; an agent already inactive is left so.
 */
export const postOpsDeactivateAgent = defineEndpoint({
  method: 'POST',
  path: `${OPS}/agents/deactivate`,
  auth: 'agent',
  summary: 'Deactivate another agent',
  body: ZPostOpsDeactivateAgentBody,
  response: ZPostOpsDeactivateAgentResponse,
});
