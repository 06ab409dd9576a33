import { beforeAll, describe, expect, it } from 'vitest';
import type { TRefinancingApplication, TSignDocumentResult, TDocument } from '@pledge/contract';
import { and, eq } from 'drizzle-orm';
import { auditEvents, documentSignatures, disclosureDocuments } from '../../src/db/schema/index.js';
import { cancelExpiredRefis } from '../../src/services/refi/complete-refi.js';
import { newBorrower, useApplicationsTestContext } from '../applications/helpers.js';
import { approvedControlled, signInAgent, signInSecondAgent, type TAgent } from '../ops/helpers.js';
import {
  call,
  CUSTODY_ONLY,
  lookUp,
  lookUpOne,
  offerOf,
  OPS,
  OWNERSHIP_TRANSFER,
  REFI,
  refiAppUrl as appUrl,
  type TBorrower,
  topUpEstimateOf,
} from './helpers.js';
import { auditEventsOf } from '../helpers/audit-events.js';
import { applicationStateOf } from '../helpers/application-state.js';
import { sendCoins } from '../helpers/sandbox-chain.js';
import { advanceClockHours } from '../servicing/helpers.js';

describe('refinancing a defunct lender’s loans (R/ calls)', () => {
  const ctx = useApplicationsTestContext();
  let borrower: TBorrower;
  let other: TBorrower;
  let agent: TAgent;
  /** The second agent, who approves what the first proposes. */
  let checker: TAgent;

  beforeAll(async () => {
    borrower = await newBorrower(ctx.app);
    other = await newBorrower(ctx.app);
    agent = await signInAgent(ctx);
    checker = await signInSecondAgent(ctx);
  });

  const app = () => ctx.app;
  /** A borrower's call on one of their refinancing applications. */
  const post = (token: string | null, appUuid: string, suffix: string, payload?: object) =>
    call(app(), 'POST', appUrl(appUuid, suffix), token, payload);
  const get = (token: string | null, appUuid: string, suffix: string) =>
    call(app(), 'GET', appUrl(appUuid, suffix), token);
  /** A new borrower's refinancing of the tape loan `loanId`, and its offer with this consent. */
  async function refiOffer(loanId: string, consent: string) {
    const me = await newBorrower(app());
    const application = await lookUpOne(app(), me.token, loanId);
    return { me, application, offer: offerOf(application, consent) };
  }

  it('answers 401 without a token on every R/ route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: ['GET' | 'POST', string][] = [
      ['POST', `${REFI}/applications/create-celsius`],
      ['GET', `${REFI}/borrower/${id}/celsius-application`],
      ['POST', appUrl(id, '/select-offer')],
      ['POST', appUrl(id, '/stabilization')],
      ['GET', appUrl(id, `/borrowers/${id}/documents/unsigned`)],
      ['GET', `${REFI}/download-document/${id}`],
      ['POST', `${REFI}/sign-document/${id}`],
      ['POST', appUrl(id, '/celsius-collateral/calculate')],
      ['POST', appUrl(id, '/collateral/celsius-refi-borrower-confirmation')],
    ];
    for (const [method, url] of routes) {
      const response = await call(app(), method, url, null, method === 'POST' ? {} : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses bad input with field messages', async () => {
    const empty = await call(app(), 'POST', `${REFI}/applications/create-celsius`, borrower.token, {
      celsiusLoanId: '  ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.celsiusLoanId).toContain('Please enter a Celsius Loan ID');
    const application = await lookUpOne(app(), borrower.token, '100003');
    const noRate = await post(borrower.token, application.appUuid, '/select-offer', {
      offerUuid: 'nope',
    });
    expect(noRate.statusCode).toBe(400);
    expect(noRate.json().fieldErrors.offerUuid).toContain('Please select a rate');
    const notOffered = await post(borrower.token, application.appUuid, '/select-offer', {
      offerUuid: '00000000-0000-4000-8000-000000000001',
    });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().fieldErrors.offerUuid).toBeDefined();
    const badOptIn = await post(borrower.token, application.appUuid, '/stabilization', {
      optIn: 'yes',
    });
    expect(badOptIn.statusCode).toBe(400);
    expect(badOptIn.json().fieldErrors.optIn).toBeDefined();
  });

  it('answers each sandbox loan id as DESIGN §3 pins it', async () => {
    const first = await lookUpOne(app(), borrower.token, '100001');
    expect(first.celsiusLoanNumbers).toEqual(['100001']);
    expect(first.state).toBe('CREATED');
    expect(first.offers).toHaveLength(1);
    expect(first.offers[0]).toMatchObject({
      ltv: 40,
      celsiusTopUpRequired: false,
      collateralReuseConsent: CUSTODY_ONLY,
      interestRate: 14,
      amount: 24000,
    });

    const eth = await lookUpOne(app(), borrower.token, '100002');
    expect(eth.offers).toHaveLength(2);
    expect(offerOf(eth, OWNERSHIP_TRANSFER)).toMatchObject({
      ltv: 62,
      celsiusTopUpRequired: false,
      interestRate: 13,
    });
    expect(offerOf(eth, CUSTODY_ONLY)).toMatchObject({
      ltv: 62,
      celsiusTopUpRequired: true,
      postTopUpLoanToValue: 55,
      interestRate: 14,
    });

    const btc68 = await lookUpOne(app(), borrower.token, '100003');
    expect(offerOf(btc68, OWNERSHIP_TRANSFER).ltv).toBe(68);

    const reasons = async (id: string) => (await lookUp(app(), borrower.token, id)).ineligibleLoans;
    expect(await reasons('100004')).toEqual([
      expect.objectContaining({ celsiusLoanId: '100004', reasons: ['BELOW_MINIMUM_LOAN_AMOUNT'] }),
    ]);
    expect(await reasons('100005')).toEqual([
      expect.objectContaining({ reasons: ['NO_VALID_PASSPORT'] }),
    ]);
    expect(await reasons('100006')).toEqual([
      expect.objectContaining({ reasons: ['JURISDICTION_NOT_SERVED'] }),
    ]);
    const unknown = await call(
      app(),
      'POST',
      `${REFI}/applications/create-celsius`,
      borrower.token,
      {
        celsiusLoanId: '999999',
      },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('We could not find a Celsius loan with this ID');
  });

  it('makes one application however often (and however fast) the lookup repeats', async () => {
    const fresh = await newBorrower(app());
    const answers = await Promise.all([
      lookUp(app(), fresh.token, '100001'),
      lookUp(app(), fresh.token, '100001'),
      lookUp(app(), fresh.token, '100001'),
    ]);
    const uuids = new Set(answers.flatMap((answer) => answer.applications.map((a) => a.appUuid)));
    expect(uuids.size).toBe(1);
    const list = await call(
      app(),
      'GET',
      `${REFI}/borrower/${fresh.identityUuid}/celsius-application`,
      fresh.token,
    );
    expect(list.statusCode).toBe(200);
    expect((list.json() as TRefinancingApplication[]).map((a) => a.appUuid)).toEqual([...uuids]);
  });

  it('answers 404 for another borrower’s identity, application and documents', async () => {
    const mine = await lookUpOne(app(), borrower.token, '100001');
    const list = await call(
      app(),
      'GET',
      `${REFI}/borrower/${borrower.identityUuid}/celsius-application`,
      other.token,
    );
    expect(list.statusCode).toBe(404);
    const offerUuid = mine.offers[0]?.uuid ?? mine.selectedOffer?.uuid;
    for (const [method, suffix, payload] of [
      ['POST', '/select-offer', { offerUuid }],
      ['POST', '/stabilization', { optIn: false }],
      ['POST', '/celsius-collateral/calculate', { offerUuid }],
      ['POST', '/collateral/celsius-refi-borrower-confirmation', { offerUuid }],
    ] as const) {
      const response = await call(
        app(),
        method,
        appUrl(mine.appUuid, suffix),
        other.token,
        payload,
      );
      expect(response.statusCode, suffix).toBe(404);
    }
    const docs = await get(
      other.token,
      mine.appUuid,
      `/borrowers/${borrower.identityUuid}/documents/unsigned`,
    );
    expect(docs.statusCode).toBe(404);
  });

  it('refinances 100001 end to end: submit, sign one at a time (double submit one signature), complete', async () => {
    const { me, application, offer } = await refiOffer('100001', CUSTODY_ONLY);
    const selected = await post(me.token, application.appUuid, '/select-offer', {
      offerUuid: offer.uuid,
    });
    expect(selected.statusCode).toBe(200);
    expect(selected.json()).toMatchObject({
      state: 'OFFER_ACCEPTED',
      selectedOffer: { uuid: offer.uuid },
      offers: [],
    });
    const stabilized = await post(me.token, application.appUuid, '/stabilization', {
      optIn: true,
    });
    expect(stabilized.json()).toMatchObject({ stabilizationOptIn: true });
    const estimate = await topUpEstimateOf(app(), me, application.appUuid, offer.uuid);
    expect(estimate).toMatchObject({
      topUpRequired: false,
      currentLtv: 40,
    });

    const confirmations = await Promise.all(
      [0, 1].map(() =>
        post(me.token, application.appUuid, '/collateral/celsius-refi-borrower-confirmation', {
          offerUuid: offer.uuid,
        }),
      ),
    );
    for (const response of confirmations) expect(response.statusCode, response.body).toBe(200);
    const submitted = confirmations[0]?.json() as TRefinancingApplication;
    expect(submitted.state).toBe('SIGN_DOCS');
    expect(submitted.celsiusTopUpExpirationDate).not.toBeNull();
    const locked = await post(me.token, application.appUuid, '/stabilization', { optIn: false });
    expect(locked.statusCode).toBe(409);

    const unsignedUrl = appUrl(
      application.appUuid,
      `/borrowers/${me.identityUuid}/documents/unsigned`,
    );
    const documents = (await call(app(), 'GET', unsignedUrl, me.token)).json() as TDocument[];
    expect(documents.map((document) => document.type)).toEqual([
      'REFI_E_SIGN_CONSENT',
      'REFI_LOAN_AGREEMENT',
    ]);
    const pdf = await call(
      app(),
      'GET',
      `${REFI}/download-document/${documents[1]?.uuid}`,
      me.token,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(
      (await call(app(), 'GET', `${REFI}/download-document/${documents[1]?.uuid}`, other.token))
        .statusCode,
    ).toBe(404);
    const outOfOrder = await call(
      app(),
      'POST',
      `${REFI}/sign-document/${documents[1]?.uuid}`,
      me.token,
    );
    expect(outOfOrder.statusCode).toBe(409);

    const doubles = await Promise.all(
      [0, 1].map(() =>
        call(app(), 'POST', `${REFI}/sign-document/${documents[0]?.uuid}`, me.token),
      ),
    );
    for (const response of doubles) expect(response.statusCode).toBe(200);
    const signatures = await ctx.database.db
      .select()
      .from(documentSignatures)
      .where(eq(documentSignatures.documentUuid, documents[0]?.uuid ?? ''));
    expect(signatures).toHaveLength(1);
    const last = (
      await call(app(), 'POST', `${REFI}/sign-document/${documents[1]?.uuid}`, me.token)
    ).json() as TSignDocumentResult;
    expect(last).toMatchObject({
      unsignedRemaining: 0,
      state: 'WAITING_FOR_COLLATERAL',
      stage: 'PROCESSING',
    });

    await ctx.runJobs();
    const krang = await call(
      app(),
      'GET',
      `/service-cryptopl-leap/secure/api/v1/applications/${application.appUuid}/krang/state`,
      me.token,
    );
    expect(krang.json()).toMatchObject({ state: 'COMPLETE' });
    const loans = await call(
      app(),
      'GET',
      '/provenance/borrower/servicing/v2/loanStatus',
      me.token,
    );
    expect(loans.json().loans).toEqual([
      expect.objectContaining({ appUuid: application.appUuid, loanType: 'REFINANCE' }),
    ]);
    const audit = await ctx.database.db
      .select({ from: auditEvents.fromState, to: auditEvents.toState })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, application.appUuid));
    expect(audit.map((event) => event.to)).toEqual(
      expect.arrayContaining([
        'CREATED',
        'OFFER_ACCEPTED',
        'SIGN_DOCS',
        'WAITING_FOR_COLLATERAL',
        'COMPLETE',
      ]),
    );

    const payoffs = await call(app(), 'GET', `${OPS}/refi/estate-payoffs?status=OWED`, agent.token);
    const payoff = (
      payoffs.json().items as { uuid: string; appUuid: string; amount: number }[]
    ).find((item) => item.appUuid === application.appUuid);
    expect(payoff).toMatchObject({ amount: 24000 });
    const confirmUrl = `${OPS}/refi/estate-payoffs/${payoff?.uuid}/confirm`;
    expect((await call(app(), 'POST', confirmUrl, agent.token, { reference: '' })).statusCode).toBe(
      400,
    );
    const payoffNow = async () => {
      const listed = await call(app(), 'GET', `${OPS}/refi/estate-payoffs`, agent.token);
      expect(listed.statusCode, listed.body).toBe(200);
      return (
        listed.json().items as { uuid: string; status: string; reference: string | null }[]
      ).find((item) => item.uuid === payoff?.uuid);
    };
    // One agent's confirmation is only a proposal: the payoff is still owed until another approves.
    const proposed = await call(app(), 'POST', confirmUrl, agent.token, { reference: 'WIRE-1' });
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(proposed.json()).toMatchObject({ action: 'ESTATE_PAYOFF', status: 'PENDING' });
    expect(await payoffNow()).toMatchObject({ status: 'OWED' });
    await approvedControlled(app(), {
      url: confirmUrl,
      maker: agent,
      checker,
      payload: { reference: 'WIRE-1' },
    });
    expect(await payoffNow()).toMatchObject({ status: 'CONFIRMED', reference: 'WIRE-1' });
    // Confirmed once: another confirmation is not even proposed, and changes nothing.
    const again = await call(app(), 'POST', confirmUrl, agent.token, { reference: 'WIRE-2' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ESTATE_PAYOFF_CONFIRMED' });
    expect(await payoffNow()).toMatchObject({ status: 'CONFIRMED', reference: 'WIRE-1' });
    expect((await call(app(), 'POST', confirmUrl, me.token, { reference: 'x' })).statusCode).toBe(
      401,
    );
  });

  it('tops up a custody-only 100002 through the chain watcher, then signs with the collateral-reuse consent absent', async () => {
    const { me, application, offer } = await refiOffer('100002', CUSTODY_ONLY);
    const confirmUrl = appUrl(
      application.appUuid,
      '/collateral/celsius-refi-borrower-confirmation',
    );
    const submitted = await call(app(), 'POST', confirmUrl, me.token, { offerUuid: offer.uuid });
    expect(submitted.json()).toMatchObject({ state: 'CELSIUS_TOP_UP_REQUESTED' });
    const topUp = (submitted.json() as TRefinancingApplication).rollForwardLoanDetails?.topUpAmount
      .coinQuantity;
    expect(Number(topUp)).toBeGreaterThan(0);
    const estimate = await topUpEstimateOf(app(), me, application.appUuid, offer.uuid);
    expect(estimate).toMatchObject({ topUpRequired: true, targetLtv: 55 });
    expect(estimate.wallet?.depositAddress).toMatch(/^0x/);

    const notSent = await call(app(), 'POST', confirmUrl, me.token, {
      offerUuid: offer.uuid,
      hasSentCollateral: false,
    });
    expect(notSent.statusCode).toBe(400);
    expect(notSent.json().fieldErrors.hasSentCollateral).toEqual(['Required']);
    const sent = await call(app(), 'POST', confirmUrl, me.token, {
      offerUuid: offer.uuid,
      hasSentCollateral: true,
    });
    expect(sent.json()).toMatchObject({ state: 'CELSIUS_WAITING_FOR_TOP_UP' });

    await sendCoins(app(), estimate.wallet?.depositAddress ?? '', topUp ?? '');
    const list = (
      await call(app(), 'GET', `${REFI}/borrower/${me.identityUuid}/celsius-application`, me.token)
    ).json() as TRefinancingApplication[];
    expect(list[0]).toMatchObject({ state: 'CELSIUS_FULL_COLLATERAL_RECEIVED' });
    const documents = (
      await get(me.token, application.appUuid, `/borrowers/${me.identityUuid}/documents/unsigned`)
    ).json() as TDocument[];
    expect(documents).toHaveLength(2);
  });

  it('prices ownership transfer with the collateral-reuse consent to sign', async () => {
    const { me, application, offer } = await refiOffer('100003', OWNERSHIP_TRANSFER);
    const stabilization = await post(me.token, application.appUuid, '/select-offer', {
      offerUuid: offer.uuid,
    });
    expect(stabilization.statusCode).toBe(200);
    const refused = await post(me.token, application.appUuid, '/stabilization', { optIn: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.optIn).toBeDefined();
    const submitted = await post(
      me.token,
      application.appUuid,
      '/collateral/celsius-refi-borrower-confirmation',
      {
        offerUuid: offer.uuid,
      },
    );
    expect(submitted.json()).toMatchObject({ state: 'SIGN_DOCS' });
    const kinds = await ctx.database.db
      .select({ kind: disclosureDocuments.kind })
      .from(disclosureDocuments)
      .where(and(eq(disclosureDocuments.applicationUuid, application.appUuid)));
    expect(kinds.map((row) => row.kind).sort()).toEqual([
      'REFI_COLLATERAL_REUSE_CONSENT',
      'REFI_E_SIGN_CONSENT',
      'REFI_LOAN_AGREEMENT',
    ]);
  });

  it('cancels a refinancing not completed within 14 calendar days of its submission', async () => {
    const { me, application, offer } = await refiOffer('100001', CUSTODY_ONLY);
    await post(me.token, application.appUuid, '/collateral/celsius-refi-borrower-confirmation', {
      offerUuid: offer.uuid,
    });
    const deadline = new Date(
      (
        (
          await call(
            app(),
            'GET',
            `${REFI}/borrower/${me.identityUuid}/celsius-application`,
            me.token,
          )
        ).json() as TRefinancingApplication[]
      )[0]?.celsiusTopUpExpirationDate ?? '',
    );
    const deps = { db: ctx.database.db };
    expect(
      await cancelExpiredRefis({ ...deps, clock: () => new Date(deadline.getTime() - 1000) }),
    ).not.toContain(application.appUuid);
    // Moving the sandbox clock past the deadline: the sweep cancels it, once.
    const now = await advanceClockHours(ctx, 14 * 24 + 1);
    expect(now.getTime()).toBeGreaterThan(deadline.getTime());
    expect(await cancelExpiredRefis({ ...deps, clock: () => now })).toContain(application.appUuid);
    expect(await cancelExpiredRefis({ ...deps, clock: () => now })).not.toContain(
      application.appUuid,
    );
    expect(await applicationStateOf(ctx.database.db, application.appUuid)).toBe('CANCELLED');
    const [audit] = await auditEventsOf(ctx.database.db, application.appUuid, {
      toState: 'CANCELLED',
    });
    expect(audit).toMatchObject({ actor: 'system:refi', fromState: 'SIGN_DOCS' });
  });
});
