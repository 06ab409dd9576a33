import { beforeAll, describe, expect, it } from 'vitest';
import { ZApplication, type TApplication } from '@pledge/contract';
import { eq } from 'drizzle-orm';
import { applications } from '../../src/db/schema/index.js';
import {
  CREATE_PATH,
  LEAP,
  MOBILE_CREATE_PATH,
  acceptedApplication,
  appPath,
  bearer,
  createApplication,
  createdApplication,
  newBorrower,
  usDetails,
  useApplicationsTestContext,
} from './helpers.js';
import { auditEventsOf } from '../helpers/audit-events.js';
import { applicationStateOf } from '../helpers/application-state.js';

describe('applications', () => {
  const ctx = useApplicationsTestContext();
  let ada: Awaited<ReturnType<typeof newBorrower>>;
  let bob: Awaited<ReturnType<typeof newBorrower>>;

  beforeAll(async () => {
    ada = await newBorrower(ctx.app);
    bob = await newBorrower(ctx.app);
  });

  describe('create', () => {
    it('creates a web-flow application bound to the caller, with its audit event', async () => {
      const response = await createApplication(ctx.app, ada.token, { organization: 'partner' });
      expect(response.statusCode).toBe(201);
      const created = ZApplication.parse(response.json());
      expect(created).toMatchObject({
        identityUuid: ada.identityUuid,
        organization: 'partner',
        state: 'CREATED',
        stage: 'UNINITIALIZED_STATE',
        isInternational: false,
        isRollForward: false,
        isCelsiusRefi: false,
        offers: [],
        selectedOffer: null,
        collateral: null,
      });
      const [row] = await ctx.database.db
        .select()
        .from(applications)
        .where(eq(applications.uuid, created.appUuid));
      expect(row?.flow).toBe('WEB');
      const audit = await auditEventsOf(ctx.database.db, created.appUuid);
      expect(audit).toMatchObject([
        { fromState: null, toState: 'CREATED', actor: `borrower:${ada.identityUuid}` },
      ]);
    });

    it('answers the open application again on a second click, so there is one', async () => {
      const first = await createdApplication(ctx.app, bob.token);
      const second = await createdApplication(ctx.app, bob.token);
      expect(second.appUuid).toBe(first.appUuid);
    });

    it('creates one application from concurrent double clicks', async () => {
      const carol = await newBorrower(ctx.app);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => createApplication(ctx.app, carol.token)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
      const uuids = new Set(answers.map((answer) => (answer.json() as TApplication).appUuid));
      expect(uuids.size).toBe(1);
      const rows = await ctx.database.db
        .select()
        .from(applications)
        .where(eq(applications.identityUuid, carol.identityUuid));
      expect(rows).toHaveLength(1);
    });

    it('answers the application an Idempotency-Key created, even after it moved on', async () => {
      const dave = await newBorrower(ctx.app);
      const key = 'create-0a1b2c3d';
      const first = await createApplication(ctx.app, dave.token, { idempotencyKey: key });
      expect(first.statusCode).toBe(201);
      const appUuid = (first.json() as TApplication).appUuid;
      // Moving it past CREATED: without the key a click would now make a new application.
      await ctx.database.db
        .update(applications)
        .set({ state: 'OFFER_ACCEPTED' })
        .where(eq(applications.uuid, appUuid));
      const replay = await createApplication(ctx.app, dave.token, { idempotencyKey: key });
      expect((replay.json() as TApplication).appUuid).toBe(appUuid);
      const fresh = await createApplication(ctx.app, dave.token);
      expect((fresh.json() as TApplication).appUuid).not.toBe(appUuid);

      const reused = await createApplication(ctx.app, dave.token, {
        idempotencyKey: key,
        organization: 'partner',
      });
      expect(reused.statusCode).toBe(409);
      expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    });

    it('keeps web and mobile-flow applications apart; mobile only for brands with an app', async () => {
      const erin = await newBorrower(ctx.app);
      const web = await createdApplication(ctx.app, erin.token, { organization: 'markets' });
      const mobile = await createdApplication(ctx.app, erin.token, {
        organization: 'markets',
        mobile: true,
      });
      expect(mobile.appUuid).not.toBe(web.appUuid);
      const [row] = await ctx.database.db
        .select({ flow: applications.flow })
        .from(applications)
        .where(eq(applications.uuid, mobile.appUuid));
      expect(row?.flow).toBe('MOBILE');

      const noApp = await createApplication(ctx.app, erin.token, {
        organization: 'default',
        mobile: true,
      });
      expect(noApp.statusCode).toBe(400);
      expect(noApp.json()).toMatchObject({
        fieldErrors: { organization: ['This lender has no mobile app; apply on the web'] },
      });
    });

    it.each([
      ['an unknown organisation', { organization: 'nobody' }, 'organization'],
      ['a malformed organisation', { organization: 'Not A Code!' }, 'organization'],
      [
        'a referral that is not a uuid',
        { organization: 'default', referralUuid: 'x' },
        'referralUuid',
      ],
      ['no body fields', {}, 'organization'],
    ])('refuses %s with 400', async (_name, payload, field) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: CREATE_PATH,
        headers: bearer(ada.token),
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fieldErrors as object)).toContain(field);
    });

    it('refuses a malformed Idempotency-Key', async () => {
      const response = await createApplication(ctx.app, ada.token, { idempotencyKey: 'short' });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toHaveProperty(['headers.idempotency-key']);
    });

    it.each([CREATE_PATH, MOBILE_CREATE_PATH])('%s needs a token (401)', async (url) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url,
        payload: { organization: 'default' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Unauthenticated' });
    });
  });

  describe('reading', () => {
    it('lists only the caller’s applications, newest first', async () => {
      const fran = await newBorrower(ctx.app);
      const older = await acceptedApplication(ctx.app, fran.token);
      const newer = await createdApplication(ctx.app, fran.token);
      const response = await ctx.app.inject({
        method: 'GET',
        url: `${LEAP}/secure/api/v1/fetch-user/apps`,
        headers: bearer(fran.token),
      });
      expect(response.statusCode).toBe(200);
      const list = response.json() as TApplication[];
      expect(list.map((entry) => entry.appUuid)).toEqual([newer.appUuid, older.appUuid]);
      expect(list[1]?.selectedOffer?.uuid).toBe(older.selectedOffer?.uuid);
    });

    it('answers one application and its state', async () => {
      const created = await createdApplication(ctx.app, ada.token);
      const one = await ctx.app.inject({
        method: 'GET',
        url: appPath(created.appUuid),
        headers: bearer(ada.token),
      });
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual(created);
      const state = await ctx.app.inject({
        method: 'GET',
        url: appPath(created.appUuid, '/krang/state'),
        headers: bearer(ada.token),
      });
      expect(state.json()).toEqual({ state: 'CREATED', stage: 'UNINITIALIZED_STATE' });
    });

    it('needs a token for the list (401)', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `${LEAP}/secure/api/v1/fetch-user/apps`,
      });
      expect(response.statusCode).toBe(401);
    });

    it('answers 400, never 500, to an id that is not a uuid', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: appPath('not-a-uuid'),
        headers: bearer(ada.token),
      });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('another borrower’s application', () => {
    let appUuid: string;
    let offerUuid: string;
    beforeAll(async () => {
      const accepted = await acceptedApplication(ctx.app, ada.token);
      appUuid = accepted.appUuid;
      offerUuid = accepted.selectedOffer?.uuid ?? '';
    });

    const calls = (): [string, string, unknown][] => [
      ['GET', appPath(appUuid), undefined],
      ['GET', appPath(appUuid, '/krang/state'), undefined],
      ['GET', appPath(appUuid, '/offers'), undefined],
      ['GET', appPath(appUuid, '/selected-offer'), undefined],
      ['GET', appPath(appUuid, '/final-steps'), undefined],
      [
        'POST',
        appPath(appUuid, '/requested-offer'),
        { requestedAmount: 20000, collateralType: 'BTC', coinQuantity: '1', state: 'OH' },
      ],
      ['POST', appPath(appUuid, '/select-offer'), { offerUuid }],
      ['POST', appPath(appUuid, '/details'), usDetails()],
    ];

    it('is not found on every route (404, nothing of it shown) and needs a token (401)', async () => {
      for (const [method, url, payload] of calls()) {
        const other = await ctx.app.inject({
          method: method as 'GET' | 'POST',
          url,
          headers: bearer(bob.token),
          ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
        });
        expect(other.statusCode, `${method} ${url}`).toBe(404);
        expect(JSON.stringify(other.json())).not.toContain(ada.identityUuid);

        const anonymous = await ctx.app.inject({
          method: method as 'GET' | 'POST',
          url,
          ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
        });
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      }
      expect(await applicationStateOf(ctx.database.db, appUuid)).toBe('OFFER_ACCEPTED');
    });

    it('is not in the other borrower’s list', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `${LEAP}/secure/api/v1/fetch-user/apps`,
        headers: bearer(bob.token),
      });
      const uuids = (response.json() as TApplication[]).map((entry) => entry.appUuid);
      expect(uuids).not.toContain(appUuid);
    });
  });
});
