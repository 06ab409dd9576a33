/**
 * The world the model-based journey test drives: one app on its own database (sandbox adapters, a
 * sandbox bank link on a clock the test moves, a job worker run by hand), two agents, and for each
 * run a new borrower with a new application. Every HTTP call goes through `call`, which records
 * the answer so that the test can assert that none was a 5xx and that a refused call changed
 * nothing.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { TApplication, TDocument, TPostOtpVerifyResponse } from '@pledge/contract';
import { eq } from 'drizzle-orm';
import { createAdapters } from '../../src/adapters/index.js';
import { createSandboxBankLink } from '../../src/adapters/bank-link/sandbox.js';
import { seedSandbox } from '../../src/db/seed.js';
import { identities } from '../../src/db/schema/index.js';
import { identityAutoReviewJob } from '../../src/jobs/definitions/identity-auto-review.js';
import { createJobRegistrations } from '../../src/jobs/registry.js';
import { createJobWorker, type TJobWorker } from '../../src/jobs/worker.js';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { createLogger } from '../../src/logger.js';
import { createSandboxClock } from '../../src/services/sandbox/sandbox-clock.js';
import { provisionAgents, SANDBOX_AGENT_EMAIL } from '../../src/services/identity/agents.js';
import { buildTestApp, TEST_ENCRYPTION_KEY } from '../helpers/app.js';
import { createTestDatabase, type TTestDatabase } from '../helpers/db.js';
import { brokerPath, latestCode, manualClock, NONCE } from '../identity/sign-in.js';
import type { TAdapters } from '../../src/adapters/index.js';
import type { TSignInAudience } from '@pledge/domain';

/** The agents of the sandbox: maker–checker needs two different ones. */
export const AGENT_EMAILS = [SANDBOX_AGENT_EMAIL, 'agent2@example.com'] as const;

export interface TActor {
  token: string;
  identityUuid: string;
  email: string;
  /** The address this actor's calls come from (rate limits count per address). */
  ip: string;
}

export interface TWorld {
  app: FastifyInstance;
  database: TTestDatabase;
  adapters: TAdapters;
  worker: TJobWorker;
  agents: readonly TActor[];
  /** Moves the sandbox bank's time (linked items turn COMPLETE after SANDBOX_ITEM_READY_MS). */
  advanceBankTime(ms: number): void;
  /** Runs every due job until none is left. */
  runJobs(): Promise<number>;
  /** A new session for the actor (after the clock moved past the session's limits). */
  signInAgain(actor: TActor, audience: TSignInAudience): Promise<void>;
  close(): Promise<void>;
}

let ipCount = 0;
/** A fresh source address per actor, so that per-address rate limits never mix runs. */
function nextIp(): string {
  ipCount += 1;
  return `10.${(ipCount >> 16) & 255}.${(ipCount >> 8) & 255}.${ipCount & 255}`;
}

/**
 * Sign-ins tried before one counts as failed: between a code's request and its use, a step of
 * another actor may move the deployment's clock past the code's lifetime ("That code has expired"),
 * or another sign-in to the same address may replace the code, as it would for a borrower who
 * waited or signed in on two devices; the borrower then asks for a new code, and so does the model.
 */
const SIGN_IN_ATTEMPTS = 3;

/** A full sign-in by e-mailed code from `ip`; answers the actor. */
export async function signInActor(
  app: FastifyInstance,
  email: string,
  audience: TSignInAudience,
): Promise<TActor> {
  const ip = nextIp();
  for (let attempt = 1; ; attempt += 1) {
    const started = await app.inject({
      method: 'POST',
      url: brokerPath(audience, '/api/v3/otp/start'),
      payload: { email },
      remoteAddress: ip,
    });
    if (started.statusCode !== 204) throw new Error(`otp/start answered ${started.statusCode}`);
    const verified = await app.inject({
      method: 'POST',
      url: brokerPath(audience, '/api/v3/otp/verify'),
      payload: { email, code: await latestCode(app, email), nonce: NONCE },
      remoteAddress: ip,
    });
    if (verified.statusCode !== 200) {
      const isStale = verified.statusCode === 400 && verified.body.includes('INVALID_CODE');
      if (!isStale || attempt >= SIGN_IN_ATTEMPTS) {
        throw new Error(`otp/verify answered ${verified.statusCode}: ${verified.body}`);
      }
      continue;
    }
    const token = (verified.json() as TPostOtpVerifyResponse).jwt;
    const figure = await app.inject({
      method: 'GET',
      url: brokerPath(audience, '/secure/api/v3/self/figureinfo'),
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: ip,
    });
    // A step running beside this one may move the deployment's clock past the new session's idle
    // limit before its first use: the borrower signs in again, and so does the model.
    if (figure.statusCode === 401 && attempt < SIGN_IN_ATTEMPTS) continue;
    // The figure info names the identity `uuid`; `identityUuid` is accepted too.
    const figureInfo = figure.json() as { uuid?: string; identityUuid?: string };
    const identityUuid = figureInfo.identityUuid ?? figureInfo.uuid;
    if (identityUuid === undefined) throw new Error(`No identity for ${email}: ${figure.body}`);
    return { token, identityUuid, email, ip };
  }
}

