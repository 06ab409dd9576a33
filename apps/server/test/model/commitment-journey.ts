/**
 * The real side of the renewal and refinancing model (commitment-journey.test.ts): one run is
 * either a borrower renewing a funded loan inside its renewal window, or a borrower refinancing a
 * defunct lender's loan found on the sandbox tape. Every stored price the run sets is known here
 * (the sandbox price, set through the API), so that each commitment (a renewal's completion, a
 * refinancing's confirmation and last signature) is checked against the prices in effect while it
 * happened.
 *
 * Loans to renew come from a pool: the loans the refinancing runs completed (a refinanced loan
 * renews like any other) and, when none is left, a sandbox loan made for the run. Reaching a
 * loan's window moves the deployment's clock to ~24 days before its maturity: one move serves every
 * loan of the pool that matures then, since the sandbox clock only ever moves forward.
 */
import { randomBytes } from 'node:crypto';
import type { TPostSandboxLoanResponse } from '@pledge/contract';
import { and, eq, sql } from 'drizzle-orm';
import { applications, servicingLoans } from '../../src/db/schema/index.js';
import { SANDBOX_DEFAULT_PRICE_CENTS } from '../../src/db/seed.js';
import { cancelUnfundedJob } from '../../src/jobs/definitions/cancel-unfunded.js';
import { refiSweepJob } from '../../src/jobs/definitions/refi-complete.js';
import { watchDepositsJob } from '../../src/jobs/definitions/watch-deposits.js';
import { enqueue } from '../../src/jobs/enqueue.js';
import {
  call,
  signInActor,
  type TActor,
  type TCallRecord,
  type TCoin,
  type TWorld,
} from './world.js';

export const COINS: readonly TCoin[] = ['BTC', 'ETH'];

/** The sandbox tape's loans a refinancing run looks up (DESIGN §3). */
export const TAPE_LOANS = {
  /** BTC at 40 %: custody only, no top-up. */
  '100001': 'BTC',
  /** ETH at 62 %: ownership transfer, or custody only with a top-up to 55 %. */
  '100002': 'ETH',
  /** BTC at 68 %: ownership transfer, or custody only with a top-up. */
  '100003': 'BTC',
} as const satisfies Record<string, TCoin>;
export type TTapeLoanId = keyof typeof TAPE_LOANS;

export type TCommitmentPlan =
  { kind: 'RENEWAL'; coin: TCoin } | { kind: 'REFINANCING'; tapeLoanId: TTapeLoanId };

/** What the observer records of one commitment: the prices in effect while it happened. */
export interface TCommitmentRecord {
  /** How many of these commitments the application had recorded (audit events). */
  count: number;
  prices: number[];
}

export interface TCommitmentJourney {
  world: TWorld;
  plan: TCommitmentPlan;
  borrower: TActor;
  coin: TCoin;
  /** A renewal run: the funded loan renewed (its renewals are found by it). */
  loanUuid: string | null;
  /** Every answer of the run, in order. */
  calls: TCallRecord[];
  step: number;
  /** The stored prices of the run's coin in effect during the step being run. */
  stepPrices: number[];
  /** Per application: its renewal completions, refinancing confirmations and last signatures. */
  completions: Map<string, TCommitmentRecord>;
  confirmations: Map<string, TCommitmentRecord>;
  lastSignatures: Map<string, TCommitmentRecord>;
  /** Per renewal: the rate tier it accepted, as recorded while it was not yet complete. */
  acceptedTiers: Map<string, string>;
  /** An offer the borrower saw on an earlier page, to accept it late. */
  seenOfferUuid: string | null;
}

// Stored prices: the sandbox price of each coin, as this world last set it.

const pricesOf = new WeakMap<TWorld, Record<TCoin, number>>();

export function storedPrice(world: TWorld, coin: TCoin): number {
  return pricesOf.get(world)?.[coin] ?? SANDBOX_DEFAULT_PRICE_CENTS[coin];
}

/** Sets the stored (sandbox) price of the run's coin; the step's prices include it from now. */
export async function setStoredPrice(journey: TCommitmentJourney, cents: number): Promise<void> {
  const { world, coin } = journey;
  const priceCents = Math.max(100, Math.round(cents));
  const prices = { ...(pricesOf.get(world) ?? { ...SANDBOX_DEFAULT_PRICE_CENTS }) };
  // In effect from before the answer: a request running beside this one may read it already.
  journey.stepPrices.push(priceCents);
  const response = await call(journey, {
    method: 'POST',
    url: '/sandbox/prices',
    actor: null,
    payload: { [coin]: priceCents / 100 },
  });
  if (response.statusCode >= 300) {
    throw new Error(`prices answered ${response.statusCode} to ${priceCents}: ${response.body}`);
  }
  prices[coin] = priceCents;
  pricesOf.set(world, prices);
}

// The deployment's clock.

export async function deploymentNow(world: TWorld): Promise<Date> {
  const response = await world.app.inject({ method: 'GET', url: '/sandbox/clock' });
  return new Date((response.json() as { now: string }).now);
}

let sweepRuns = 0;

