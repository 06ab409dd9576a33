/**
 * Fixtures of the agent-console tests: the sandbox agent signed in through the e-mailed-code flow
 * on the agent audience, and the console's calls.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, expect } from 'vitest';
import type { TApplicationEvent } from '@pledge/domain';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { applyTransition } from '../../src/services/applications/apply-transition.js';
import {
  provisionAgents,
  SANDBOX_AGENT_EMAIL,
  SANDBOX_SECOND_AGENT_EMAIL,
} from '../../src/services/identity/agents.js';
import type {
  TCollateralInfo,
  TControlledAction,
  TGetOpsLoanResponse,
  TGetOpsReconciliationResponse,
  TOpsApplicationDetail,
} from '@pledge/contract';
import {
  acceptedApplication,
  appPath,
  OHIO_HOME,
  useApplicationsTestContext,
  newBorrower,
  type TApplicationsTestContext,
} from '../applications/helpers.js';
import { multipart, PNG_BYTES } from '../documents/helpers.js';
import { TEST_ENCRYPTION_KEY } from '../helpers/app.js';
import { bearer, signIn } from '../identity/sign-in.js';
import { identityByEmail } from '../../src/services/identity/identity-email.js';
import { sendCoins } from '../helpers/sandbox-chain.js';
import { MANUAL_BANK, saveManualBank } from '../disbursement/helpers.js';

const TEST_CIPHER = createFieldCipher(TEST_ENCRYPTION_KEY);

export const OPS = '/service-ops/secure/api/v1';
export const opsPath = (suffix = '') => `${OPS}/applications${suffix}`;

export interface TAgent {
  token: string;
  identityUuid: string;
  email: string;
}

/** A sandbox agent (the first unless said), provisioned and signed in on the agent audience. */
export async function signInAgent(
  ctx: TApplicationsTestContext,
  email: string = SANDBOX_AGENT_EMAIL,
): Promise<TAgent> {
  await provisionAgents(ctx.database.db, TEST_CIPHER, [email]);
  const token = await signIn(ctx.app, email, { audience: 'agent' });
  const identity = await identityByEmail(ctx.database.db, TEST_CIPHER, email);
  if (identity === undefined) throw new Error('The signed-in agent has no identity');
  return { token, identityUuid: identity.uuid, email };
}

/** The second sandbox agent: the checker of what the first proposes. */
export const signInSecondAgent = (ctx: TApplicationsTestContext) =>
  signInAgent(ctx, SANDBOX_SECOND_AGENT_EMAIL);

/**
 * A test file's (or describe block's) own database and app (opened by `open`, a bare one by
 * default) with the sandbox agent signed in, made before its tests and closed after them. Destructure it at collection; its objects are filled in
 * before the first test.
 */
export function useAgentContext(open?: () => Promise<TApplicationsTestContext>): {
  ctx: TApplicationsTestContext;
  agent: TAgent;
} {
  const ctx = useApplicationsTestContext(open);
  return { ctx, agent: useAgent(ctx) };
}

/** The agent of `email` (the sandbox agent unless said), signed in before the tests. */
export function useAgent(ctx: TApplicationsTestContext, email?: string): TAgent {
  const agent = {} as TAgent;
  beforeAll(async () => {
    Object.assign(agent, await signInAgent(ctx, email));
  });
  return agent;
}

/** As `useAgentContext`, with both sandbox agents signed in: the maker and their checker. */
export function useTwoAgentContext(open?: () => Promise<TApplicationsTestContext>): {
  ctx: TApplicationsTestContext;
  maker: TAgent;
  checker: TAgent;
} {
  const { ctx, agent: maker } = useAgentContext(open);
  return { ctx, maker, checker: useAgent(ctx, SANDBOX_SECOND_AGENT_EMAIL) };
}

/** Evidence of a funds release and of a payoff, as an agent gives it. */
export const RELEASE_EVIDENCE = {
  reference: 'ACH-TRACE-0001',
  note: 'Sent from the operating account',
};
export const PAYOFF_EVIDENCE = {
  method: 'WIRE',
  reference: 'FED-20250301-77',
  amount: 20150.25,
  paidOn: '2025-03-01',
} as const;