export interface TWorldOptions {
  /**
   * Job kinds the world's worker leaves out besides the ID reviewer (their jobs wait unrun): what
   * a model does not look at and would only spend its time budget on.
   */
  leaveOut?: readonly string[];
}

export async function createWorld(options: TWorldOptions = {}): Promise<TWorld> {
  const leftOut = new Set([identityAutoReviewJob.kind, ...(options.leaveOut ?? [])]);
  const database = await createTestDatabase();
  await seedSandbox(database.db, createFieldCipher(TEST_ENCRYPTION_KEY));
  const bankClock = manualClock();
  const adapters: TAdapters = {
    ...createAdapters({ config: { sandbox: true }, db: database.db }),
    bankLink: createSandboxBankLink({ signingKey: randomBytes(32), clock: bankClock.clock }),
  };
  // MODEL_LOG=warn (or any pino level) shows the server's logs, e.g. the stack of a 5xx.
  const logLevel = process.env.MODEL_LOG;
  const app = await buildTestApp({
    database,
    adapters,
    ...(logLevel !== undefined ? { logger: createLogger(logLevel as 'warn') } : {}),
  });
  // The jobs run on the deployment's clock, which POST /sandbox/clock moves.
  const clock = createSandboxClock(database.db);
  const worker = createJobWorker({
    db: database.db,
    clock: clock.now,
    // The sandbox's stand-in ID reviewer runs 5 s of wall time after an upload: left out, so that
    // a run does the same whatever the machine's speed. The agents' review commands stand in.
    registrations: createJobRegistrations({
      db: database.db,
      cipher: createFieldCipher(TEST_ENCRYPTION_KEY),
      adapters,
      sandbox: true,
      clock: clock.now,
    }).filter((entry) => !leftOut.has(entry.definition.kind)),
    workerId: 'model-worker',
  });
  await provisionAgents(database.db, createFieldCipher(TEST_ENCRYPTION_KEY), AGENT_EMAILS);
  const agents: TActor[] = [];
  for (const email of AGENT_EMAILS) agents.push(await agentActor(app, database, email));
  // Two steps at once may both find an actor's session ended: they share one new sign-in, since a
  // second code request would replace the first one's code while it is being typed.
  const signingIn = new Map<TActor, Promise<void>>();
  const signInAgain = (actor: TActor, audience: TSignInAudience): Promise<void> => {
    const pending = signingIn.get(actor);
    if (pending !== undefined) return pending;
    const started = (async () => {
      try {
        const fresh = await signInActor(app, actor.email, audience);
        actor.token = fresh.token;
        actor.ip = fresh.ip;
      } finally {
        signingIn.delete(actor);
      }
    })();
    signingIn.set(actor, started);
    return started;
  };
  return {
    app,
    database,
    adapters,
    worker,
    agents,
    advanceBankTime: (ms) => bankClock.advance(ms),
    signInAgain,
    async runJobs() {
      await clock.refresh();
      let total = 0;
      for (let ran = await worker.runDue(); ran > 0; ran = await worker.runDue()) total += ran;
      return total;
    },
    async close() {
      await worker.stop();
      await app.close();
      await database.drop();
    },
  };
}

async function agentActor(
  app: FastifyInstance,
  database: TTestDatabase,
  email: string,
): Promise<TActor> {
  const signedIn = await signInActor(app, email, 'agent');
  const [identity] = await database.db
    .select({ uuid: identities.uuid })
    .from(identities)
    .where(eq(identities.email, email));
  if (identity === undefined) throw new Error(`The agent ${email} has no identity`);
  return { ...signedIn, identityUuid: identity.uuid };
}

/** One answer the server gave during a run. */
export interface TCallRecord {
  step: number;
  /** The caller's address, or null for the sandbox's outside world. */
  actor: string | null;
  label: string;
  method: string;
  url: string;
  status: number;
  body: string;
}

export type TResidence = 'DOMESTIC' | 'INTERNATIONAL';
export type TCoin = 'BTC' | 'ETH';

