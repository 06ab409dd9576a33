/**
 * Model-based test of the loan journey: random sequences of what the borrower, the
 * chain, the bank link, the job runner and two agents can do — in any order, repeated, and two at
 * once — driven through the real API on a real database. Once funded, the loan lives on: months
 * pass with their statements, the coin's price moves through the risk levels (warning, courtesy
 * notice, margin call, liquidation) and back, the borrower pays (amounts due, parts, a debit the
 * bank returns, more than owed; new keys and repeated ones), defers, adds collateral and pays off.
 * After every step the application's facts are read from the database (load-facts.ts) and every
 * loan invariant of the domain
 * (packages/domain/src/loan-invariants.ts, servicing included) and the ledger, risk-notice and
 * liquidation checks of servicing-checks.ts must hold; no answer may be a 5xx, no job may fail, a
 * refused write must leave the records as they were, and an agent who is the borrower must never
 * act on their own loan (see commands.ts).
 *
 * Each `npm test` runs two fixed seeds (the second reached a holder-name review still open at release),
 * so that the suite answers the same for the same code; MODEL_FRESH=1 adds a new seed each run, to
 * explore (every seed is printed). A failure prints the seed,
 * fast-check's replay path and the shrunk sequence of steps, each step by name
 * ("borrower signs document next", "chain: deposit remaining with enough confirmations", ...),
 * followed by the HTTP answers of the failing step and the facts that broke the rule.
 * Replay one:  MODEL_SEED=<seed> MODEL_PATH=<path> npx vitest run test/model
 * More runs:   MODEL_RUNS=200 MODEL_TIME_BUDGET_MS=600000 npx vitest run test/model
 * Watch it:    MODEL_TRACE=1 prints every step with its answers; MODEL_LOG=warn the server's logs.
 *
 * Showing that the test catches a missing enforcement: take an enforcement out (in a copy of the
 * tree, or locally and put it back), run `MODEL_RUNS=20 npx vitest run test/model -t fixed`.
 * Tried on the fixed seed 202020 (each failed within 20 runs and shrank to a readable sequence):
 * - fundingNeedsVerifiedDisbursement: in services/disbursement/verify-funding.ts
 *   (advanceFundingIfReady) skip the "no destination → WAITING_FOR_DISBURSEMENT" return AND in
 *   services/applications/apply-transition.ts make assertFundingRequirements return at once →
 *   "MANUAL_FUNDING_RELEASE without a verified US_BANK destination" (collateral before the bank).
 *   With only verify-funding's check gone, the guard in apply-transition refuses inside the
 *   watcher's transaction and the test fails on "A deposit on chain was refused" (409); with only
 *   the guard gone, verify-funding still holds the loan (the guard is a second line).
 * - atMostOneOpenCollateralRelease: in services/collateral/request-collateral-release.ts
 *   ignore the open request (`open = undefined`) → a second address answers 500 (the partial unique
 *   index of migration 0010 stands behind); without that index too → "2 open collateral release
 *   requests".
 * - collateralReleaseRespectsHold: schedule the release at the request time instead of
 *   collateralReleaseDate(...) → "scheduled before the hold ends".
 * - fundingNeedsApprovedIdentity: in services/ops/release-funds.ts skip the ID refusal AND in
 *   services/applications/apply-transition.ts drop the rule from the guard's violations → both seeds
 *   fail on "COMPLETE (funded) with the ID PENDING, not APPROVED" (a release proposed before the
 *   ID, one of the natural moves while the application waits for the release).
 * - own-application block: let lockApplication in services/ops/ops-record.ts skip its
 *   403 OWN_APPLICATION → "An agent acted on their own loan" (a borrower who is also an agent).
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { applications } from '../../src/db/schema/index.js';
import { commandArb, type TModel } from './commands.js';
import {
  createWorld,
  FINAL_TASKS,
  startJourney,
  type TJourney,
  type TJourneyPlan,
  type TWorld,
} from './world.js';

/** The seeds every run checks. */
const FIXED_SEED = 20_2020;
/** A seed whose runs release funds while a holder-name review of the account is open. */
const HOLDER_NAME_REVIEW_SEED = 339_842_981;
/** Runs per seed (each a new borrower and application); the time budget below caps them. */
const RUNS_PER_SEED = Number(process.env.MODEL_RUNS ?? 15);
/** Steps per run. */
const MIN_STEPS = 30;
const MAX_STEPS = 50;
/**
 * Wall time per seed, shrinking included: runs stop there (the file stays near 80 s on two busy
 * cores); a failure found earlier is still reported, shrunk as far as the time allowed.
 */
