/**
 * Agents are the configured set (DESIGN §6): at boot an address taken out of
 * AGENT_EMAILS stops being an agent (its token is refused at once) and a re-listed one is an agent
 * again; an agent deactivates another in the console on a different agent’s approval (maker–checker),
 * audited, never themselves.
 */
import { describe, expect, it } from 'vitest';
import type { TGetOpsAgentsResponse } from '@pledge/contract';
import { eq, inArray } from 'drizzle-orm';
import { agents } from '../../src/db/schema/index.js';
import {
  AGENT_ENTITY,
  DEACTIVATED_BY_CONFIG,
  isActiveAgent,
  SANDBOX_AGENT_EMAIL,
  SANDBOX_SECOND_AGENT_EMAIL,
  syncAgents,
} from '../../src/services/identity/agents.js';
import { seedIdentities } from '../../src/services/identity/seed-identities.js';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { newBorrower, useApplicationsTestContext } from '../applications/helpers.js';
import { TEST_ENCRYPTION_KEY } from '../helpers/app.js';
import {
  approvedControlled,
  expectJson,
  OPS,
  opsCall,
  opsPath,
  signInAgent,
  type TAgent,
} from './helpers.js';
import { auditEventsOf } from '../helpers/audit-events.js';

const AGENTS_URL = `${OPS}/agents`;
const DEACTIVATE_URL = `${OPS}/agents/deactivate`;
const THIRD_AGENT_EMAIL = 'third.agent@example.com';
/** Proposing one's own deactivation is refused: the agent is the person it concerns. */
const SELF_REFUSAL_CODE = 'OWN_LOAN';

const ctx = useApplicationsTestContext();

/** The agents the configuration lists, as a boot syncs them. */
const configureAgents = (...emails: string[]) =>
  syncAgents(ctx.database.db, createFieldCipher(TEST_ENCRYPTION_KEY), emails);

async function canUseConsole(agent: TAgent): Promise<boolean> {
  const answer = await opsCall(ctx.app, 'GET', opsPath(), agent.token);
  return answer.statusCode === 200;
}

async function agentRow(email: string) {
  const [row] = await ctx.database.db.select().from(agents).where(eq(agents.email, email));
  return row;
}

const agentAudit = (email: string) =>
  auditEventsOf(ctx.database.db, email, { entityType: AGENT_ENTITY });