/** The ops console's view of one loan (GET …/loans/:loanUuid): the servicing view and its ledger. */
export async function opsLoanOf(
  app: FastifyInstance,
  agent: TAgent,
  loanUuid: string,
): Promise<TGetOpsLoanResponse> {
  const response = await opsCall(app, 'GET', `${OPS}/loans/${loanUuid}`, agent.token);
  return expectJson(response, 200) as TGetOpsLoanResponse;
}

/** The console's reconciliation of the ledgers (GET …/reconciliation): its issues, and if balanced. */
/** The console's view of an application, as an agent reads it. */
export async function opsApplicationOf(
  app: FastifyInstance,
  agent: Pick<TAgent, 'token'>,
  appUuid: string,
): Promise<TOpsApplicationDetail> {
  const response = await opsCall(app, 'GET', opsPath(`/${appUuid}`), agent.token);
  return expectJson(response, 200) as TOpsApplicationDetail;
}

export async function opsReconciliationOf(
  app: FastifyInstance,
  agent: TAgent,
): Promise<TGetOpsReconciliationResponse> {
  const response = await opsCall(app, 'GET', `${OPS}/reconciliation`, agent.token);
  return expectJson(response, 200) as TGetOpsReconciliationResponse;
}

/**
 * The ledger's payoff figure today, in dollars: what a payoff proposal's amount must be (the loan's
 * receivables, as the ops loan view sums them from its ledger).
 */
export async function ledgerPayoffAmount(
  app: FastifyInstance,
  agent: TAgent,
  loanUuid: string,
): Promise<number> {
  const { loan } = await opsLoanOf(app, agent, loanUuid);
  return loan.balances.totalCents / 100;
}

/** PAYOFF_EVIDENCE for the ledger's payoff figure of the loan today. */
export async function payoffEvidenceOf(
  app: FastifyInstance,
  agent: TAgent,
  loanUuid: string,
  overrides: object = {},
): Promise<{ method: string; reference: string; amount: number; paidOn: string }> {
  return {
    ...PAYOFF_EVIDENCE,
    amount: await ledgerPayoffAmount(app, agent, loanUuid),
    ...overrides,
  };
}

export const controlledActionPath = (proposalId: string, decision: 'approve' | 'reject') =>
  `${OPS}/controlled-actions/${proposalId}/${decision}`;

/**
 * A controlled action (packages/domain controlled-actions.ts) under maker–checker: the maker
 * proposes it (202, a PENDING proposal; any other answer is returned as it is, so that a refusal's
 * status and message can be checked), then the checker approves it (200) and the approved proposal
 * is answered. Nothing happens before the approval.
 */
export async function proposeAndApproveControlled(
  app: FastifyInstance,
  input: {
    method?: 'POST';
    url: string;
    maker: TAgent;
    checker: TAgent;
    payload?: object | string;
    headers?: Record<string, string>;
    contentType?: string;
  },
): Promise<
  | { approved: true; proposal: TControlledAction; response: LightMyRequestResponse }
  | { approved: false; response: LightMyRequestResponse }
> {
  const proposed = await app.inject({
    method: input.method ?? 'POST',
    url: input.url,
    headers: {
      ...bearer(input.maker.token),
      ...(input.contentType !== undefined ? { 'content-type': input.contentType } : {}),
      ...input.headers,
    },
    ...(input.payload !== undefined
      ? { payload: input.payload as Record<string, unknown> | string }
      : {}),
  });
  if (proposed.statusCode !== 202) return { approved: false, response: proposed };
  const pending = proposed.json() as TControlledAction;
  expect(pending.status).toBe('PENDING');
  const decided = await opsCall(
    app,
    'POST',
    controlledActionPath(pending.id, 'approve'),
    input.checker.token,
  );
  const proposal = expectJson(decided, 200) as TControlledAction;
  expect(proposal).toMatchObject({ id: pending.id, status: 'APPROVED' });
  return { approved: true, proposal, response: decided };
}

/** The checker's approval of a proposal, as answered (twice at once when a race is tested). */
export function approveProposal(app: FastifyInstance, checker: TAgent, proposalId: string) {
  return opsCall(app, 'POST', controlledActionPath(proposalId, 'approve'), checker.token);
}

