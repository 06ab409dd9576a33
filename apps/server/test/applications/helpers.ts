/**
 * Helpers of the application tests: an app on its own database with the sandbox prices, borrowers
 * signed in through the real e-mailed-code flow, the calls of the new-loan flow, and a job worker
 * that the tests run by hand.
 */
import { rmSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  type TApplication,
  type TFinalSteps,
  type TPostLoanDetailsBodyInput,
  type TPostRequestedOfferBody,
} from '@pledge/contract';
import type {
  TCreditBureauPort,
  TSoftPullRequest,
  TSoftPullResult,
} from '../../src/adapters/credit-bureau/port.js';
import { createAdapters, type TAdapters } from '../../src/adapters/index.js';
import { runMigrations } from '../../src/db/migrate.js';
import { seedSandboxPrices } from '../../src/db/seed.js';
import { createJobRegistrations } from '../../src/jobs/registry.js';
import { createJobWorker, type TJobWorker } from '../../src/jobs/worker.js';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { drainWaitingPartnerChanges } from '../../src/services/partner/drain-partner-outbox.js';
import { buildTestApp, TEST_ENCRYPTION_KEY } from '../helpers/app.js';
import { seedSandboxDemo } from '../helpers/seeded-db.js';
import { createTestDatabase, type TTestDatabase } from '../helpers/db.js';
import { migrationsBefore } from '../helpers/migrations-before.js';
import { bearer, signIn } from '../identity/sign-in.js';

export const LEAP = '/service-cryptopl-leap';
export const CREATE_PATH = `${LEAP}/insecure/api/v1/applications/create`;
export const MOBILE_CREATE_PATH = `${LEAP}/insecure/api/v2/applications/mobile-flow/create`;
export const appPath = (appUuid: string, suffix = '') =>
  `${LEAP}/secure/api/v1/applications/${appUuid}${suffix}`;

/**
 * A call on an application id that names none answers 404, and on one that is not a uuid 400 (not
 * a 500).
 */
