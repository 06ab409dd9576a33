import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ZApplication, ZOffer, type TApplication, type TOffer } from '@pledge/contract';
import { OFFER_TTL_MINUTES, computeOffer, minCoinQuantity, type TOfferTerms } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { SANDBOX_DEFAULT_PRICE_CENTS } from '../../src/db/seed.js';
import { applications, offers, sandboxPrices } from '../../src/db/schema/index.js';
import {
  OHIO_OFFER,
  acceptedApplication,
  appPath,
  bearer,
  createdApplication,
  newBorrower,
  requestOffer,
  selectOffer,
  useApplicationsTestContext,
} from './helpers.js';
import { seedSandboxDemo } from '../helpers/seeded-db.js';
import { listOffers } from '../../src/services/offers/list-offers.js';
import { paymentScheduleOf } from '../../src/services/offers/offer-record.js';
import { auditEventsOf } from '../helpers/audit-events.js';

const BTC_PRICE_CENTS = SANDBOX_DEFAULT_PRICE_CENTS.BTC;

function expectedOhioTerms(): TOfferTerms {
  const result = computeOffer({
    drawCents: 2_000_000,
    collateralType: 'BTC',
    coinQuantity: '1',
    priceCents: BTC_PRICE_CENTS,
    residence: { kind: 'state', state: 'OH' },
  });
  if (!result.eligible) throw new Error('The Ohio example must be eligible');
  return result.offer;
}