/** What a run is about: set when the run starts, fixed for it. */
export interface TJourneyPlan {
  residence: TResidence;
  coin: TCoin;
  /** The last four digits of the SSN decide the sandbox bureau's answer (0002 locked, 0004 declined). */
  ssnLast4: string;
  /** The borrower is also an agent (who must never act on their own loan). */
  borrowerIsAgent: boolean;
  /** The order in which the borrower takes up the final steps. */
  taskOrder: readonly TFinalTask[];
}

export const FINAL_TASKS = ['DOCUMENTS', 'IDENTITY', 'DISBURSEMENT', 'COLLATERAL'] as const;
export type TFinalTask = (typeof FINAL_TASKS)[number];

/** The real side of one run: the world, the borrower and their application. */
export interface TJourney {
  world: TWorld;
  plan: TJourneyPlan;
  borrower: TActor;
  /** The agents who may act: the world's, plus the borrower's own agent sign-in if they are one. */
  agents: readonly TActor[];
  /** The borrower's agent sign-in, when the borrower is an agent. */
  selfAgent: TActor | null;
  appUuid: string;
  /** Every answer of the run, in order. */
  calls: TCallRecord[];
  /** The number of the command being run (for the records). */
  step: number;
  /** Public tokens the sandbox bank issued, newest last. */
  publicTokens: string[];
}

export interface TCallOptions {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  actor?: TActor | null;
  payload?: unknown;
  headers?: Record<string, string>;
  label?: string;
}

/** What a call is made and recorded on: a journey of any model. */
export type TCallJourney = Pick<TJourney, 'world' | 'borrower' | 'calls' | 'step'>;

/** One HTTP call, recorded on the journey. */
export async function call(
  journey: TCallJourney,
  options: TCallOptions,
): Promise<LightMyRequestResponse> {
  const actor = options.actor === undefined ? journey.borrower : options.actor;
  const response = await journey.world.app.inject({
    method: options.method,
    url: options.url,
    headers: {
      ...(actor === null ? {} : { authorization: `Bearer ${actor.token}` }),
      ...options.headers,
    },
    ...(actor === null ? {} : { remoteAddress: actor.ip }),
    ...(options.payload !== undefined
      ? { payload: options.payload as Record<string, unknown> }
      : {}),
  });
  journey.calls.push({
    step: journey.step,
    actor: actor === null ? null : actor.email,
    label: options.label ?? `${options.method} ${options.url}`,
    method: options.method,
    url: options.url,
    status: response.statusCode,
    body: response.body.slice(0, 400),
  });
  return response;
}

let borrowerCount = 0;

/** A new borrower, signed in, with a new application: the real side of a run. */
export async function startJourney(world: TWorld, plan: TJourneyPlan): Promise<TJourney> {
  borrowerCount += 1;
  const email = `model-${borrowerCount}-${randomBytes(4).toString('hex')}@example.com`;
  let selfAgent: TActor | null = null;
  if (plan.borrowerIsAgent) {
    await provisionAgents(world.database.db, createFieldCipher(TEST_ENCRYPTION_KEY), [
      ...AGENT_EMAILS,
      email,
    ]);
    selfAgent = await agentActor(world.app, world.database, email);
  }
  const borrower = await signInActor(world.app, email, 'customer');
  const journey: TJourney = {
    world,
    plan,
    borrower,
    agents: selfAgent === null ? world.agents : [...world.agents, selfAgent],
    selfAgent,
    appUuid: '',
    calls: [],
    step: 0,
    publicTokens: [],
  };
  const created = await call(journey, {
    method: 'POST',
    url: '/service-cryptopl-leap/insecure/api/v1/applications/create',
    payload: { organization: 'default' },
    label: 'create application',
  });
  if (created.statusCode !== 201) {
    throw new Error(`create answered ${created.statusCode}: ${created.body}`);
  }
  journey.appUuid = (created.json() as TApplication).appUuid;
  return journey;
}

/** An id no record has: what a step sends when it has nothing to pick, for the server to refuse. */
export const NO_SUCH_UUID = '00000000-0000-4000-8000-000000000000';

/** The body of a successful answer; undefined for a refusal (whose body is an error, not a T). */
export function json<T>(response: { statusCode: number; body: string }): T | undefined {
  if (response.statusCode >= 300) return undefined;
  try {
    return JSON.parse(response.body) as T;
  } catch {
    return undefined;
  }
}

/**
 * The document a borrower signs from a listed answer: `next`, the first unsigned one, as the signing
 * page does; a number, that one in the list. None when the answer is a refusal, not the list.
 */
export function documentToSign(answered: unknown, pick: 'next' | number): TDocument | undefined {
  const documents = Array.isArray(answered) ? (answered as TDocument[]) : [];
  return pick === 'next'
    ? documents.find((document) => !document.signed)
    : documents[pick % Math.max(documents.length, 1)];
}