describe('the agent set at boot', () => {
  it('deactivates an address taken out of AGENT_EMAILS, ending its session, and re-lists it', async () => {
    const email = 'removed.agent@example.com';
    await configureAgents(SANDBOX_AGENT_EMAIL, email);
    const removed = await signInAgent(ctx, email);
    expect(await canUseConsole(removed)).toBe(true);

    // The restart with the address out of the list.
    await configureAgents(SANDBOX_AGENT_EMAIL);
    expect(await agentRow(email)).toMatchObject({
      isActive: false,
      deactivatedBy: DEACTIVATED_BY_CONFIG,
    });
    expect(await canUseConsole(removed)).toBe(false);
    expect(await isActiveAgent(ctx.database.db, email)).toBe(false);

    // Listed again: an agent again.
    await configureAgents(SANDBOX_AGENT_EMAIL, email.toUpperCase());
    expect(await agentRow(email)).toMatchObject({ isActive: true, deactivatedBy: null });
    expect(await canUseConsole(await signInAgent(ctx, email))).toBe(true);
    expect((await agentAudit(email)).map((event) => event.toState).sort()).toEqual([
      'ACTIVE',
      'INACTIVE',
    ]);
  });

  it('lists new addresses from instances that boot together, each address once', async () => {
    // Two instances of a deployment boot at once and sync the same list: an address both insert
    // is an agent once, and neither boot fails on the other's row (by address or by its digest).
    const cipher = createFieldCipher(TEST_ENCRYPTION_KEY);
    for (let round = 0; round < 10; round += 1) {
      const listed = [
        SANDBOX_AGENT_EMAIL,
        SANDBOX_SECOND_AGENT_EMAIL,
        ...Array.from({ length: 8 }, (_, index) => `booting.${round}.${index}@example.com`),
      ];
      await Promise.all(
        Array.from({ length: 4 }, () => syncAgents(ctx.database.db, cipher, listed)),
      );
      const rows = await ctx.database.db
        .select({ email: agents.email, isActive: agents.isActive })
        .from(agents)
        .where(inArray(agents.email, listed));
      expect(rows.filter((row) => row.isActive)).toHaveLength(listed.length);
    }
  });

  it('seeds both sandbox agents and keeps an operator’s deactivation across restarts', async () => {
    const cipher = createFieldCipher(TEST_ENCRYPTION_KEY);
    const seed = () =>
      seedIdentities({ db: ctx.database.db, cipher, sandbox: true, agentEmails: [] });
    await seed();
    expect(await isActiveAgent(ctx.database.db, SANDBOX_AGENT_EMAIL)).toBe(true);
    expect(await isActiveAgent(ctx.database.db, SANDBOX_SECOND_AGENT_EMAIL)).toBe(true);

    const first = await signInAgent(ctx, SANDBOX_AGENT_EMAIL);
    const listed = 'operator.removed@example.com';
    await configureAgents(SANDBOX_AGENT_EMAIL, SANDBOX_SECOND_AGENT_EMAIL, listed);
    const second = await signInAgent(ctx, SANDBOX_SECOND_AGENT_EMAIL);
    await approvedControlled(ctx.app, {
      url: DEACTIVATE_URL,
      maker: first,
      checker: second,
      payload: { email: listed, reason: 'Left the company' },
    });
    expect(await isActiveAgent(ctx.database.db, listed)).toBe(false);
    await configureAgents(SANDBOX_AGENT_EMAIL, SANDBOX_SECOND_AGENT_EMAIL, listed);
    expect(await isActiveAgent(ctx.database.db, listed)).toBe(false);
  });
});