describe('offers', () => {
  const ctx = useApplicationsTestContext();
  let borrower: Awaited<ReturnType<typeof newBorrower>>;
  let fresh: TApplication;

  beforeAll(async () => {
    borrower = await newBorrower(ctx.app);
    fresh = await createdApplication(ctx.app, borrower.token);
  });

  describe('requested offer', () => {
    it('answers the application with the new offer in the wire format', async () => {
      const response = await requestOffer(ctx.app, borrower.token, fresh.appUuid);
      expect(response.statusCode).toBe(200);
      const priced = ZApplication.parse(response.json());
      const terms = expectedOhioTerms();
      expect(priced.state).toBe('CREATED');
      expect(priced.offers).toHaveLength(1);
      expect(priced.offers[0]).toMatchObject({
        amount: terms.amountCents / 100,
        drawAmount: 20_000,
        term: 12,
        ltv: Number(terms.ltvPct),
        interestRate: 8.91,
        annualPercentageRate: Number(terms.annualPercentageRatePct),
        originationFee: 1,
        originationFeeAmount: terms.originationFeeAmountCents / 100,
        estimatedMonthlyPayment: terms.estimatedMonthlyPaymentCents / 100,
        collateral: { type: 'BTC' },
        collateralUnits: '1',
        // The wire drops trailing zeros (0.450000 → 0.45).
        minCollateralUnits: String(Number(terms.minCollateralUnits)),
        collateralAmount: 60_000,
        postTopUpLoanToValue: null,
        celsiusTopUpRequired: false,
        collateralReuseConsent: null,
        state: 'OH',
        countryCode: null,
      });

      const [row] = await ctx.database.db
        .select()
        .from(offers)
        .where(eq(offers.uuid, priced.offers[0]?.uuid ?? ''));
      expect(row?.priceCents).toBe(BTC_PRICE_CENTS);
      // The schedule is not stored: it follows from the terms the row keeps.
      expect(row?.paymentSchedule).toBeNull();
      expect(row === undefined ? [] : paymentScheduleOf(row)).toEqual(terms.paymentSchedule);
      expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(
        OFFER_TTL_MINUTES * 60_000,
      );
      const [application] = await ctx.database.db
        .select()
        .from(applications)
        .where(eq(applications.uuid, fresh.appUuid));
      expect(application).toMatchObject({
        requestedAmountCents: 2_000_000,
        collateralType: 'BTC',
        stateCode: 'OH',
        countryCode: null,
        isInternational: false,
      });
    });

    it('replaces the open offers with a new request', async () => {
      const again = await requestOffer(ctx.app, borrower.token, fresh.appUuid, {
        ...OHIO_OFFER,
        requestedAmount: 30_000,
      });
      expect(again.statusCode).toBe(200);
      const list = await ctx.app.inject({
        method: 'GET',
        url: appPath(fresh.appUuid, '/offers'),
        headers: bearer(borrower.token),
      });
      const open = list.json() as TOffer[];
      expect(open.map((offer) => offer.drawAmount)).toEqual([30_000]);
      for (const offer of open) ZOffer.parse(offer);
      // The answer is built from the values written, not read back: it is the stored offer.
      expect((again.json() as { offers: TOffer[] }).offers).toEqual(open);
    });

    it('replaces the open offers a release without open_offers_since left, and lists them', async () => {
      const other = await newBorrower(ctx.app);
      const created = await createdApplication(ctx.app, other.token);
      const openOffers = async () =>
        (
          await ctx.app.inject({
            method: 'GET',
            url: appPath(created.appUuid, '/offers'),
            headers: bearer(other.token),
          })
        ).json() as TOffer[];
      const stored = (uuid: string | undefined) =>
        ctx.database.db
          .select()
          .from(offers)
          .where(eq(offers.uuid, uuid ?? ''))
          .then(([row]) => row);

      // An application whose offers were all written by a release before 0046: no time kept.
      const first = (
        await requestOffer(ctx.app, other.token, created.appUuid)
      ).json() as TApplication;
      await ctx.database.db
        .update(applications)
        .set({ openOffersSince: null })
        .where(eq(applications.uuid, created.appUuid));
      const second = (
        await requestOffer(ctx.app, other.token, created.appUuid, {
          ...OHIO_OFFER,
          requestedAmount: 21_000,
        })
      ).json() as TApplication;
      expect((await stored(first.offers[0]?.uuid))?.supersededAt).not.toBeNull();
      expect((await openOffers()).map((offer) => offer.uuid)).toEqual([second.offers[0]?.uuid]);

      // That release writing beside this one replaces the offer and records its own, leaving the
      // time as this release set it: its offer is listed, and replaced by the next request.
      const replaced = await stored(second.offers[0]?.uuid);
      if (replaced === undefined) throw new Error('The offer was not stored');
      const fromPrevious = { ...replaced, uuid: randomUUID(), createdAt: new Date() };
      await ctx.database.db.transaction(async (tx) => {
        await tx
          .update(offers)
          .set({ supersededAt: new Date() })
          .where(eq(offers.uuid, replaced.uuid));
        await tx.insert(offers).values(fromPrevious);
      });
      expect((await openOffers()).map((offer) => offer.uuid)).toEqual([fromPrevious.uuid]);
      const third = (
        await requestOffer(ctx.app, other.token, created.appUuid, {
          ...OHIO_OFFER,
          requestedAmount: 22_000,
        })
      ).json() as TApplication;
      expect((await stored(fromPrevious.uuid))?.supersededAt).not.toBeNull();
      expect((await openOffers()).map((offer) => offer.uuid)).toEqual([third.offers[0]?.uuid]);
    });

    it("lists no offer made before the application's open_offers_since, whoever reads them", async () => {
      const other = await newBorrower(ctx.app);
      const created = await createdApplication(ctx.app, other.token);
      const requested = (
        await requestOffer(ctx.app, other.token, created.appUuid)
      ).json() as TApplication;
      const [application] = await ctx.database.db
        .select()
        .from(applications)
        .where(eq(applications.uuid, created.appUuid));
      const since = application?.openOffersSince;
      if (since === null || since === undefined) throw new Error('The write set no time');
      // An offer made before that time, neither replaced nor accepted nor expired: every offer
      // open after the write was made since it, so this one is not open, whichever read finds it.
      const [kept] = await ctx.database.db
        .select()
        .from(offers)
        .where(eq(offers.uuid, requested.offers[0]?.uuid ?? ''));
      if (kept === undefined) throw new Error('The offer was not stored');
      await ctx.database.db.insert(offers).values({
        ...kept,
        uuid: randomUUID(),
        createdAt: new Date(since.getTime() - 60_000),
        expiresAt: new Date(since.getTime() + OFFER_TTL_MINUTES * 60_000),
      });
      const open = [requested.offers[0]?.uuid];
      const uuids = (list: readonly TOffer[]) => list.map((offer) => offer.uuid);

      const listed = await ctx.app.inject({
        method: 'GET',
        url: appPath(created.appUuid, '/offers'),
        headers: bearer(other.token),
      });
      expect(uuids(listed.json() as TOffer[])).toEqual(open);
      const read = await listOffers(
        { db: ctx.database.db, clock: () => new Date() },
        { identityUuid: other.identityUuid, appUuid: created.appUuid },
      );
      expect(uuids(read)).toEqual(open);
      const shown = await ctx.app.inject({
        method: 'GET',
        url: appPath(created.appUuid),
        headers: bearer(other.token),
      });
      expect(uuids((shown.json() as TApplication).offers)).toEqual(open);
    });

    it('answers each offer exactly as it is stored, whatever the quantity and amount', async () => {
      for (const [coinQuantity, requestedAmount] of [
        ['1.234567', 21_111],
        ['0.5', 11_000],
        ['2.000001', 47_999],
        ['3.1', 70_003],
      ] as const) {
        const answer = await requestOffer(ctx.app, borrower.token, fresh.appUuid, {
          ...OHIO_OFFER,
          coinQuantity,
          requestedAmount,
        });
        expect(answer.statusCode, answer.body).toBe(200);
        const listed = await ctx.app.inject({
          method: 'GET',
          url: appPath(fresh.appUuid, '/offers'),
          headers: bearer(borrower.token),
        });
        expect((answer.json() as { offers: TOffer[] }).offers).toEqual(listed.json());
      }
    });

    it('leaves one open offer after concurrent requests, the last one recorded', async () => {
      const amounts = [21_000, 22_000, 23_000, 24_000, 25_000, 26_000];
      const answers = await Promise.all(
        amounts.map((requestedAmount) =>
          requestOffer(ctx.app, borrower.token, fresh.appUuid, { ...OHIO_OFFER, requestedAmount }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(amounts.map(() => 200));
      const list = await ctx.app.inject({
        method: 'GET',
        url: appPath(fresh.appUuid, '/offers'),
        headers: bearer(borrower.token),
      });
      const open = list.json() as TOffer[];
      expect(open).toHaveLength(1);
      // Each answer shows the one offer its request recorded; the list shows the last of them.
      const recorded = answers.map((answer) => (answer.json() as TApplication).offers);
      for (const offers of recorded) expect(offers).toHaveLength(1);
      expect(recorded.map((offers) => offers[0]?.uuid)).toContain(open[0]?.uuid);
      // The request recorded last answered the application as it is now.
      const last = answers
        .map((answer) => answer.json() as TApplication)
        .find((answer) => answer.offers[0]?.uuid === open[0]?.uuid);
      const current = await ctx.app.inject({
        method: 'GET',
        url: appPath(fresh.appUuid),
        headers: bearer(borrower.token),
      });
      expect(last).toEqual(current.json());
    });

    it('prices again on what another change of the application left, and records its offer', async () => {
      const before = await requestOffer(ctx.app, borrower.token, fresh.appUuid);
      expect(before.statusCode).toBe(200);
      const [{ version } = { version: 0 }] = await ctx.database.db
        .select({ version: applications.version })
        .from(applications)
        .where(eq(applications.uuid, fresh.appUuid));
      // Another change (another instance's, say) holds the application's row while the request
      // reads the version it had, then moves the version on before the request's write goes in.
      const other = await ctx.database.pool.connect();
      try {
        await other.query('BEGIN');
        await other.query('UPDATE applications SET version = version + 1 WHERE uuid = $1', [
          fresh.appUuid,
        ]);
        const pending = requestOffer(ctx.app, borrower.token, fresh.appUuid, {
          ...OHIO_OFFER,
          requestedAmount: 27_000,
        });
        for (let waited = 0; waited < 200; waited += 1) {
          const { rows } = await ctx.database.pool.query<{ waiting: number }>(
            `SELECT count(*)::int AS waiting FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          if ((rows[0]?.waiting ?? 0) > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        await other.query('COMMIT');
        const response = await pending;
        expect(response.statusCode).toBe(200);
        expect((response.json() as TApplication).offers.map((offer) => offer.drawAmount)).toEqual([
          27_000,
        ]);
      } finally {
        other.release();
      }
      const [after] = await ctx.database.db
        .select({ version: applications.version })
        .from(applications)
        .where(eq(applications.uuid, fresh.appUuid));
      // The other change's version, then the request's own.
      expect(after?.version).toBe(version + 2);
      const list = await ctx.app.inject({
        method: 'GET',
        url: appPath(fresh.appUuid, '/offers'),
        headers: bearer(borrower.token),
      });
      expect((list.json() as TOffer[]).map((offer) => offer.drawAmount)).toEqual([27_000]);
    });

    const minimum = minCoinQuantity({
      priceCents: BTC_PRICE_CENTS,
      residence: { kind: 'state', state: 'OH' },
    });
    it.each([
      [
        'an amount below the state minimum',
        { ...OHIO_OFFER, requestedAmount: 5000 },
        { requestedAmount: ['Amount minimum is $5,001'] },
      ],
      [
        'an amount below the Minnesota minimum',
        { ...OHIO_OFFER, requestedAmount: 100_000, coinQuantity: '5', state: 'MN' },
        { requestedAmount: ['Amount minimum is $100,001'] },
      ],
      [
        'an amount above the maximum',
        { ...OHIO_OFFER, requestedAmount: 2_000_001, coinQuantity: '100' },
        { requestedAmount: ['Amount maximum is $2,000,000'] },
      ],
      [
        'an initial LTV above 75%',
        { ...OHIO_OFFER, requestedAmount: 50_000 },
        {
          coinQuantity: [
            'Additional collateral is required to be eligible for an offer at the current cash to borrow amount.',
          ],
        },
      ],
      [
        'an unserviced state',
        { ...OHIO_OFFER, state: 'TX' },
        { state: ['This state is currently not being serviced'] },
      ],
      [
        'SOL collateral',
        { ...OHIO_OFFER, collateralType: 'SOL' },
        { collateralType: ['Loans are offered against BTC or ETH only'] },
      ],
      [
        'too many decimals',
        { ...OHIO_OFFER, coinQuantity: '1.1234567' },
        { coinQuantity: ['Maximum of 6 decimal places.'] },
      ],
      [
        'less coin than the residence minimum',
        { ...OHIO_OFFER, requestedAmount: 5001, coinQuantity: '0.1' },
        { coinQuantity: [`Min. ${minimum} BTC`] },
      ],
      [
        'a country for a brand without international loans',
        { requestedAmount: 20_000, collateralType: 'BTC', coinQuantity: '1', countryCode: 'RU' },
        { countryCode: ['This country is currently not being serviced'] },
      ],
      [
        'more coin than can be valued',
        { ...OHIO_OFFER, coinQuantity: '123456789012345678901234567890' },
        { coinQuantity: ['The amount is too large'] },
      ],
      [
        'both a state and a country',
        { ...OHIO_OFFER, countryCode: 'DE' },
        {
          state: ['Choose either a state or a country, not both'],
          countryCode: ['Choose either a state or a country, not both'],
        },
      ],
    ])('refuses %s with the form’s words (400)', async (_name, body, fieldErrors) => {
      const response = await requestOffer(ctx.app, borrower.token, fresh.appUuid, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual(fieldErrors);
    });

    it('never answers 500 to malformed bodies', async () => {
      for (const body of [
        {},
        { ...OHIO_OFFER, requestedAmount: -1 },
        { ...OHIO_OFFER, requestedAmount: 20_000.005 },
        { ...OHIO_OFFER, requestedAmount: '20000' },
        { ...OHIO_OFFER, coinQuantity: '1e3' },
        { ...OHIO_OFFER, state: 'XX' },
        { ...OHIO_OFFER, coinQuantity: '0' },
        [],
      ]) {
        const response = await requestOffer(ctx.app, borrower.token, fresh.appUuid, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
      }
    });

    it('answers 503 without a price, never a guess', async () => {
      await ctx.database.db.delete(sandboxPrices).where(eq(sandboxPrices.collateralType, 'ETH'));
      try {
        const response = await requestOffer(ctx.app, borrower.token, fresh.appUuid, {
          ...OHIO_OFFER,
          collateralType: 'ETH',
          coinQuantity: '20',
        });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({ code: 'PRICE_UNAVAILABLE' });
      } finally {
        await seedSandboxDemo(ctx.database.db);
      }
    });
  });

  describe('the application read with the session', () => {
    const verify = (token: string, applicationUuid?: string) =>
      ctx.app.authVerifier(
        { headers: bearer(token) } as unknown as FastifyRequest,
        'bearer',
        applicationUuid === undefined ? undefined : { applicationUuid },
      );

    it("is the application as the query builder reads it, and only the caller's", async () => {
      const owner = await newBorrower(ctx.app);
      const accepted = await acceptedApplication(ctx.app, owner.token);
      const [row] = await ctx.database.db
        .select()
        .from(applications)
        .where(eq(applications.uuid, accepted.appUuid));
      expect(row?.selectedOfferUuid).not.toBeNull();
      expect(row?.coinQuantity).not.toBeNull();
      const principal = await verify(owner.token, accepted.appUuid);
      expect(principal?.application).toEqual(row);

      expect((await verify(borrower.token, accepted.appUuid))?.application).toBeNull();
      expect((await verify(owner.token, 'not-a-uuid'))?.application).toBeNull();
      expect(await verify(owner.token)).not.toHaveProperty('application');
    });

    it('makes a requested offer two statements, the session check included', async () => {
      const sent = ctx.database.statementsSent;
      if (sent === undefined) throw new Error('The test database counts its statements');
      const application = await createdApplication(ctx.app, borrower.token);
      expect((await requestOffer(ctx.app, borrower.token, application.appUuid)).statusCode).toBe(
        200,
      );
      // The counter also sees the job worker's statements and the price port's read once its
      // second-long cache has lapsed (a slow moment between two requests): neither is the offer's,
      // and both only add. The fewest of three requests is the request's own count.
      const counts: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const before = sent();
        const response = await requestOffer(ctx.app, borrower.token, application.appUuid);
        expect(response.statusCode, response.body).toBe(200);
        counts.push(sent() - before);
      }
      expect(Math.min(...counts)).toBe(2);

      const other = await newBorrower(ctx.app);
      const refused = await requestOffer(ctx.app, other.token, application.appUuid);
      expect(refused.statusCode).toBe(404);
    });
  });

  describe('the open offers read with the session', () => {
    const listed = (token: string, appUuid: string) =>
      ctx.app.inject({ method: 'GET', url: appPath(appUuid, '/offers'), headers: bearer(token) });

    it("are the offers the list reads alone, in order, and only the caller's", async () => {
      const owner = await newBorrower(ctx.app);
      const application = await createdApplication(ctx.app, owner.token);
      await requestOffer(ctx.app, owner.token, application.appUuid);
      // A second open offer (as several options are open on a refinancing), made a minute later.
      const [first] = await ctx.database.db
        .select()
        .from(offers)
        .where(eq(offers.applicationUuid, application.appUuid));
      if (first === undefined) throw new Error('The offer was not recorded');
      const { uuid: _uuid, ...copy } = first;
      await ctx.database.db.insert(offers).values({
        ...copy,
        drawAmountCents: first.drawAmountCents + 100,
        createdAt: new Date(first.createdAt.getTime() + 60_000),
      });

      const answer = await listed(owner.token, application.appUuid);
      expect(answer.statusCode).toBe(200);
      const open = answer.json() as TOffer[];
      expect(open.map((offer) => offer.drawAmount * 100)).toEqual([
        first.drawAmountCents,
        first.drawAmountCents + 100,
      ]);
      const read = await listOffers(
        { db: ctx.database.db, clock: () => new Date() },
        { identityUuid: owner.identityUuid, appUuid: application.appUuid },
      );
      expect(open).toEqual(read);

      expect((await listed(borrower.token, application.appUuid)).statusCode).toBe(404);
      const verified = await ctx.app.authVerifier(
        { headers: bearer(owner.token) } as unknown as FastifyRequest,
        'bearer',
        { openOffersOf: 'not-a-uuid' },
      );
      expect(verified?.openOffers).toBeNull();
    });

    it('make the offers list one statement, the session check included', async () => {
      const sent = ctx.database.statementsSent;
      if (sent === undefined) throw new Error('The test database counts its statements');
      const application = await createdApplication(ctx.app, borrower.token);
      await requestOffer(ctx.app, borrower.token, application.appUuid);
      // As for the requested offer: the fewest of three is the request's own count.
      const counts: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const before = sent();
        const response = await listed(borrower.token, application.appUuid);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toHaveLength(1);
        counts.push(sent() - before);
      }
      expect(Math.min(...counts)).toBe(1);
    });
  });

  describe('accepting', () => {
    /** A new borrower's application with an offer requested, and that offer. */
    async function pricedApplication() {
      const who = await newBorrower(ctx.app);
      const created = await createdApplication(ctx.app, who.token);
      const priced = (
        await requestOffer(ctx.app, who.token, created.appUuid)
      ).json() as TApplication;
      return { who, created, offerUuid: priced.offers[0]?.uuid ?? '' };
    }

    it('moves CREATED → OFFER_ACCEPTED through the transition service, idempotently', async () => {
      const { who, created, offerUuid } = await pricedApplication();

      const first = await selectOffer(ctx.app, who.token, created.appUuid, offerUuid);
      expect(first.statusCode).toBe(200);
      const accepted = ZApplication.parse(first.json());
      expect(accepted).toMatchObject({
        state: 'OFFER_ACCEPTED',
        stage: 'UNINITIALIZED_STATE',
        offers: [],
      });
      expect(accepted.selectedOffer?.uuid).toBe(offerUuid);

      const second = await selectOffer(ctx.app, who.token, created.appUuid, offerUuid);
      expect(second.statusCode).toBe(200);
      expect((second.json() as TApplication).selectedOffer?.uuid).toBe(offerUuid);

      const selected = await ctx.app.inject({
        method: 'GET',
        url: appPath(created.appUuid, '/selected-offer'),
        headers: bearer(who.token),
      });
      expect(selected.json()).toEqual(accepted.selectedOffer);

      const audit = await auditEventsOf(ctx.database.db, created.appUuid);
      expect(audit.map((event) => [event.fromState, event.toState])).toEqual([
        [null, 'CREATED'],
        ['CREATED', 'OFFER_ACCEPTED'],
      ]);
    });

    it('accepts one offer from concurrent double clicks', async () => {
      const { who, created, offerUuid } = await pricedApplication();
      const answers = await Promise.all(
        [1, 2, 3].map(() => selectOffer(ctx.app, who.token, created.appUuid, offerUuid)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      const audit = await auditEventsOf(ctx.database.db, created.appUuid);
      expect(audit).toHaveLength(2);
    });

    it('refuses a malformed offer id (400)', async () => {
      for (const payload of [{}, { offerUuid: 'offer-1' }, { offerUuid: 42 }]) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: appPath(fresh.appUuid, '/select-offer'),
          headers: bearer(borrower.token),
          payload,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().fieldErrors).toHaveProperty('offerUuid');
      }
    });

    it('has no selected offer before one is accepted', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: appPath(fresh.appUuid, '/selected-offer'),
        headers: bearer(borrower.token),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NO_SELECTED_OFFER' });
    });

    it('refuses an expired offer with a clear message', async () => {
      const { who, created, offerUuid } = await pricedApplication();
      await ctx.database.db
        .update(offers)
        .set({ createdAt: new Date(Date.now() - 3_600_000), expiresAt: new Date(Date.now() - 1) })
        .where(eq(offers.uuid, offerUuid));

      const response = await selectOffer(ctx.app, who.token, created.appUuid, offerUuid);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'OFFER_EXPIRED',
        message: 'This offer has expired. Request a new offer to see current terms.',
      });
      const list = await ctx.app.inject({
        method: 'GET',
        url: appPath(created.appUuid, '/offers'),
        headers: bearer(who.token),
      });
      expect(list.json()).toEqual([]);
    });

    it('refuses a replaced offer and an offer of another application', async () => {
      const who = await newBorrower(ctx.app);
      const mine = await createdApplication(ctx.app, who.token);
      const old = (await requestOffer(ctx.app, who.token, mine.appUuid)).json() as TApplication;
      await requestOffer(ctx.app, who.token, mine.appUuid);
      const replaced = await selectOffer(
        ctx.app,
        who.token,
        mine.appUuid,
        old.offers[0]?.uuid ?? '',
      );
      expect(replaced.statusCode).toBe(400);
      expect(replaced.json()).toMatchObject({ code: 'OFFER_SUPERSEDED' });

      const elsewhere = await acceptedApplication(ctx.app, borrower.token);
      const foreign = await selectOffer(
        ctx.app,
        who.token,
        mine.appUuid,
        elsewhere.selectedOffer?.uuid ?? '',
      );
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({
        code: 'OFFER_NOT_FOUND',
        message: 'This offer was not made on this application',
      });
    });

    it('refuses a new price once the details are in (409)', async () => {
      const who = await newBorrower(ctx.app);
      const accepted = await acceptedApplication(ctx.app, who.token);
      await ctx.database.db
        .update(applications)
        .set({ state: 'SOFT_CREDIT', stage: 'APPLYING' })
        .where(eq(applications.uuid, accepted.appUuid));
      const response = await requestOffer(ctx.app, who.token, accepted.appUuid);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'OFFER_LOCKED' });
    });
  });
});