const TIME_BUDGET_MS = Number(process.env.MODEL_TIME_BUDGET_MS ?? 35_000);

const planArb: fc.Arbitrary<TJourneyPlan> = fc.record({
  residence: fc.constantFrom('DOMESTIC', 'DOMESTIC', 'INTERNATIONAL'),
  coin: fc.constantFrom('BTC', 'ETH'),
  // Mostly approved; 0002 locked (a retry is possible), 0004 declined.
  ssnLast4: fc.oneof(
    { weight: 8, arbitrary: fc.constant('6789') },
    { weight: 1, arbitrary: fc.constantFrom('0002', '0004') },
  ),
  borrowerIsAgent: fc.constantFrom(false, false, false, true),
  taskOrder: fc.shuffledSubarray([...FINAL_TASKS], { minLength: FINAL_TASKS.length }),
});

async function finalState(journey: TJourney): Promise<string> {
  const [row] = await journey.world.database.db
    .select({ state: applications.state })
    .from(applications)
    .where(eq(applications.uuid, journey.appUuid));
  return row?.state ?? 'none';
}

let world: TWorld;
beforeAll(async () => {
  world = await createWorld();
});
afterAll(async () => {
  await world.close();
});

const replaySeed = process.env.MODEL_SEED;
const seeds =
  replaySeed !== undefined
    ? [{ label: 'replayed', seed: Number(replaySeed) }]
    : [
        { label: 'fixed', seed: FIXED_SEED },
        { label: 'fixed', seed: HOLDER_NAME_REVIEW_SEED },
        ...(process.env.MODEL_FRESH === '1'
          ? [{ label: 'fresh', seed: Date.now() % 2_147_483_647 }]
          : []),
      ];

describe('the loan journey in any order', () => {
  for (const { label, seed } of seeds) {
    it(
      `keeps every loan invariant (${label} seed ${seed})`,
      { timeout: TIME_BUDGET_MS * 3 },
      async () => {
        // What the runs reached, printed with the seed: a model that never gets past the offer
        // checks little.
        const reached = new Map<string, number>();
        let stepsRun = 0;
        const report = () =>
          console.log(
            `loan journey model, ${label} seed ${seed}: ${stepsRun} steps, final states ${JSON.stringify(Object.fromEntries(reached))}`,
          );
        await fc
          .assert(
            fc.asyncProperty(
              planArb,
              // A plain array rather than fc.commands: every run is long enough to reach the end of
              // the journey (fc.commands starts small), and it shrinks by dropping steps all the same.
              fc.array(commandArb, { minLength: MIN_STEPS, maxLength: MAX_STEPS, size: 'max' }),
              async (plan, commands) => {
                const journey = await startJourney(world, plan);
                try {
                  await fc.asyncModelRun(
                    () => ({ model: { isEnded: false } as TModel, real: journey }),
                    commands,
                  );
                } finally {
                  const state = await finalState(journey);
                  reached.set(state, (reached.get(state) ?? 0) + 1);
                  stepsRun += journey.step;
                }
              },
            ),
            {
              seed,
              numRuns: RUNS_PER_SEED,
              interruptAfterTimeLimit: TIME_BUDGET_MS,
              ...(process.env.MODEL_PATH !== undefined ? { path: process.env.MODEL_PATH } : {}),
            },
          )
          .finally(report);
      },
    );
  }
});
