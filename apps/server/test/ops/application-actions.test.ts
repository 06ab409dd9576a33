import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TIdentityDocument, TOpsApplicationDetail } from '@pledge/contract';
import { createAdapters } from '../../src/adapters/index.js';
import { createLocalStorage } from '../../src/adapters/storage/local.js';
import {
  acceptedApplication,
  appPath,
  bearer,
  createApplicationsTestContext,
  newBorrower,
  borrowerAfterCreditCheck,
  useApplicationsTestContext,
} from '../applications/helpers.js';
import { MANUAL_BANK } from '../disbursement/helpers.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { JPEG_BYTES, multipart } from '../documents/helpers.js';
import {
  advance,
  awaitingRelease,
  expectJson,
  opsCall,
  opsPath,
  proposeAndApprove,
  RELEASE_EVIDENCE,
  signInAgent,
  signInSecondAgent,
  TO_SIGN_DOCS,
  type TAgent,
  opsApplicationOf,
} from './helpers.js';
import { auditEventsOf } from '../helpers/audit-events.js';

const storageDir = useTempDir('ops-applications-test');
const ctx = useApplicationsTestContext(() =>
  createApplicationsTestContext({
    adapters: (database) => ({
      ...createAdapters({ config: { sandbox: true }, db: database.db }),
      storage: createLocalStorage(storageDir()),
    }),
  }),
);
let agent: TAgent;
let checker: TAgent;

beforeAll(async () => {
  agent = await signInAgent(ctx);
  checker = await signInSecondAgent(ctx);
});

/** A borrower whose application went through the real details step: it waits for signatures. */
const signingApplication = () => borrowerAfterCreditCheck(ctx);

/** An accepted offer moved through the state machine to SIGN_DOCS (no profile on file). */
async function quickSigningApplication() {
  const borrower = await newBorrower(ctx.app);
  const accepted = await acceptedApplication(ctx.app, borrower.token);
  await advance(ctx, accepted.appUuid, TO_SIGN_DOCS);
  return { ...borrower, appUuid: accepted.appUuid };
}

