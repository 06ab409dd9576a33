import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZIsoDateTime } from '../wire.js';
import { OPS } from './ops-base.js';

/** One address allowed (or once allowed) to sign in as an agent. */
export const ZOpsAgent = z.object({
  email: z.email(),
  isActive: z.boolean(),
  /** The caller's own address. */
  isYou: z.boolean(),
  createdAt: ZIsoDateTime,
  deactivatedAt: z.nullable(ZIsoDateTime),
  /** `AGENT_EMAILS` (taken out of the configuration) or the address of the agent who did it. */
  deactivatedBy: z.nullable(z.string()),
});
export type TOpsAgent = z.infer<typeof ZOpsAgent>;

export const ZGetOpsAgentsResponse = z.object({
  /** Active agents first, then by address. */
  agents: z.array(ZOpsAgent),
});
export type TGetOpsAgentsResponse = z.infer<typeof ZGetOpsAgentsResponse>;

export const getOpsAgents = defineEndpoint({
  method: 'GET',
  path: `${OPS}/agents`,
  auth: 'agent',
  summary: 'The agents, active and deactivated',
  response: ZGetOpsAgentsResponse,
});