/** The periodic sweeps, as their schedules would run them: unfunded, deposits, refinancings. */
export async function runSweeps(world: TWorld): Promise<void> {
  sweepRuns += 1;
  const db = world.database.db;
  await enqueue(db, cancelUnfundedJob, {}, { dedupeKey: `commitment-cancel-${sweepRuns}` });
  await enqueue(db, watchDepositsJob, {}, { dedupeKey: `commitment-watch-${sweepRuns}` });
  await enqueue(db, refiSweepJob, {}, { dedupeKey: `commitment-refi-${sweepRuns}` });
  await world.runJobs();
}

/** Moves the deployment's clock (its own sweep follows), then signs the borrower in again if needed. */
export async function advanceClock(journey: TCommitmentJourney, hours: number): Promise<void> {
  await call(journey, {
    method: 'POST',
    url: '/sandbox/clock',
    actor: null,
    payload: { advanceHours: hours },
  });
  await keepSignedIn(journey);
  await runSweeps(journey.world);
}

/** A borrower whose session the clock outlived signs in again. */
export async function keepSignedIn(journey: TCommitmentJourney): Promise<void> {
  const alive = await journey.world.app.inject({
    method: 'GET',
    url: '/identity-broker/customer/secure/api/v3/self/figureinfo',
    headers: { authorization: `Bearer ${journey.borrower.token}` },
    remoteAddress: journey.borrower.ip,
  });
  if (alive.statusCode === 401) await journey.world.signInAgain(journey.borrower, 'customer');
}

// The pool of loans to renew.

interface TPooledLoan {
  email: string;
  loanUuid: string;
  coin: TCoin;
  /** YYYY-MM-DD. */
  maturityDate: string;
}

const poolOf = new WeakMap<TWorld, TPooledLoan[]>();

const MS_PER_DAY = 86_400_000;
/** A run starts this many days before its loan's maturity (the window opens 30 days before). */
const WINDOW_ENTRY_DAYS = 24;
/** A loan with fewer days left than this is not handed to a run (its window is nearly over). */
const MIN_DAYS_LEFT = 12;

/** Adds a loan a run funded (a completed refinancing) to the pool, for a later renewal run. */
export async function poolLoan(world: TWorld, email: string, loanUuid: string): Promise<void> {
  const [row] = await world.database.db
    .select({ maturityDate: servicingLoans.maturityDate, coin: servicingLoans.collateralType })
    .from(servicingLoans)
    .innerJoin(applications, eq(applications.uuid, servicingLoans.loanUuid))
    .where(and(eq(servicingLoans.loanUuid, loanUuid), eq(applications.state, 'COMPLETE')));
  if (row?.coin == null) return;
  const pool = poolOf.get(world) ?? [];
  pool.push({ email, loanUuid, coin: row.coin, maturityDate: String(row.maturityDate) });
  poolOf.set(world, pool);
}

function daysLeft(loan: TPooledLoan, now: Date): number {
  return (Date.parse(`${loan.maturityDate}T00:00:00Z`) - now.getTime()) / MS_PER_DAY;
}

let sandboxLoans = 0;

/**
 * A sandbox loan of the coin, funded now: $20,000 on 1 BTC or 20 ETH in Ohio. The coin is put back
 * at its seed price first: the run before may have left it where such a loan is refused.
 */
async function sandboxLoan(world: TWorld, coin: TCoin): Promise<void> {
  sandboxLoans += 1;
  const seedCents = SANDBOX_DEFAULT_PRICE_CENTS[coin];
  const priced = await world.app.inject({
    method: 'POST',
    url: '/sandbox/prices',
    payload: { [coin]: seedCents / 100 },
  });
  if (priced.statusCode >= 300) {
    throw new Error(`prices answered ${priced.statusCode}: ${priced.body}`);
  }
  pricesOf.set(world, {
    ...(pricesOf.get(world) ?? SANDBOX_DEFAULT_PRICE_CENTS),
    [coin]: seedCents,
  });
  const email = `commitment-${sandboxLoans}-${randomBytes(4).toString('hex')}@example.com`;
  const response = await world.app.inject({
    method: 'POST',
    url: '/sandbox/loans',
    payload: {
      email,
      collateralType: coin,
      coinQuantity: coin === 'BTC' ? '1' : '20',
      drawAmount: 20_000,
      state: 'OH',
    },
  });
  if (response.statusCode !== 201) {
    throw new Error(`sandbox loan answered ${response.statusCode}: ${response.body}`);
  }
  await poolLoan(world, email, (response.json() as TPostSandboxLoanResponse).loanUuid);
}

/**
 * A loan to renew, preferably of the coin, inside its renewal window: the pooled loan maturing
 * soonest that still has MIN_DAYS_LEFT days, else a new sandbox loan; the clock is moved into its
 * window when it is not there yet.
 */