/**
 * The checker approves what the maker's answer proposed (202, a PENDING `action`): the approved
 * proposal. Nothing happened before the approval; it happens now.
 */
export async function approveProposed(
  app: FastifyInstance,
  checker: TAgent,
  proposed: LightMyRequestResponse,
  action: TControlledAction['action'],
): Promise<TControlledAction> {
  expect(proposed.statusCode, proposed.body).toBe(202);
  const pending = proposed.json() as TControlledAction;
  expect(pending).toMatchObject({ action, status: 'PENDING' });
  const response = await approveProposal(app, checker, pending.id);
  expect(response.statusCode, response.body).toBe(200);
  const approved = response.json() as TControlledAction;
  expect(approved).toMatchObject({ id: pending.id, status: 'APPROVED' });
  return approved;
}

/** proposeAndApproveControlled that must succeed: the approved proposal. */
export async function approvedControlled(
  app: FastifyInstance,
  input: Parameters<typeof proposeAndApproveControlled>[1],
): Promise<TControlledAction> {
  const result = await proposeAndApproveControlled(app, input);
  if (!result.approved) {
    expect(result.response.statusCode, result.response.body).toBe(202);
    throw new Error('unreachable');
  }
  return result.proposal;
}

/** The pending proposal of a kind in a detail answer. */
export function pendingProposalOf(
  detail: { proposals: readonly { id: string; kind: string; status: string }[] },
  kind: 'RELEASE_FUNDS' | 'RECORD_PAYOFF',
): string {
  const proposal = detail.proposals.find((row) => row.kind === kind && row.status === 'PENDING');
  if (proposal === undefined) throw new Error(`No pending ${kind} proposal`);
  return proposal.id;
}

/** One agent proposes, the other approves: the two steps a release or a payoff takes now. */
export async function proposeAndApprove(
  app: FastifyInstance,
  input: {
    appUuid: string;
    kind: 'RELEASE_FUNDS' | 'RECORD_PAYOFF';
    maker: TAgent;
    checker: TAgent;
    evidence?: object;
  },
): Promise<LightMyRequestResponse> {
  const isRelease = input.kind === 'RELEASE_FUNDS';
  const proposed = await opsCall(
    app,
    'POST',
    opsPath(`/${input.appUuid}/${isRelease ? 'release-funds' : 'payoff'}/proposals`),
    input.maker.token,
    input.evidence ??
      (isRelease ? RELEASE_EVIDENCE : await payoffEvidenceOf(app, input.maker, input.appUuid)),
  );
  const detail = expectJson(proposed, 200) as Parameters<typeof pendingProposalOf>[0];
  const proposalId = pendingProposalOf(detail, input.kind);
  return decideProposal(app, input.checker, input.appUuid, proposalId, 'approve');
}