async function uploadId(token: string, identityUuid: string, appUuid: string, marker: string) {
  const body = multipart([
    { name: 'documentOwnerIdentityUuid', value: identityUuid },
    { name: 'documentType', value: 'DRIVERS_LICENSE_FRONT' },
    { name: 'fileName', value: 'Führerschein "vorne".jpg' },
    {
      name: 'document',
      value: Buffer.concat([JPEG_BYTES, Buffer.from(marker)]),
      fileName: 'license.jpg',
      contentType: 'image/jpeg',
    },
  ]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: appPath(appUuid, '/identity-documents'),
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  return expectJson(response, 201) as TIdentityDocument;
}

const detail = (appUuid: string) => opsApplicationOf(ctx.app, agent, appUuid);

const auditOf = (appUuid: string) =>
  auditEventsOf(ctx.database.db, appUuid, { entityType: 'application' });

const identityStep = (view: TOpsApplicationDetail) =>
  view.finalSteps.items.find((item) => item.name === 'Verify Identity')?.status;

describe('GET an application', () => {
  it('shows the borrower, the checklist, the payout masked and the audit trail newest first', async () => {
    const borrower = await signingApplication();
    const manualBank = await ctx.app.inject({
      method: 'POST',
      url: appPath(borrower.appUuid, '/disbursement/manual-bank'),
      headers: bearer(borrower.token),
      payload: MANUAL_BANK,
    });
    expect(manualBank.statusCode).toBe(200);

    const response = await opsCall(ctx.app, 'GET', opsPath(`/${borrower.appUuid}`), agent.token);
    const view = expectJson(response, 200) as TOpsApplicationDetail;
    expect(view.application).toMatchObject({ appUuid: borrower.appUuid, state: 'SIGN_DOCS' });
    expect(view.application.selectedOffer).not.toBeNull();
    expect(view.borrower).toMatchObject({
      identityUuid: borrower.identityUuid,
      email: borrower.email,
      name: 'Ada Lovelace',
      ssnMask: '***-**-6789',
    });
    expect(view.borrower.homeAddress).toContain('Columbus');
    expect(view.disbursement).toMatchObject({ method: 'MANUAL_BANK', accountNumberMask: '6789' });
    expect(response.body).not.toContain(MANUAL_BANK.accountNumber);
    expect(response.body).not.toContain('123-45-6789');
    expect(view.finalSteps.items.map((item) => item.name)).toContain('Disbursement Account');

    const times = view.auditEvents.map((event) => Date.parse(event.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(view.auditEvents.at(-1)).toMatchObject({ fromState: null, toState: 'CREATED' });
    expect(view.auditEvents.map((event) => event.reason)).toContain('disbursement account given');
  });

  it('answers 404 for an unknown application and 400 for a malformed id', async () => {
    const unknown = await opsCall(ctx.app, 'GET', opsPath(`/${randomUUID()}`), agent.token);
    expect(unknown.statusCode).toBe(404);
    const malformed = await opsCall(ctx.app, 'GET', opsPath('/not-a-uuid'), agent.token);
    const body = expectJson(malformed, 400) as { fieldErrors?: Record<string, string[]> };
    expect(Object.keys(body.fieldErrors ?? {})).toContain('appUuid');
  });
});

describe('identity review', () => {
  it('serves the uploaded file to agents only, and approves the ID once', async () => {
    const borrower = await quickSigningApplication();
    const document = await uploadId(
      borrower.token,
      borrower.identityUuid,
      borrower.appUuid,
      'approve-me',
    );
    const fileUrl = opsPath(`/${borrower.appUuid}/identity-documents/${document.uuid}`);

    const file = await opsCall(ctx.app, 'GET', fileUrl, agent.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    // The server's name for the file, never the borrower's; only the re-encoded picture is kept.
    expect(file.headers['content-disposition']).toContain(
      `filename="identity-document-${document.uuid}.jpg"`,
    );
    expect(file.rawPayload.subarray(0, 3).equals(JPEG_BYTES.subarray(0, 3))).toBe(true);
    expect(file.rawPayload.includes(Buffer.from('approve-me'))).toBe(false);
    expect((await opsCall(ctx.app, 'GET', fileUrl, borrower.token)).statusCode).toBe(401);
    expect((await opsCall(ctx.app, 'GET', fileUrl, null)).statusCode).toBe(401);
    const otherDocument = opsPath(`/${borrower.appUuid}/identity-documents/${randomUUID()}`);
    expect((await opsCall(ctx.app, 'GET', otherDocument, agent.token)).statusCode).toBe(404);

    const approveUrl = opsPath(`/${borrower.appUuid}/identity/approve`);
    const approved = expectJson(
      await opsCall(ctx.app, 'POST', approveUrl, agent.token),
      200,
    ) as TOpsApplicationDetail;
    expect(approved.identityDocuments.map((upload) => upload.reviewStatus)).toEqual(['APPROVED']);
    expect(identityStep(approved)).toBe('COMPLETED');
    expect(approved.auditEvents[0]).toMatchObject({
      actor: `agent:${agent.identityUuid}`,
      reason: 'ID approved',
    });

    const before = (await auditOf(borrower.appUuid)).length;
    const again = await opsCall(ctx.app, 'POST', approveUrl, agent.token);
    expect(again.statusCode).toBe(200);
    expect((await auditOf(borrower.appUuid)).length).toBe(before);
  });

  it('rejects an ID with a reason the borrower sees, and refuses when nothing waits', async () => {
    const borrower = await quickSigningApplication();
    const rejectUrl = opsPath(`/${borrower.appUuid}/identity/reject`);
    const nothing = await opsCall(ctx.app, 'POST', rejectUrl, agent.token, { reason: 'Blurry' });
    expect(expectJson(nothing, 409)).toMatchObject({ code: 'NO_ID_TO_REVIEW' });

    await uploadId(borrower.token, borrower.identityUuid, borrower.appUuid, 'reject-me');
    for (const payload of [{}, { reason: '   ' }]) {
      const refused = await opsCall(ctx.app, 'POST', rejectUrl, agent.token, payload);
      const body = expectJson(refused, 400) as { fieldErrors?: Record<string, string[]> };
      expect(Object.keys(body.fieldErrors ?? {})).toContain('reason');
    }
    const rejected = expectJson(
      await opsCall(ctx.app, 'POST', rejectUrl, agent.token, {
        reason: 'The picture is too blurry',
      }),
      200,
    ) as TOpsApplicationDetail;
    expect(rejected.identityDocuments[0]).toMatchObject({
      reviewStatus: 'REJECTED',
      reviewReason: 'The picture is too blurry',
    });
    expect(identityStep(rejected)).toBe('NOT_STARTED');
    expect(rejected.auditEvents[0]?.reason).toBe('ID rejected: The picture is too blurry');

    const approveUrl = opsPath(`/${borrower.appUuid}/identity/approve`);
    const approveNothing = await opsCall(ctx.app, 'POST', approveUrl, agent.token);
    expect(approveNothing.statusCode).toBe(409);
  });
});

describe('release funds', () => {
  it('completes the loan once a second agent approves, with one audit event', async () => {
    const borrower = await awaitingRelease(ctx);
    expect((await detail(borrower.appUuid)).application.state).toBe('MANUAL_FUNDING_RELEASE');
    const approved = await proposeAndApprove(ctx.app, {
      appUuid: borrower.appUuid,
      kind: 'RELEASE_FUNDS',
      maker: agent,
      checker,
    });
    expect((expectJson(approved, 200) as TOpsApplicationDetail).application.state).toBe('COMPLETE');
    const completions = (await auditOf(borrower.appUuid)).filter(
      (event) => event.toState === 'COMPLETE',
    );
    expect(completions).toHaveLength(1);
    expect(completions[0]).toMatchObject({
      actor: `agent:${checker.identityUuid}`,
      fromState: 'MANUAL_FUNDING_RELEASE',
    });
    expect(completions[0]?.reason).toContain(RELEASE_EVIDENCE.reference);
    const loans = await ctx.app.inject({
      method: 'GET',
      url: '/provenance/borrower/servicing/v2/loanStatus',
      headers: bearer(borrower.token),
    });
    expect(loans.statusCode).toBe(200);
    expect(loans.body).toContain(borrower.appUuid);
  });

  it('refuses to propose a release for an application that does not await release', async () => {
    const borrower = await quickSigningApplication();
    const answer = await opsCall(
      ctx.app,
      'POST',
      opsPath(`/${borrower.appUuid}/release-funds/proposals`),
      agent.token,
      RELEASE_EVIDENCE,
    );
    expect(expectJson(answer, 409)).toMatchObject({ code: 'CANNOT_RELEASE_FUNDS' });
    expect((await detail(borrower.appUuid)).application.state).toBe('SIGN_DOCS');
    expect((await detail(borrower.appUuid)).proposals).toEqual([]);
  });

  it('has no single-step release any more', async () => {
    const borrower = await awaitingRelease(ctx);
    const answer = await opsCall(
      ctx.app,
      'POST',
      opsPath(`/${borrower.appUuid}/release-funds`),
      agent.token,
    );
    expect(answer.statusCode).toBe(404);
    expect((await detail(borrower.appUuid)).application.state).toBe('MANUAL_FUNDING_RELEASE');
  });
});

describe('cancel and decline', () => {
  it.each([
    ['cancel', 'CANCELLED', 'CANNOT_CANCEL'],
    ['decline', 'DECLINED', 'CANNOT_DECLINE'],
  ] as const)('%s records the reason, then refuses a second time', async (action, state, code) => {
    const borrower = await quickSigningApplication();
    const url = opsPath(`/${borrower.appUuid}/${action}`);
    const missing = await opsCall(ctx.app, 'POST', url, agent.token, {});
    const body = expectJson(missing, 400) as { fieldErrors?: Record<string, string[]> };
    expect(body.fieldErrors?.reason).toBeDefined();

    const done = expectJson(
      await opsCall(ctx.app, 'POST', url, agent.token, { reason: 'Requested by the borrower' }),
      200,
    ) as TOpsApplicationDetail;
    expect(done.application.state).toBe(state);
    expect(done.auditEvents[0]).toMatchObject({
      actor: `agent:${agent.identityUuid}`,
      fromState: 'SIGN_DOCS',
      toState: state,
      reason: 'Requested by the borrower',
    });

    const again = await opsCall(ctx.app, 'POST', url, agent.token, { reason: 'Once more' });
    const refusal = expectJson(again, 409) as { code: string; message: string };
    expect(refusal.code).toBe(code);
    expect(refusal.message).toContain(state);
  });

  it('refuses to decline an application before its details are given', async () => {
    const borrower = await newBorrower(ctx.app);
    const accepted = await acceptedApplication(ctx.app, borrower.token);
    const url = opsPath(`/${accepted.appUuid}/decline`);
    const answer = await opsCall(ctx.app, 'POST', url, agent.token, { reason: 'Fraud' });
    expect(expectJson(answer, 409)).toMatchObject({ code: 'CANNOT_DECLINE' });
  });
});

describe('every action', () => {
  const actions = [
    ['identity/approve', undefined],
    ['identity/reject', { reason: 'Blurry' }],
    ['release-funds/proposals', RELEASE_EVIDENCE],
    ['payoff/proposals', { method: 'ACH', reference: 'R-1', amount: 10, paidOn: '2025-01-02' }],
    [`proposals/${randomUUID()}/approve`, undefined],
    [`proposals/${randomUUID()}/reject`, { reason: 'Wrong amount' }],
    ['holder-name-review/approve', undefined],
    ['holder-name-review/reject', { reason: 'Not the borrower' }],
    ['cancel', { reason: 'Requested' }],
    ['decline', { reason: 'Requested' }],
  ] as const;

  // One application for every action: each is refused, so none changes it.
  let shared: Awaited<ReturnType<typeof quickSigningApplication>> | undefined;
  it.each(actions)('%s: 401 without a token or with a borrower token', async (action, payload) => {
    shared ??= await quickSigningApplication();
    const borrower = shared;
    const url = opsPath(`/${borrower.appUuid}/${action}`);
    expect((await opsCall(ctx.app, 'POST', url, null, payload)).statusCode).toBe(401);
    expect((await opsCall(ctx.app, 'POST', url, borrower.token, payload)).statusCode).toBe(401);
    expect((await detail(borrower.appUuid)).application.state).toBe('SIGN_DOCS');
  });

  it.each(actions)('%s: 404 for an unknown application', async (action, payload) => {
    const url = opsPath(`/${randomUUID()}/${action}`);
    const answer = await opsCall(ctx.app, 'POST', url, agent.token, payload);
    expect(expectJson(answer, 404)).toMatchObject({ code: 'NOT_FOUND' });
  });
});