async function takeLoanToRenew(world: TWorld, coin: TCoin): Promise<TPooledLoan> {
  const now = await deploymentNow(world);
  const pool = (poolOf.get(world) ?? []).filter((loan) => daysLeft(loan, now) >= MIN_DAYS_LEFT);
  if (pool.length === 0) {
    await sandboxLoan(world, coin);
    pool.push(...(poolOf.get(world) ?? []).filter((loan) => daysLeft(loan, now) >= MIN_DAYS_LEFT));
  }
  pool.sort((a, b) => a.maturityDate.localeCompare(b.maturityDate));
  const loan = pool.find((candidate) => candidate.coin === coin) ?? pool[0];
  if (loan === undefined) throw new Error('No loan to renew');
  poolOf.set(
    world,
    pool.filter((candidate) => candidate !== loan),
  );
  const left = daysLeft(loan, now);
  if (left > WINDOW_ENTRY_DAYS) {
    const moved = await world.app.inject({
      method: 'POST',
      url: '/sandbox/clock',
      payload: { advanceHours: Math.ceil((left - WINDOW_ENTRY_DAYS) * 24) },
    });
    if (moved.statusCode !== 200) throw new Error(`clock answered ${moved.statusCode}`);
    await runSweeps(world);
    // The agents' sessions the move outlived are opened again for the runs after.
    for (const agent of world.agents) await world.signInAgain(agent, 'agent');
  }
  return loan;
}

/** The renewals of a loan, oldest first. */
export async function renewalsOf(
  world: TWorld,
  loanUuid: string,
): Promise<{ uuid: string; state: string }[]> {
  return world.database.db
    .select({ uuid: applications.uuid, state: applications.state })
    .from(applications)
    .where(eq(applications.renewsApplicationUuid, loanUuid))
    .orderBy(applications.createdAt, applications.uuid);
}

/** The renewal the borrower's pages show: the open one, else the newest. */
export async function currentRenewal(
  journey: TCommitmentJourney,
): Promise<{ uuid: string; state: string } | undefined> {
  if (journey.loanUuid === null) return undefined;
  const renewals = await renewalsOf(journey.world, journey.loanUuid);
  return renewals.find((renewal) => renewal.state !== 'CANCELLED') ?? renewals.at(-1);
}

/** The borrower's refinancing applications, oldest first. */
export async function refinancingsOf(
  journey: TCommitmentJourney,
): Promise<{ uuid: string; state: string }[]> {
  return journey.world.database.db
    .select({ uuid: applications.uuid, state: applications.state })
    .from(applications)
    .where(
      and(
        eq(applications.identityUuid, journey.borrower.identityUuid),
        eq(applications.isCelsiusRefi, true),
      ),
    )
    .orderBy(applications.createdAt, applications.uuid);
}

/** The refinancing the run works on: the newest of the borrower's. */
export async function currentRefinancing(
  journey: TCommitmentJourney,
): Promise<{ uuid: string; state: string } | undefined> {
  return (await refinancingsOf(journey)).at(-1);
}

/** Every application the run touches: the loan, its renewals, the borrower's refinancings. */
export async function applicationsOf(journey: TCommitmentJourney): Promise<string[]> {
  const uuids = new Set<string>();
  if (journey.loanUuid !== null) {
    uuids.add(journey.loanUuid);
    for (const renewal of await renewalsOf(journey.world, journey.loanUuid))
      uuids.add(renewal.uuid);
  }
  for (const refinancing of await refinancingsOf(journey)) uuids.add(refinancing.uuid);
  return [...uuids];
}

let borrowers = 0;

/** A run's start: a new borrower for a refinancing, a pooled loan's borrower for a renewal. */
export async function startCommitmentJourney(
  world: TWorld,
  plan: TCommitmentPlan,
): Promise<TCommitmentJourney> {
  const coin = plan.kind === 'RENEWAL' ? plan.coin : TAPE_LOANS[plan.tapeLoanId];
  let email: string;
  let loanUuid: string | null = null;
  if (plan.kind === 'RENEWAL') {
    const loan = await takeLoanToRenew(world, plan.coin);
    email = loan.email;
    loanUuid = loan.loanUuid;
  } else {
    borrowers += 1;
    email = `refi-model-${borrowers}-${randomBytes(4).toString('hex')}@example.com`;
  }
  const borrower = await signInActor(world.app, email, 'customer');
  const journey: TCommitmentJourney = {
    world,
    plan,
    borrower,
    coin: loanUuid === null ? coin : await loanCoin(world, loanUuid),
    loanUuid,
    calls: [],
    step: 0,
    stepPrices: [],
    completions: new Map(),
    confirmations: new Map(),
    lastSignatures: new Map(),
    acceptedTiers: new Map(),
    seenOfferUuid: null,
  };
  // Every run starts at the seed price, so that its offers are there to take.
  await setStoredPrice(journey, SANDBOX_DEFAULT_PRICE_CENTS[journey.coin]);
  await world.runJobs();
  return journey;
}

async function loanCoin(world: TWorld, loanUuid: string): Promise<TCoin> {
  const result = await world.database.db.execute<{ coin: TCoin }>(
    sql`SELECT collateral_type AS coin FROM servicing_loans WHERE loan_uuid = ${loanUuid}::uuid`,
  );
  return result.rows[0]?.coin ?? 'BTC';
}
