/**
 * Fixtures of the agent-console tests: the sandbox agent signed in through the e-mailed-code flow
 * on the agent audience, and the console's calls.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TApplicationEvent } from '@pledge/domain';
import { identities } from '../../src/db/schema/index.js';
import { applyTransition } from '../../src/services/applications/apply-transition.js';
import { provisionAgents, SANDBOX_AGENT_EMAIL } from '../../src/services/identity/agents.js';
import type { TApplicationsTestContext } from '../applications/helpers.js';
import { bearer, signIn } from '../identity/sign-in.js';

export const OPS = '/service-ops/secure/api/v1';
export const opsPath = (suffix = '') => `${OPS}/applications${suffix}`;

export interface TAgent {
  token: string;
  identityUuid: string;
}

/** The sandbox agent, provisioned and signed in on the agent audience. */
export async function signInAgent(ctx: TApplicationsTestContext): Promise<TAgent> {
  await provisionAgents(ctx.database.db, [SANDBOX_AGENT_EMAIL]);
  const token = await signIn(ctx.app, SANDBOX_AGENT_EMAIL, { audience: 'agent' });
  const [identity] = await ctx.database.db
    .select({ uuid: identities.uuid })
    .from(identities)
    .where(eq(identities.email, SANDBOX_AGENT_EMAIL));
  if (identity === undefined) throw new Error('The signed-in agent has no identity');
  return { token, identityUuid: identity.uuid };
}

export function opsCall(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  token: string | null,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: token === null ? {} : bearer(token),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

/** Moves an application on through the real state machine, as the flow's services would. */
export async function advance(
  ctx: TApplicationsTestContext,
  appUuid: string,
  events: readonly TApplicationEvent[],
): Promise<void> {
  for (const event of events) {
    await applyTransition(ctx.database.db, { appUuid, event, actor: 'system:test' });
  }
}

export const TO_SIGN_DOCS: readonly TApplicationEvent[] = [
  'DETAILS_SUBMITTED',
  'PROFILE_ATTACHED',
  'CREDIT_APPROVED',
  'DISCLOSURES_GENERATED',
];

/** From SIGN_DOCS to an active domestic loan's last step before the funds go out. */
export const TO_FUNDING_RELEASE: readonly TApplicationEvent[] = [
  'ALL_DOCUMENTS_SIGNED',
  'COLLATERAL_FUNDED',
  'FUNDING_VERIFIED',
];

export function expectJson(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as unknown;
}
