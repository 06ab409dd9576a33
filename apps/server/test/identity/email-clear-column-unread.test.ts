/**
 * No read of the server depends on identities.email, the address in clear that the next release
 * stops writing: once every sealed row's clear column holds a decoy, sign-in (by code and by
 * password), the console (search, detail, agents, loans, risk queue), the controls' same-person
 * checks (by identity and by mailbox), a loan view and a message to the borrower are all still right.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  TControlledAction,
  TGetIdentityResponse,
  TGetOpsAgentsResponse,
  TGetOpsApplicationsResponse,
  TGetOpsLoanResponse,
  TGetOpsLoansResponse,
  TGetOpsRiskQueueResponse,
  TPostLegacyLoginResponse,
} from '@pledge/contract';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { createPasswordIdentity } from '../../src/services/identity/create-password-identity.js';
import { identityByEmail } from '../../src/services/identity/identity-email.js';
import { TEST_ENCRYPTION_KEY } from '../helpers/app.js';
import {
  awaitingRelease,
  controlledActionPath,
  expectJson,
  OPS,
  opsCall,
  opsPath,
  RELEASE_EVIDENCE,
  signInAgent,
  type TAgent,
  useAgent,
  useTwoAgentContext,
  opsApplicationOf,
} from '../ops/helpers.js';
import { moveTo, SUBJECT } from '../risk/helpers.js';
import {
  fundedSandboxLoan,
  idempotency,
  mailTo,
  openServicingWorld,
  sandboxLoan,
} from '../servicing/helpers.js';
import { bearer, IDENTITY, signIn } from './sign-in.js';
import { servicingRow } from '../risk/liquidation-helpers.js';

const cipher = createFieldCipher(TEST_ENCRYPTION_KEY);
/** A third agent, and two addresses of their mailbox (plus-tags): the same person. */
const OWNER_AGENT = 'ops-owner@example.com';
const OWNER_LOAN_EMAIL = 'ops-owner+loan@example.com';
const OWNER_APP_EMAIL = 'ops-owner+app@example.com';
const LEGACY_EMAIL = 'legacy-decoy@example.com';

const { ctx, maker, checker } = useTwoAgentContext(openServicingWorld);
const owner = useAgent(ctx, OWNER_AGENT);

/**
 * What the next release does to the clear column, short of emptying it (it is NOT NULL and unique
 * here): every sealed row's address in clear becomes a decoy. The trigger that forgets a sealed
 * copy when the previous release changes an address in clear is off for this database only.
 */
async function decoyClearAddresses(): Promise<void> {
  await ctx.database.db.execute(
    sql`ALTER TABLE identities DISABLE TRIGGER identities_email_unseal_stale`,
  );
  await ctx.database.db.execute(sql`
    UPDATE identities SET email = 'decoy-' || uuid::text || '@decoy.invalid'
    WHERE email_sealed IS NOT NULL`);
  const clear = await ctx.database.db.execute<{ count: string }>(
    sql`SELECT count(*) AS count FROM identities WHERE email NOT LIKE 'decoy-%'`,
  );
  expect(Number(clear.rows[0]?.count)).toBe(0);
}

async function identityUuidOf(email: string): Promise<string> {
  const identity = await identityByEmail(ctx.database.db, cipher, email);
  if (identity === undefined) throw new Error(`No identity for ${email}`);
  return identity.uuid;
}