/** An agent's decision on a proposal of the application (a rejection with its reason). */
export function decideProposal(
  app: FastifyInstance,
  agent: TAgent,
  appUuid: string,
  proposalId: string,
  verb: 'approve' | 'reject',
  body?: object,
): Promise<LightMyRequestResponse> {
  return opsCall(
    app,
    'POST',
    opsPath(`/${appUuid}/proposals/${proposalId}/${verb}`),
    agent.token,
    body,
  );
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

export const PROFILE_URL = '/service-profile/api/v1/profile';

/** The borrower's profile with this name (the holder-name check compares with it). */
export async function putProfileName(
  app: FastifyInstance,
  token: string,
  name: { firstName: string; lastName: string },
): Promise<void> {
  const response = await app.inject({
    method: 'PUT',
    url: PROFILE_URL,
    headers: bearer(token),
    payload: {
      name: { ...name, suffix: null },
      dob: '1985-12-10',
      addresses: [OHIO_HOME],
      phoneNumbers: [{ number: '+16145550100' }],
      email: 'borrower@example.com',
      countryOfDomicile: 'US',
      consents: [],
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The borrower Ada's own bank account: its holder is named as she is. */
export const HOLDER_ADA = MANUAL_BANK;

/** The borrower uploads an ID picture (POST …/identity-documents); abroad it must be a passport. */
export function uploadId(
  app: FastifyInstance,
  borrower: { token: string; identityUuid: string },
  appUuid: string,
  documentType: 'DRIVERS_LICENSE_FRONT' | 'PASSPORT_FRONT' = 'DRIVERS_LICENSE_FRONT',
): Promise<LightMyRequestResponse> {
  const body = multipart([
    { name: 'documentOwnerIdentityUuid', value: borrower.identityUuid },
    { name: 'documentType', value: documentType },
    { name: 'fileName', value: 'licence.png' },
    { name: 'document', value: PNG_BYTES, fileName: 'licence.png', contentType: 'image/png' },
  ]);
  return app.inject({
    method: 'POST',
    url: appPath(appUuid, '/identity-documents'),
    headers: { ...bearer(borrower.token), ...body.headers },
    payload: body.payload,
  });
}

/** Agents signed in once per test app to approve IDs (a sign-in per loan would meet its limit). */
const idReviewers = new WeakMap<TApplicationsTestContext, Map<string, Promise<TAgent>>>();

function idReviewer(ctx: TApplicationsTestContext, borrowerUuid: string): Promise<TAgent> {
  const signedIn = idReviewers.get(ctx) ?? new Map<string, Promise<TAgent>>();
  idReviewers.set(ctx, signedIn);
  const reviewerOf = (email: string) => {
    const agent = signedIn.get(email) ?? signInAgent(ctx, email);
    signedIn.set(email, agent);
    return agent;
  };
  // Never the borrower's own agent sign-in: an agent does not review their own ID.
  return reviewerOf(SANDBOX_SECOND_AGENT_EMAIL).then((agent) =>
    agent.identityUuid === borrowerUuid ? reviewerOf(SANDBOX_AGENT_EMAIL) : agent,
  );
}

/** The borrower uploads an ID and a sandbox agent approves it: funds go out only after that. */
export async function uploadApprovedId(
  ctx: TApplicationsTestContext,
  borrower: { token: string; identityUuid: string },
  appUuid: string,
  documentType?: 'DRIVERS_LICENSE_FRONT' | 'PASSPORT_FRONT',
): Promise<void> {
  const uploaded = await uploadId(ctx.app, borrower, appUuid, documentType);
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const agent = await idReviewer(ctx, borrower.identityUuid);
  const approved = await opsCall(
    ctx.app,
    'POST',
    opsPath(`/${appUuid}/identity/approve`),
    agent.token,
  );
  expect(approved.statusCode, approved.body).toBe(200);
}

/**
 * A domestic application signed, with a typed-in bank account and its full collateral confirmed
 * on the sandbox chain: MANUAL_FUNDING_RELEASE, every funding requirement recorded for real (the ID
 * uploaded and approved unless `withoutId`). With `profileName`, the borrower's profile carries that
 * name before the account is given.
 */
export async function awaitingRelease(
  ctx: TApplicationsTestContext,
  options: {
    borrower?: { token: string; identityUuid: string; email: string };
    profileName?: { firstName: string; lastName: string };
    bank?: object;
    withoutId?: boolean;
  } = {},
) {
  const borrower = options.borrower ?? (await newBorrower(ctx.app));
  if (options.profileName !== undefined) {
    await putProfileName(ctx.app, borrower.token, options.profileName);
  }
  const accepted = await acceptedApplication(ctx.app, borrower.token);
  const appUuid = accepted.appUuid;
  await advance(ctx, appUuid, [...TO_SIGN_DOCS, 'ALL_DOCUMENTS_SIGNED']);
  const bank = await saveManualBank(ctx.app, borrower.token, appUuid, options.bank);
  expect(bank.statusCode, bank.body).toBe(200);
  const calculated = await ctx.app.inject({
    method: 'POST',
    url: appPath(appUuid, '/collateral/calculate'),
    headers: bearer(borrower.token),
  });
  expect(calculated.statusCode, calculated.body).toBe(200);
  const info = calculated.json() as TCollateralInfo;
  await sendCoins(
    ctx.app,
    info.wallet?.depositAddress ?? '',
    info.requiredCoinAmount?.coinQuantity ?? '',
  );
  if (options.withoutId !== true) await uploadApprovedId(ctx, borrower, appUuid);
  return { ...borrower, appUuid };
}