describe('the console’s agents', () => {
  it('lists the agents, the caller marked, and deactivates another agent on a third’s approval, audited', async () => {
    await configureAgents(SANDBOX_AGENT_EMAIL, SANDBOX_SECOND_AGENT_EMAIL);
    const first = await signInAgent(ctx, SANDBOX_AGENT_EMAIL);
    const second = await signInAgent(ctx, SANDBOX_SECOND_AGENT_EMAIL);

    const list = expectJson(
      await opsCall(ctx.app, 'GET', AGENTS_URL, first.token),
      200,
    ) as TGetOpsAgentsResponse;
    expect(
      list.agents
        .filter((agent) => agent.isActive)
        .map((agent) => agent.email)
        .sort(),
    ).toEqual([SANDBOX_AGENT_EMAIL, SANDBOX_SECOND_AGENT_EMAIL].sort());
    expect(list.agents.find((agent) => agent.isYou)?.email).toBe(SANDBOX_AGENT_EMAIL);

    const self = await opsCall(ctx.app, 'POST', DEACTIVATE_URL, first.token, {
      email: SANDBOX_AGENT_EMAIL,
      reason: 'Testing',
    });
    expect(expectJson(self, 403)).toMatchObject({
      code: SELF_REFUSAL_CODE,
      message: expect.stringMatching(/cannot deactivate yourself/) as unknown,
    });

    // One agent's word is only a proposal: the other agent is still active.
    const deactivation = { email: ' Agent2@Example.com ', reason: 'Laptop stolen' };
    const proposed = await opsCall(ctx.app, 'POST', DEACTIVATE_URL, first.token, deactivation);
    expect(expectJson(proposed, 202)).toMatchObject({
      action: 'DEACTIVATE_AGENT',
      status: 'PENDING',
    });
    expect(await canUseConsole(second)).toBe(true);
    // The agent it removes does not approve it; a third agent does.
    const pendingId = (proposed.json() as { id: string }).id;
    const byTarget = await opsCall(
      ctx.app,
      'POST',
      `${OPS}/controlled-actions/${pendingId}/approve`,
      second.token,
    );
    expect(byTarget.statusCode).toBe(403);
    expect(await canUseConsole(second)).toBe(true);
    await configureAgents(SANDBOX_AGENT_EMAIL, SANDBOX_SECOND_AGENT_EMAIL, THIRD_AGENT_EMAIL);
    const third = await signInAgent(ctx, THIRD_AGENT_EMAIL);
    await approvedControlled(ctx.app, {
      url: DEACTIVATE_URL,
      maker: first,
      checker: third,
      payload: deactivation,
    });
    const done = expectJson(
      await opsCall(ctx.app, 'GET', AGENTS_URL, first.token),
      200,
    ) as TGetOpsAgentsResponse;
    expect(done.agents.find((agent) => agent.email === SANDBOX_SECOND_AGENT_EMAIL)).toMatchObject({
      isActive: false,
      deactivatedBy: THIRD_AGENT_EMAIL,
    });
    expect(await canUseConsole(second)).toBe(false);
    const audit = await agentAudit(SANDBOX_SECOND_AGENT_EMAIL);
    expect(audit.at(-1)).toMatchObject({
      actor: `agent:${third.identityUuid}`,
      fromState: 'ACTIVE',
      toState: 'INACTIVE',
    });
    expect(audit.at(-1)?.reason).toContain('Laptop stolen');

    // The deactivated agent's own calls are refused, including deactivating the other one.
    const revenge = await opsCall(ctx.app, 'POST', DEACTIVATE_URL, second.token, {
      email: SANDBOX_AGENT_EMAIL,
      reason: 'Revenge',
    });
    expect(revenge.statusCode).toBe(401);
    expect(await isActiveAgent(ctx.database.db, SANDBOX_AGENT_EMAIL)).toBe(true);
    await configureAgents(SANDBOX_AGENT_EMAIL, SANDBOX_SECOND_AGENT_EMAIL);
  });

  it('answers 400 for bad input, 404 for an unknown address, 401 without an agent token', async () => {
    // The test before deactivated the second agent; an operator's deactivation outlives a restart.
    await ctx.database.db
      .update(agents)
      .set({ isActive: true, deactivatedAt: null, deactivatedBy: null })
      .where(eq(agents.email, SANDBOX_SECOND_AGENT_EMAIL));
    const first = await signInAgent(ctx, SANDBOX_AGENT_EMAIL);
    for (const [payload, field] of [
      [{ email: 'not-an-address', reason: 'x' }, 'email'],
      [{ email: SANDBOX_SECOND_AGENT_EMAIL }, 'reason'],
      [{ email: SANDBOX_SECOND_AGENT_EMAIL, reason: ' ' }, 'reason'],
    ] as const) {
      const answer = await opsCall(ctx.app, 'POST', DEACTIVATE_URL, first.token, payload);
      expect((expectJson(answer, 400) as { fieldErrors?: object }).fieldErrors).toHaveProperty(
        field,
      );
    }
    const unknown = await opsCall(ctx.app, 'POST', DEACTIVATE_URL, first.token, {
      email: 'nobody@example.com',
      reason: 'x',
    });
    expect(expectJson(unknown, 404)).toMatchObject({ code: 'AGENT_NOT_FOUND' });
    const borrower = await newBorrower(ctx.app);
    const payload = { email: SANDBOX_SECOND_AGENT_EMAIL, reason: 'x' };
    expect((await opsCall(ctx.app, 'POST', DEACTIVATE_URL, null, payload)).statusCode).toBe(401);
    expect(
      (await opsCall(ctx.app, 'POST', DEACTIVATE_URL, borrower.token, payload)).statusCode,
    ).toBe(401);
    expect((await opsCall(ctx.app, 'GET', AGENTS_URL, borrower.token)).statusCode).toBe(401);
    expect(await isActiveAgent(ctx.database.db, SANDBOX_SECOND_AGENT_EMAIL)).toBe(true);
  });
});
