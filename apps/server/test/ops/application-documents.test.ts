/**
 * The agent console's detail shows the disclosures with their signatures and names the state
 * machine's events in the audit trail; no ops route answers a borrower, even about their own
 * application.
 */
import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildPath,
  endpoints,
  OPS,
  type TDocument,
  type TEndpoint,
  type TOpsApplicationDetail,
} from '@pledge/contract';
import { appPath, bearer, borrowerAfterCreditCheck } from '../applications/helpers.js';
import { ACME } from '../helpers/brand-draft.js';
import { expectJson, opsCall, opsPath, useAgentContext, opsApplicationOf } from './helpers.js';

const { ctx, agent } = useAgentContext();

/** A borrower whose application went through the real details step: it waits for signatures. */
const signingApplication = () => borrowerAfterCreditCheck(ctx);

const detail = (appUuid: string) => opsApplicationOf(ctx.app, agent, appUuid);

describe('GET an application: documents and signatures', () => {
  it('lists the disclosures in signing order, each signed one with time, IP, user agent and hash', async () => {
    const borrower = await signingApplication();
    const docsPath = appPath(borrower.appUuid, `/borrowers/${borrower.identityUuid}/documents`);
    const before = await detail(borrower.appUuid);
    expect(before.documents.length).toBeGreaterThan(1);
    expect(before.documents.map((document) => document.position)).toEqual(
      before.documents.map((_, index) => index + 1),
    );
    expect(before.documents.every((document) => document.signature === null)).toBe(true);

    const listed = await ctx.app.inject({
      method: 'GET',
      url: docsPath,
      headers: bearer(borrower.token),
    });
    const [first] = listed.json() as TDocument[];
    if (first === undefined) throw new Error('No disclosure to sign');
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `${docsPath}/${first.uuid}`,
      headers: bearer(borrower.token),
    });
    expect(pdf.statusCode).toBe(200);
    const signed = await ctx.app.inject({
      method: 'POST',
      url: `${docsPath}/${first.uuid}/sign`,
      headers: { ...bearer(borrower.token), 'user-agent': 'OpsDetailTest/2.0' },
    });
    expect(signed.statusCode).toBe(200);

    const after = await detail(borrower.appUuid);
    const [signedDocument, ...others] = after.documents;
    const sha256 = createHash('sha256').update(pdf.rawPayload).digest('hex');
    expect(signedDocument).toMatchObject({
      uuid: first.uuid,
      name: first.name,
      type: first.type,
      sha256,
      signature: {
        ipAddress: '127.0.0.1',
        userAgent: 'OpsDetailTest/2.0',
        documentSha256: sha256,
      },
    });
    expect(Date.parse(signedDocument?.signature?.signedAt ?? '')).not.toBeNaN();
    expect(others.every((document) => document.signature === null)).toBe(true);
  });

  it('names the event of each state change in the audit trail', async () => {
    const borrower = await signingApplication();
    const cancelled = expectJson(
      await opsCall(ctx.app, 'POST', opsPath(`/${borrower.appUuid}/cancel`), agent.token, {
        reason: 'Asked by the borrower',
      }),
      200,
    ) as TOpsApplicationDetail;
    expect(cancelled.auditEvents[0]).toMatchObject({
      fromState: 'SIGN_DOCS',
      toState: 'CANCELLED',
      event: 'AGENT_CANCEL',
      reason: 'Asked by the borrower',
    });
    const events = cancelled.auditEvents.map((event) => event.event);
    expect(events).toEqual(
      expect.arrayContaining(['DETAILS_SUBMITTED', 'CREDIT_APPROVED', 'DISCLOSURES_GENERATED']),
    );
    expect(cancelled.auditEvents.at(-1)).toMatchObject({ toState: 'CREATED', event: null });
  });
});

describe('every ops route', () => {
  const opsEndpoints = Object.entries(endpoints as Record<string, TEndpoint>).filter(
    ([, endpoint]) => endpoint.path.startsWith(OPS),
  );

  it('covers the console calls', () => {
    expect(opsEndpoints.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'getOpsApplications',
        'getOpsApplication',
        'getOpsIdentityDocument',
        'postOpsApproveIdentity',
        'postOpsRejectIdentity',
        'postOpsProposeReleaseFunds',
        'postOpsProposePayoff',
        'postOpsApproveProposal',
        'postOpsRejectProposal',
        'postOpsApproveHolderName',
        'postOpsRejectHolderName',
        'postOpsCancelApplication',
        'postOpsDeclineApplication',
        'getOpsAgents',
        'postOpsDeactivateAgent',
        'getOpsBanners',
        'getOpsFlags',
        'putOpsFlag',
      ]),
    );
  });

  /** A body every console call accepts (unknown keys are dropped), so no 400 comes before the 401. */
  const validBody = {
    reason: 'Not an agent',
    message: 'Maintenance tonight',
    apps: ['crypto-backed-loan'],
    variant: 'info',
    active: true,
    dismissable: true,
    enabled: true,
    description: 'A test flag',
    rolloutPct: 100,
    organizationOverrides: {},
    method: 'WIRE',
    reference: 'REF-1',
    amount: 100,
    paidOn: '2025-01-02',
    email: 'someone@example.com',
    amountCents: 10_000,
    receivedOn: '2025-01-02',
    borrowerEmail: 'someone@example.com',
    sentOn: '2025-01-02',
    coinQuantitySold: '0.5',
    priceCents: 6_000_000,
    venue: 'Desk',
    executedAt: '2025-01-02T10:00:00Z',
    transactionHash: '0x' + 'ab'.repeat(32),
    // A brand draft.
    ...ACME,
    // A partner webhook endpoint or API key.
    brand: 'default',
    url: 'https://hooks.acmecredit.test/events',
    label: 'CRM',
    scopes: ['loans:read'],
  };

  it('answers 401 to a borrower, even about their own application, and without a token', async () => {
    const borrower = await signingApplication();
    const params = {
      appUuid: borrower.appUuid,
      docUuid: randomUUID(),
      bannerUuid: randomUUID(),
      proposalId: randomUUID(),
      flagKey: 'ops-test-flag',
      loanUuid: randomUUID(),
      paymentUuid: randomUUID(),
      payoffUuid: randomUUID(),
      outboxId: randomUUID(),
      loanId: '100001',
      liquidationUuid: randomUUID(),
      jobId: '1',
      orgCode: 'default',
      version: '1',
      endpointId: randomUUID(),
    };
    for (const [name, endpoint] of opsEndpoints) {
      const url = buildPath(endpoint.path, params);
      if (endpoint.body !== undefined)
        expect(endpoint.body.safeParse(validBody).error?.issues, name).toBeUndefined();
      for (const headers of [bearer(borrower.token), {}]) {
        const response = await ctx.app.inject({
          method: endpoint.method,
          url,
          headers,
          ...(endpoint.method === 'GET' || endpoint.method === 'DELETE'
            ? {}
            : { payload: validBody }),
        });
        expect(response.statusCode, `${name} ${endpoint.method} ${url}`).toBe(401);
        expect(response.body).not.toContain(borrower.email);
      }
    }
    expect((await detail(borrower.appUuid)).application.state).toBe('SIGN_DOCS');
  });
});