export async function expectUnknownAndMalformedIdsRefused(
  call: (appUuid: string) => Promise<LightMyRequestResponse>,
): Promise<void> {
  expect((await call('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  expect((await call('not-a-uuid')).statusCode).toBe(400);
}

export { bearer };

export interface TApplicationsTestContext {
  app: FastifyInstance;
  database: TTestDatabase;
  adapters: TAdapters;
  worker: TJobWorker;
  /** Runs every due job until none is left. */
  runJobs(): Promise<number>;
  close(): Promise<void>;
}

export async function createApplicationsTestContext(
  options: {
    adapters?: (database: TTestDatabase) => TAdapters;
    /** Migrates only this folder's migrations (an older release's schema); every one by default. */
    migrationsFolder?: string;
  } = {},
): Promise<TApplicationsTestContext> {
  const database = await createTestDatabase({ migrate: options.migrationsFolder === undefined });
  if (options.migrationsFolder !== undefined) {
    await runMigrations(database.pool, { migrationsFolder: options.migrationsFolder });
  }
  return applicationsTestContextOn(database, options.adapters, {
    // An earlier release's schema lacks this release's tape columns: its prices alone are seeded.
    seed: options.migrationsFolder === undefined ? 'all' : 'prices',
  });
}

/**
 * A test file's (or describe block's) context, opened before its tests (by `open`, a bare one by
 * default) and closed after them. Its fields are filled in then: read them inside the tests and
 * hooks, not at collection.
 */
export function useApplicationsTestContext(
  open: () => Promise<TApplicationsTestContext> = () => createApplicationsTestContext(),
): TApplicationsTestContext {
  const ctx = {} as TApplicationsTestContext;
  beforeAll(async () => {
    Object.assign(ctx, await open());
  });
  afterAll(async () => {
    if ('close' in ctx) await ctx.close();
  });
  return ctx;
}

/**
 * An upgrade test's context: the sandbox app on a database as the release before the migration
 * `upgradeTag` left it (its migrations only); the test writes that release's rows, then upgrades.
 */
export function useContextBeforeUpgrade(upgradeTag: string): TApplicationsTestContext {
  return useApplicationsTestContext(async () => {
    const folder = migrationsBefore(upgradeTag);
    try {
      return await createApplicationsTestContext({ migrationsFolder: folder });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
}

/** The sandbox app, its adapters and its job worker on a migrated database of the test's own. */
export async function applicationsTestContextOn(
  database: TTestDatabase,
  makeAdapters?: (database: TTestDatabase) => TAdapters,
  options: { seed?: 'all' | 'prices' } = {},
): Promise<TApplicationsTestContext> {
  if (options.seed === 'prices') await seedSandboxPrices(database.db);
  else await seedSandboxDemo(database.db);
  const adapters =
    makeAdapters?.(database) ?? createAdapters({ config: { sandbox: true }, db: database.db });
  const app = await buildTestApp({ database, adapters });
  const worker = createJobWorker({
    db: database.db,
    registrations: createJobRegistrations({
      db: database.db,
      cipher: createFieldCipher(TEST_ENCRYPTION_KEY),
      adapters,
      sandbox: true,
    }),
    workerId: 'test-worker',
  });
  return {
    app,
    database,
    adapters,
    worker,
    async runJobs() {
      let total = 0;
      for (;;) {
        // What an instance's partner outbox drainer does on its next look, then the jobs due.
        const drained = await drainWaitingPartnerChanges({
          db: database.db,
          clock: () => new Date(),
        });
        const ran = await worker.runDue();
        total += ran;
        if (ran === 0 && drained === 0) return total;
      }
    },
    async close() {
      await worker.stop();
      await app.close();
      await database.drop();
    },
  };
}

export type TBorrower = Awaited<ReturnType<typeof newBorrower>>;

/** A test file's own app with one signed-in borrower. */
export async function openBorrowerContext(): Promise<{
  ctx: TApplicationsTestContext;
  borrower: TBorrower;
}> {
  const ctx = await createApplicationsTestContext();
  return { ctx, borrower: await newBorrower(ctx.app) };
}

/**
 * As `openBorrowerContext`, for a test file or describe block: made before its tests and closed
 * after them. Destructure it at collection; its objects are filled in before the first test.
 */
export function useBorrowerContext(): { ctx: TApplicationsTestContext; borrower: TBorrower } {
  const ctx = useApplicationsTestContext();
  const borrower = {} as TBorrower;
  beforeAll(async () => {
    Object.assign(borrower, await newBorrower(ctx.app));
  });
  return { ctx, borrower };
}

let borrowerCount = 0;

/** A new borrower, signed in; answers their token and identity uuid. */
export async function newBorrower(
  app: FastifyInstance,
): Promise<{ token: string; identityUuid: string; email: string }> {
  borrowerCount += 1;
  const email = `borrower-${borrowerCount}-${Date.now()}@example.com`;
  const token = await signIn(app, email);
  const figure = await app.inject({
    method: 'GET',
    url: '/identity-broker/customer/secure/api/v3/self/figureinfo',
    headers: bearer(token),
  });
  expect(figure.statusCode).toBe(200);
  const identityUuid = (figure.json() as { identityUuid: string }).identityUuid;
  return { token, identityUuid, email };
}

export async function createApplication(
  app: FastifyInstance,
  token: string,
  options: { organization?: string; idempotencyKey?: string; mobile?: boolean } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: options.mobile === true ? MOBILE_CREATE_PATH : CREATE_PATH,
    headers: {
      ...bearer(token),
      ...(options.idempotencyKey !== undefined
        ? { 'idempotency-key': options.idempotencyKey }
        : {}),
    },
    payload: { organization: options.organization ?? 'default' },
  });
}

export async function createdApplication(
  app: FastifyInstance,
  token: string,
  options: { organization?: string; mobile?: boolean } = {},
): Promise<TApplication> {
  const response = await createApplication(app, token, options);
  expect(response.statusCode).toBe(201);
  return response.json() as TApplication;
}

/** A request for $20,000 against 1 BTC ($60,000 in the sandbox): LTV 33.33%, the first tier. */
export const OHIO_OFFER: TPostRequestedOfferBody = {
  requestedAmount: 20_000,
  collateralType: 'BTC',
  coinQuantity: '1',
  state: 'OH',
};

export const GERMANY_OFFER: TPostRequestedOfferBody = {
  requestedAmount: 20_000,
  collateralType: 'BTC',
  coinQuantity: '1',
  countryCode: 'DE',
};

/** POST …/applications/{appUuid}{suffix} as the signed-in borrower, with a JSON body. */
export function postToApplication(
  app: FastifyInstance,
  token: string,
  appUuid: string,
  suffix: string,
  payload: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: appPath(appUuid, suffix),
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });
}

export async function requestOffer(
  app: FastifyInstance,
  token: string,
  appUuid: string,
  body: unknown = OHIO_OFFER,
): Promise<LightMyRequestResponse> {
  return postToApplication(app, token, appUuid, '/requested-offer', body);
}

export async function selectOffer(
  app: FastifyInstance,
  token: string,
  appUuid: string,
  offerUuid: string,
): Promise<LightMyRequestResponse> {
  return postToApplication(app, token, appUuid, '/select-offer', { offerUuid });
}

/** The application's final steps, as the borrower reads them. */
export async function finalStepsOf(
  app: FastifyInstance,
  token: string,
  appUuid: string,
): Promise<TFinalSteps> {
  const response = await app.inject({
    method: 'GET',
    url: appPath(appUuid, '/final-steps'),
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json() as TFinalSteps;
}

/** The status of the final step named `name` (none when the application has no such step). */
export async function finalStepStatus(
  app: FastifyInstance,
  token: string,
  appUuid: string,
  name: string,
) {
  const steps = await finalStepsOf(app, token, appUuid);
  return steps.items.find((item) => item.name === name)?.status;
}

/** A new application with an accepted offer (OFFER_ACCEPTED). */
export async function acceptedApplication(
  app: FastifyInstance,
  token: string,
  offer: TPostRequestedOfferBody = OHIO_OFFER,
): Promise<TApplication> {
  const created = await createdApplication(app, token);
  const priced = await requestOffer(app, token, created.appUuid, offer);
  expect(priced.statusCode).toBe(200);
  const offerUuid = (priced.json() as TApplication).offers[0]?.uuid ?? '';
  const accepted = await selectOffer(app, token, created.appUuid, offerUuid);
  expect(accepted.statusCode).toBe(200);
  return accepted.json() as TApplication;
}

type TUsDetails = Extract<TPostLoanDetailsBodyInput, { residency: 'UNITED_STATES' }>;
type TInternationalDetails = Extract<TPostLoanDetailsBodyInput, { residency: 'INTERNATIONAL' }>;

/** The Ohio home of `usDetails`, as a profile holds it. */
export const OHIO_HOME = {
  type: 'HOME',
  street1: '1 Main St',
  street2: null,
  city: 'Columbus',
  state: 'OH',
  zip: '43215',
  country: 'US',
} as const;

/** Loan details of an adult Ohio resident with the given SSN. */
export function usDetails(ssn = '123-45-6789'): TUsDetails {
  return {
    residency: 'UNITED_STATES',
    firstName: 'Ada',
    lastName: 'Lovelace',
    dob: '1990-05-17',
    email: 'ada@example.com',
    ssn,
    address: { street1: '1 Main St', city: 'Columbus', state: 'OH', zip: '43215' },
    phone: '(614) 555-0100',
    isCitizenOrPermanentResident: true,
    consents: { TERMS: true, PRIVACY: true, eSign: true, SOFT_CREDIT: true },
  };
}

export function internationalDetails(): TInternationalDetails {
  return {
    residency: 'INTERNATIONAL',
    firstName: 'Grace',
    lastName: 'Hopper',
    dob: '1985-12-09',
    email: 'grace@example.com',
    address: { street1: 'Unter den Linden 1', city: 'Berlin', zip: '10117', country: 'DE' },
    phone: '+49 30 1234567',
    consents: { TERMS: true, PRIVACY: true, eSign: true },
  };
}

export async function submitDetails(
  app: FastifyInstance,
  token: string,
  appUuid: string,
  /** Loan details, or anything else a client could send. */
  details: object,
): Promise<LightMyRequestResponse> {
  return postToApplication(app, token, appUuid, '/details', details);
}

/**
 * A new borrower whose application (Ohio) went through its details and the credit pull they
 * started, the jobs run: at the outcome the SSN of `details` gives (the sandbox bureau answers by
 * test SSN), signing its documents when approved.
 */
export async function borrowerAfterCreditCheck(
  ctx: TApplicationsTestContext,
  details: object = usDetails(),
) {
  const borrower = await newBorrower(ctx.app);
  const application = await acceptedApplication(ctx.app, borrower.token);
  const submitted = await submitDetails(ctx.app, borrower.token, application.appUuid, details);
  expect(submitted.statusCode).toBe(202);
  await ctx.runJobs();
  return { ...borrower, application, appUuid: application.appUuid };
}

/**
 * Sandbox adapters whose credit bureau answers through `softPull`, which is given the sandbox's
 * own bureau to pass a request on to.
 */
export function withCreditBureau(
  softPull: (request: TSoftPullRequest, sandbox: TCreditBureauPort) => Promise<TSoftPullResult>,
) {
  return (database: TTestDatabase): TAdapters => {
    const sandbox = createAdapters({ config: { sandbox: true }, db: database.db });
    return {
      ...sandbox,
      creditBureau: {
        name: sandbox.creditBureau.name,
        softPull: (request) => softPull(request, sandbox.creditBureau),
      },
    };
  };
}