async function aliasesOf(token: string): Promise<string[]> {
  const response = await ctx.app.inject({ method: 'GET', url: IDENTITY, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as TGetIdentityResponse).aliases.map((alias) => alias.value);
}

async function fundedLoanOf(email: string): Promise<{ loanUuid: string }> {
  const { loanUuid } = await fundedSandboxLoan(ctx, { email });
  return { loanUuid };
}

async function proposeWire(agent: TAgent, loanUuid: string, amountCents: number) {
  return ctx.app.inject({
    method: 'POST',
    url: `${OPS}/loans/${loanUuid}/wire-payments`,
    headers: { ...bearer(agent.token), ...idempotency(randomUUID()) },
    payload: {
      amountCents,
      reference: `FED-${randomUUID().slice(0, 8)}`,
      receivedOn: (await servicingRow(ctx, loanUuid)).fundedOn,
    },
  });
}

describe('the clear address column is read by nothing', () => {
  it('serves sign-in, the console, the controls and loans from the sealed copy and the digest', async () => {
    const loan = await sandboxLoan(ctx);
    const ownLoan = await fundedLoanOf(OWNER_LOAN_EMAIL);
    const ownApplicant = await signIn(ctx.app, OWNER_APP_EMAIL);
    const ownApp = await awaitingRelease(ctx, {
      borrower: {
        token: ownApplicant,
        identityUuid: await identityUuidOf(OWNER_APP_EMAIL),
        email: OWNER_APP_EMAIL,
      },
    });
    const legacyUuid = await createPasswordIdentity(
      { db: ctx.database.db, cipher },
      { email: LEGACY_EMAIL, password: 'pass_good', orgCode: 'default' },
    );
    const borrowerUuid = await identityUuidOf(loan.email);

    await decoyClearAddresses();

    // Sign-in by code finds the same identity by its digest; agents still pass the session check.
    const token = await signIn(ctx.app, loan.email.toUpperCase());
    expect(await aliasesOf(token)).toEqual([loan.email]);
    expect(await identityUuidOf(loan.email)).toBe(borrowerUuid);
    const again = await signInAgent(ctx);
    expect(again.identityUuid).toBe(maker.identityUuid);
    // Sign-in by password.
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/identity/api/v1/login',
      payload: { email: LEGACY_EMAIL, password: 'pass_good' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const legacyToken = (login.json() as TPostLegacyLoginResponse).jwt;
    expect(await aliasesOf(legacyToken)).toEqual([LEGACY_EMAIL]);
    expect(await identityUuidOf(LEGACY_EMAIL)).toBe(legacyUuid);

    // The console: search by address, an application's borrower, the agents, the loans.
    const search = expectJson(
      await opsCall(
        ctx.app,
        'GET',
        `${opsPath()}?search=${encodeURIComponent(OWNER_APP_EMAIL)}`,
        maker.token,
      ),
      200,
    ) as TGetOpsApplicationsResponse;
    expect(search.items.map((item) => item.borrowerEmail)).toEqual([OWNER_APP_EMAIL]);
    const detail = await opsApplicationOf(ctx.app, maker, ownApp.appUuid);
    expect(detail.borrower.email).toBe(OWNER_APP_EMAIL);
    const agents = expectJson(
      await opsCall(ctx.app, 'GET', `${OPS}/agents`, owner.token),
      200,
    ) as TGetOpsAgentsResponse;
    expect(agents.agents.filter((agent) => agent.isYou).map((agent) => agent.email)).toEqual([
      OWNER_AGENT,
    ]);
    const opsLoan = expectJson(
      await opsCall(ctx.app, 'GET', `${OPS}/loans/${loan.loanUuid}`, maker.token),
      200,
    ) as TGetOpsLoanResponse;
    expect(opsLoan.borrowerEmail).toBe(loan.email);
    const loans = expectJson(
      await opsCall(
        ctx.app,
        'GET',
        `${OPS}/loans?search=${encodeURIComponent(loan.email)}`,
        maker.token,
      ),
      200,
    ) as TGetOpsLoansResponse;
    expect(loans.items.map((item) => item.borrowerEmail)).toEqual([loan.email]);

    // The same person by mailbox: the agent's other addresses are their own application and loan.
    const ownRelease = await opsCall(
      ctx.app,
      'POST',
      opsPath(`/${ownApp.appUuid}/release-funds/proposals`),
      owner.token,
      RELEASE_EVIDENCE,
    );
    expect(expectJson(ownRelease, 403)).toMatchObject({ code: 'OWN_APPLICATION' });
    const ownWire = await proposeWire(owner, ownLoan.loanUuid, 10_000);
    expect(expectJson(ownWire, 403)).toMatchObject({ code: 'OWN_LOAN' });
    const othersWire = expectJson(
      await proposeWire(maker, ownLoan.loanUuid, 10_000),
      202,
    ) as TControlledAction;
    const ownApproval = await opsCall(
      ctx.app,
      'POST',
      controlledActionPath(othersWire.id, 'approve'),
      owner.token,
    );
    expect(expectJson(ownApproval, 403)).toMatchObject({ code: 'OWN_LOAN' });
    // Another agent's approval reads the maker as an active agent, by the sealed copy.
    const approved = await opsCall(
      ctx.app,
      'POST',
      controlledActionPath(othersWire.id, 'approve'),
      checker.token,
    );
    expect(expectJson(approved, 200)).toMatchObject({
      status: 'APPROVED',
      proposedBy: { email: maker.email },
      decidedBy: { email: checker.email },
    });

    // The risk pass writes to the borrower's address, and the risk queue shows it.
    await moveTo(ctx, loan, 76);
    const queue = expectJson(
      await opsCall(ctx.app, 'GET', `${OPS}/risk`, maker.token),
      200,
    ) as TGetOpsRiskQueueResponse;
    expect(queue.warnings.find((entry) => entry.loanUuid === loan.loanUuid)?.borrowerEmail).toBe(
      loan.email,
    );
    const mail = await mailTo(ctx, loan.email);
    expect(mail.map((message) => message.subject)).toContain(SUBJECT.WARNING);
    const decoyMail = await ctx.database.db.execute<{ count: string }>(
      sql`SELECT count(*) AS count FROM outbox WHERE to_address LIKE 'decoy-%'`,
    );
    expect(Number(decoyMail.rows[0]?.count)).toBe(0);
  });
});
