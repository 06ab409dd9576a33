/**
 * fast-check commands of the renewal and refinancing model: every command runs one step (or two
 * at once) of commitment-journey.ts's run, with the stored price and the deployment's clock moving
 * between any two of them, and then checks what must hold after any step:
 * - no answer was a 5xx, the sandbox chain took every deposit, and no job about the run failed;
 * - a refused write (4xx) left every record of the run's applications as it was;
 * - `loanInvariantViolations` of each application and the servicing checks of each funded loan;
 * - the domain's renewal invariants of the loan renewed (`renewalInvariantViolations`: it
 *   completes at most once, within its LTV limit at the price of its completion, on the tier it
 *   accepted, never after maturity, carrying the loan's ledger balance of that day, the loan's
 *   ledger closed exactly once);
 * - the domain's refinancing invariants of each refinancing (`refiInvariantViolations`: confirmed
 *   within its treatment's limit at the price of its confirmation, signed on terms that held at the
 *   price of its last signature, the legacy loans paid off and the new ledger opened exactly once).
 * The price of a commitment is the stored price the observer had set while the step that made it
 * ran (commitment-journey.ts): the server must have priced it so.
 */
import fc, { type AsyncCommand } from 'fast-check';
import type { TServicingLoan } from '@pledge/contract';
import {
  loanInvariantViolations,
  refiInvariantViolations,
  renewalInvariantViolations,
  type TApplicationState,
  type TLoanStatusName,
  type TRefiCommitFacts,
  type TRenewalCommitFacts,
  type TRenewalFact,
} from '@pledge/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  applications,
  auditEvents,
  offers,
  refiApplications,
  refiEstatePayoffs,
  refiOffers,
  servicingLoans,
} from '../../src/db/schema/index.js';
import {
  advanceClock,
  applicationsOf,
  currentRefinancing,
  currentRenewal,
  deploymentNow,
  poolLoan,
  refinancingsOf,
  setStoredPrice,
  storedPrice,
  TAPE_LOANS,
  type TCommitmentJourney,
  type TCommitmentPlan,
  type TCommitmentRecord,
  type TTapeLoanId,
} from './commitment-journey.js';
import { failedJobsOf, loadLoanFacts, loadRecordFingerprint } from './load-facts.js';
import * as refi from './refi-commands.js';
import * as renewal from './renewal-commands.js';
import { activeLoan, commitmentStep, type TCommitmentStep } from './renewal-commands.js';
import { servicingProblems } from './servicing-checks.js';
import { checkStepCalls, describeCalls, stepFailure } from './step-calls.js';
import type { TCallRecord } from './world.js';

/** The model side of a run: how many steps ran since the run reached its end. */
export type TCommitmentModel = { stepsAfterEnd: number };

/** Steps still run once a run has ended (its renewal or refinancing complete): repeats. */
const STEPS_AFTER_END = 2;

// Price and clock moves.

/** The legacy loans of the sandbox tape: principal (cents) and coins (DESIGN §3). */
const TAPE_TERMS: Record<TTapeLoanId, { principalCents: number; coins: number }> = {
  '100001': { principalCents: 2_400_000, coins: 1 },
  '100002': { principalCents: 1_860_000, coins: 10 },
  '100003': { principalCents: 2_040_000, coins: 0.5 },
};

export type TPriceTarget = number | 'the seed price' | 'a little up' | 'a little down';

/**
 * The stored price moves so that the loan's LTV lands at `target` percent: a renewal run's active
 * loan (its balance on its collateral; the renewal adds its fee to that), a refinancing run's
 * legacy loan; or a little either way, or back to the seed price. The risk pass it queues runs.
 */
export const priceMoves = (target: TPriceTarget) =>
  commitmentStep(
    `the price moves to ${typeof target === 'number' ? `${target} % LTV` : target}`,
    false,
    async (journey) => {
      const now = storedPrice(journey.world, journey.coin);
      let cents = now;
      if (target === 'the seed price') {
        cents = journey.coin === 'BTC' ? 6_000_000 : 300_000;
      } else if (target === 'a little up' || target === 'a little down') {
        cents = now * (target === 'a little up' ? 1.03 : 0.97);
      } else if (journey.plan.kind === 'REFINANCING') {
        const terms = TAPE_TERMS[journey.plan.tapeLoanId];
        cents = terms.principalCents / (terms.coins * (target / 100));
      } else {
        const loan: TServicingLoan | undefined = await activeLoan(journey);
        const coins = Number(loan?.collateral.coinQuantity ?? 0);
        // A loan liquidated down to nothing, or owing nothing, has no LTV to aim at.
        if (loan === undefined || !(coins > 0) || loan.balances.totalCents <= 0) return;
        cents = loan.balances.totalCents / (coins * (target / 100));
      }
      await setStoredPrice(journey, cents);
      await journey.world.runJobs();
    },
  );

export type TClockMove = number | 'past maturity';

/** The deployment's clock moves on (hours, or to the day after the renewed loan's maturity). */
export const clockMoves = (move: TClockMove) =>
  commitmentStep(
    typeof move === 'number' ? `${move} hours pass` : 'the loan reaches its maturity',
    false,
    async (journey) => {
      let hours = typeof move === 'number' ? move : 24;
      if (move === 'past maturity' && journey.loanUuid !== null) {
        const [loan] = await journey.world.database.db
          .select({ maturityDate: servicingLoans.maturityDate })
          .from(servicingLoans)
          .where(eq(servicingLoans.loanUuid, journey.loanUuid));
        const now = await deploymentNow(journey.world);
        const maturity = Date.parse(`${String(loan?.maturityDate)}T00:00:00Z`);
        hours = Math.max(1, Math.ceil((maturity - now.getTime()) / 3_600_000) + 25);
      }
      await advanceClock(journey, hours);
    },
  );

// Facts read from the database for the domain's invariants.

type TCommitmentKind = 'completions' | 'confirmations' | 'lastSignatures';

/** How many commitments of each kind each application has recorded. */
async function commitmentCounts(
  journey: TCommitmentJourney,
  uuids: readonly string[],
): Promise<Record<TCommitmentKind, Map<string, number>>> {
  const counts = {
    completions: new Map<string, number>(),
    confirmations: new Map<string, number>(),
    lastSignatures: new Map<string, number>(),
  };
  if (uuids.length === 0) return counts;
  const rows = await journey.world.database.db
    .select({
      uuid: auditEvents.entityId,
      from: auditEvents.fromState,
      to: auditEvents.toState,
      isRollForward: applications.isRollForward,
      count: sql<number>`count(*)::int`,
    })
    .from(auditEvents)
    .innerJoin(applications, sql`${applications.uuid}::text = ${auditEvents.entityId}`)
    .where(
      and(eq(auditEvents.entityType, 'application'), inArray(auditEvents.entityId, [...uuids])),
    )
    .groupBy(
      auditEvents.entityId,
      auditEvents.fromState,
      auditEvents.toState,
      applications.isRollForward,
    );
  for (const row of rows) {
    const add = (kind: TCommitmentKind) =>
      counts[kind].set(row.uuid, (counts[kind].get(row.uuid) ?? 0) + row.count);
    if (row.isRollForward && row.from === 'WAITING_FOR_COLLATERAL' && row.to === 'COMPLETE') {
      add('completions');
    }
    const isSubmitted = row.to === 'SIGN_DOCS' || row.to === 'CELSIUS_TOP_UP_REQUESTED';
    if (!row.isRollForward && row.from === 'OFFER_ACCEPTED' && isSubmitted) add('confirmations');
    if (!row.isRollForward && row.to === 'WAITING_FOR_COLLATERAL') add('lastSignatures');
  }
  return counts;
}

/** After a step: a commitment it made is recorded with the prices in effect during the step. */
function noteCommitments(
  journey: TCommitmentJourney,
  counts: Record<TCommitmentKind, Map<string, number>>,
): void {
  for (const kind of ['completions', 'confirmations', 'lastSignatures'] as const) {
    for (const [uuid, count] of counts[kind]) {
      const known: TCommitmentRecord | undefined = journey[kind].get(uuid);
      if (known !== undefined && known.count >= count) continue;
      journey[kind].set(uuid, { count, prices: [...journey.stepPrices] });
    }
  }
}

/** Before a step: the rate tier each renewal not yet complete has accepted. */
async function noteAcceptedTiers(journey: TCommitmentJourney): Promise<void> {
  if (journey.loanUuid === null) return;
  const rows = await journey.world.database.db
    .select({ uuid: applications.uuid, state: applications.state, tierId: offers.tierId })
    .from(applications)
    .innerJoin(offers, eq(offers.uuid, applications.selectedOfferUuid))
    .where(eq(applications.renewsApplicationUuid, journey.loanUuid));
  for (const row of rows) {
    if (row.state !== 'COMPLETE') journey.acceptedTiers.set(row.uuid, row.tierId);
  }
}

/** The prices a commitment was made at, or null when it was made before the run observed it. */
function pricesOf(record: TCommitmentRecord | undefined): number[] | null {
  return record === undefined || record.prices.length === 0 ? null : record.prices;
}

/**
 * At a run's start: what its applications committed before (a pooled refinanced loan's
 * confirmation and signature, in another run) is known, at prices this run did not observe.
 */
export async function noteEarlierCommitments(journey: TCommitmentJourney): Promise<void> {
  const counts = await commitmentCounts(journey, await applicationsOf(journey));
  for (const kind of ['completions', 'confirmations', 'lastSignatures'] as const) {
    for (const [uuid, count] of counts[kind]) journey[kind].set(uuid, { count, prices: [] });
  }
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

async function loadRenewalFacts(
  journey: TCommitmentJourney,
  loanUuid: string,
): Promise<TRenewalCommitFacts> {
  const db = journey.world.database.db;
  const [loan] = await db
    .select({
      state: applications.state,
      status: servicingLoans.status,
      maturityDate: servicingLoans.maturityDate,
    })
    .from(applications)
    .leftJoin(servicingLoans, eq(servicingLoans.loanUuid, applications.uuid))
    .where(eq(applications.uuid, loanUuid));
  const rows = await db
    .select({ application: applications, offer: offers })
    .from(applications)
    .leftJoin(offers, eq(offers.uuid, applications.selectedOfferUuid))
    .where(eq(applications.renewsApplicationUuid, loanUuid));
  const events = await db
    .select({
      uuid: auditEvents.entityId,
      from: auditEvents.fromState,
      to: auditEvents.toState,
      at: auditEvents.at,
    })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entityType, 'application'),
        inArray(auditEvents.entityId, [loanUuid, ...rows.map((row) => row.application.uuid)]),
      ),
    );
  const closes = await db.execute<{ settled: string; effective_on: string }>(sql`
    SELECT sum(amount_cents) AS settled, min(effective_on)::text AS effective_on FROM ledger_entries
    WHERE loan_uuid = ${loanUuid}::uuid AND kind = 'RENEWAL_CLOSE' AND account = 'RENEWAL_SETTLEMENT'
    GROUP BY journal_uuid`);
  const renewals: TRenewalFact[] = rows.map(({ application, offer }) => ({
    appUuid: application.uuid,
    state: application.state,
    completedOn: events
      .filter(
        (event) =>
          event.uuid === application.uuid &&
          event.from === 'WAITING_FOR_COLLATERAL' &&
          event.to === 'COMPLETE',
      )
      .map((event) => isoDay(event.at)),
    offer:
      offer === null
        ? null
        : {
            drawCents: offer.drawAmountCents,
            originationFeeCents: offer.originationFeeAmountCents,
            coinQuantity: offer.collateralUnits,
            priceCents: offer.priceCents,
            tierId: offer.tierId,
          },
    acceptedTierId: journey.acceptedTiers.get(application.uuid) ?? null,
    pricesAtCompletionCents: pricesOf(journey.completions.get(application.uuid)),
  }));
  return {
    loanUuid,
    loanState: loan?.state ?? 'CREATED',
    loanMaturityDate: String(loan?.maturityDate ?? ''),
    loanServicingStatus: (loan?.status ?? null) as TLoanStatusName | null,
    loanRenewedEvents: events.filter((event) => event.uuid === loanUuid && event.to === 'RENEWED')
      .length,
    closeJournals: closes.rows.map((row) => ({
      settledCents: Number(row.settled),
      effectiveOn: row.effective_on,
    })),
    renewals,
  };
}

async function loadRefiFacts(
  journey: TCommitmentJourney,
  appUuid: string,
): Promise<TRefiCommitFacts | null> {
  const db = journey.world.database.db;
  const [row] = await db
    .select({ application: applications, refi: refiApplications })
    .from(applications)
    .innerJoin(refiApplications, eq(refiApplications.applicationUuid, applications.uuid))
    .where(eq(applications.uuid, appUuid));
  if (row === undefined) return null;
  const { application, refi: refiRow } = row;
  const [chosen] =
    application.selectedOfferUuid === null
      ? []
      : await db
          .select({
            tierId: offers.tierId,
            treatment: refiOffers.treatment,
            topUpRequired: refiOffers.topUpRequired,
          })
          .from(offers)
          .innerJoin(refiOffers, eq(refiOffers.offerUuid, offers.uuid))
          .where(eq(offers.uuid, application.selectedOfferUuid));
  const counts = await db.execute<{ completions: number; payoffs: number; serviced: number }>(sql`
    SELECT
      (SELECT count(*)::int FROM audit_events WHERE entity_type = 'application'
         AND entity_id = ${appUuid} AND from_state = 'WAITING_FOR_COLLATERAL' AND to_state = 'COMPLETE') AS completions,
      (SELECT count(*)::int FROM ${refiEstatePayoffs} WHERE application_uuid = ${appUuid}::uuid) AS payoffs,
      (SELECT count(*)::int FROM ${servicingLoans} WHERE loan_uuid = ${appUuid}::uuid) AS serviced`);
  const count = counts.rows[0];
  return {
    appUuid,
    state: application.state as TApplicationState,
    collateralType: refiRow.collateralType,
    principalCents: refiRow.principalCents,
    legacyCollateralQuantity: refiRow.legacyCollateralQuantity,
    quoted:
      chosen === undefined
        ? null
        : {
            option: chosen.treatment,
            topUpRequired: chosen.topUpRequired,
            topUpCoinQuantity: refiRow.topUpCoinQuantity ?? '0',
            tierId: chosen.tierId,
          },
    pricesAtConfirmationCents: pricesOf(journey.confirmations.get(appUuid)),
    pricesAtLastSignatureCents: pricesOf(journey.lastSignatures.get(appUuid)),
    completions: count?.completions ?? 0,
    estatePayoffs: count?.payoffs ?? 0,
    isServiced: (count?.serviced ?? 0) > 0,
  };
}

// The checks after every step.

export class CommitmentModelFailure extends Error {}

/**
 * Refusals that record what they found before answering, by design: a renewal whose terms no
 * longer hold, or whose loan matured, ends; a refinancing re-priced goes back to its offers priced
 * anew (its stale documents voided).
 */
const COMMITTED_REFUSALS = ['RENEWAL_REPRICED', 'REFI_REPRICED', 'MATURED'] as const;

async function fingerprints(journey: TCommitmentJourney): Promise<string> {
  const db = journey.world.database.db;
  const uuids = await applicationsOf(journey);
  const parts = await Promise.all(uuids.map((uuid) => loadRecordFingerprint(db, uuid)));
  return JSON.stringify([uuids, parts]);
}

async function checkAfterStep(
  journey: TCommitmentJourney,
  stepCalls: readonly TCallRecord[],
  before: string | null,
): Promise<void> {
  const db = journey.world.database.db;
  const fail = stepFailure(CommitmentModelFailure, stepCalls);
  checkStepCalls(stepCalls, fail);
  const writes = stepCalls.filter((record) => record.method !== 'GET');
  const isRefused = (record: TCallRecord) =>
    record.status >= 400 && !COMMITTED_REFUSALS.some((code) => record.body.includes(`"${code}"`));
  if (before !== null && writes.length > 0 && writes.every(isRefused)) {
    const after = await fingerprints(journey);
    if (after !== before) {
      fail('A refused call changed the records', `before: ${before}\nafter:  ${after}`);
    }
  }

  const uuids = await applicationsOf(journey);
  noteCommitments(journey, await commitmentCounts(journey, uuids));
  // Independent reads, each application's on connections of its own.
  const [perApplication, renewalFacts, refiFacts] = await Promise.all([
    Promise.all(
      uuids.map(async (uuid) => {
        const [failedJobs, facts] = await Promise.all([
          failedJobsOf(db, uuid),
          loadLoanFacts(db, uuid),
        ]);
        const servicing = await servicingProblems(journey, facts.servicing ?? null, uuid);
        return { uuid, failedJobs, facts, servicing };
      }),
    ),
    journey.loanUuid === null ? null : loadRenewalFacts(journey, journey.loanUuid),
    refinancingsOf(journey).then((refinancings) =>
      Promise.all(refinancings.map((refinancing) => loadRefiFacts(journey, refinancing.uuid))),
    ),
  ]);
  for (const { uuid, failedJobs, facts, servicing } of perApplication) {
    if (failedJobs.length > 0) fail('A job failed', JSON.stringify(failedJobs));
    const violations = loanInvariantViolations(facts);
    if (violations.length > 0) {
      fail(`Invariants of ${uuid} broken:\n  ${violations.join('\n  ')}`, JSON.stringify(facts));
    }
    if (servicing.length > 0) fail(`Servicing of ${uuid} broken:\n  ${servicing.join('\n  ')}`);
  }
  if (renewalFacts !== null) {
    const violations = renewalInvariantViolations(renewalFacts);
    if (violations.length > 0) {
      fail(
        `Renewal invariants broken:\n  ${violations.join('\n  ')}`,
        JSON.stringify(renewalFacts),
      );
    }
  }
  for (const facts of refiFacts) {
    if (facts === null) continue;
    const violations = refiInvariantViolations(facts);
    if (violations.length > 0) {
      fail(`Refinancing invariants broken:\n  ${violations.join('\n  ')}`, JSON.stringify(facts));
    }
  }
}

/** Whether the run has reached its end: its renewal or refinancing complete, or nothing to renew. */
async function hasEnded(journey: TCommitmentJourney): Promise<boolean> {
  if (journey.plan.kind === 'REFINANCING') {
    return (await currentRefinancing(journey))?.state === 'COMPLETE';
  }
  const current = await currentRenewal(journey);
  if (current?.state === 'COMPLETE') return true;
  if (current !== undefined && current.state !== 'CANCELLED') return false;
  // No renewal open: the loan must still be renewable.
  const [loan] = await journey.world.database.db
    .select({ state: applications.state, maturityDate: servicingLoans.maturityDate })
    .from(applications)
    .innerJoin(servicingLoans, eq(servicingLoans.loanUuid, applications.uuid))
    .where(eq(applications.uuid, journey.loanUuid ?? ''));
  const today = isoDay(await deploymentNow(journey.world));
  return loan?.state !== 'COMPLETE' || today > String(loan.maturityDate);
}

/** Runs one step, then the checks. */
export class CommitmentCommand implements AsyncCommand<TCommitmentModel, TCommitmentJourney> {
  constructor(private readonly step: TCommitmentStep) {}

  check(model: Readonly<TCommitmentModel>): boolean {
    return model.stepsAfterEnd <= STEPS_AFTER_END;
  }

  async run(model: TCommitmentModel, journey: TCommitmentJourney): Promise<void> {
    journey.step += 1;
    journey.stepPrices = [storedPrice(journey.world, journey.coin)];
    const from = journey.calls.length;
    await noteAcceptedTiers(journey);
    const before = this.step.isSingleWrite ? await fingerprints(journey) : null;
    const started = Date.now();
    await this.step.act(journey);
    const stepCalls = journey.calls.slice(from);
    const checked = Date.now();
    await checkAfterStep(journey, stepCalls, before);
    if (process.env.MODEL_TRACE !== undefined) {
      console.log(
        `#${journey.step} ${this.step.name} (${checked - started} ms, checks ${Date.now() - checked} ms)\n${describeCalls(stepCalls)}`,
      );
    }
    if (model.stepsAfterEnd > 0 || (await hasEnded(journey))) model.stepsAfterEnd += 1;
  }

  toString(): string {
    return this.step.name;
  }

  [fc.toStringMethod](): string {
    return this.step.name;
  }
}

/** After a run: its completed refinancings are loans a later renewal run may renew. */
export async function poolCompletedRefinancings(journey: TCommitmentJourney): Promise<void> {
  if (journey.plan.kind !== 'REFINANCING') return;
  for (const refinancing of await refinancingsOf(journey)) {
    if (refinancing.state === 'COMPLETE') {
      await poolLoan(journey.world, journey.borrower.email, refinancing.uuid);
    }
  }
}

// The next natural move: keeps random sequences reaching completion.

async function renewalMoves(
  journey: TCommitmentJourney,
  choice: number,
): Promise<TCommitmentStep[]> {
  const current = await currentRenewal(journey);
  switch (current?.state) {
    case undefined:
    case 'CANCELLED':
      return [renewal.openRenewal()];
    case 'CREATED': {
      const read = await journey.world.database.db
        .select({ uuid: offers.uuid })
        .from(offers)
        .where(and(eq(offers.applicationUuid, current.uuid), sql`${offers.supersededAt} IS NULL`));
      if (read.length === 0) {
        return [renewal.setTopUp('a lot'), priceMoves('the seed price'), renewal.openRenewal()];
      }
      return choice % 3 === 0
        ? [renewal.setTopUp(choice % 2 === 0 ? 'a little' : 'none'), renewal.acceptRenewal('shown')]
        : [renewal.acceptRenewal('shown')];
    }
    case 'OFFER_ACCEPTED':
    case 'GEN_APP_DISCLOSURES':
      return [renewal.runJobs()];
    case 'SIGN_DOCS':
      return [renewal.signRenewalDocument('next')];
    case 'WAITING_FOR_COLLATERAL':
      return [
        renewal.depositForRenewal('the rest', null),
        renewal.confirmRenewalSent(),
        renewal.optInRenewalTestDeposit(),
        renewal.depositForRenewal('a test amount', null),
        renewal.runWatcher(),
      ];
    default:
      return [renewal.readRenewalPages()];
  }
}

async function refiMoves(journey: TCommitmentJourney, choice: number): Promise<TCommitmentStep[]> {
  const current = await currentRefinancing(journey);
  switch (current?.state) {
    case undefined:
    case 'CANCELLED':
      return [refi.lookUpTapeLoan()];
    case 'CREATED':
      return [
        refi.selectRefiOffer(choice % 2 === 0 ? 'custody only' : 'ownership transfer'),
        refi.confirmRefi(false),
      ];
    case 'OFFER_ACCEPTED':
      return [refi.confirmRefi(false), refi.estimateTopUp()];
    case 'CELSIUS_TOP_UP_REQUESTED':
      return [refi.depositForRefi('the rest', null), refi.confirmRefi(true)];
    case 'CELSIUS_WAITING_FOR_TOP_UP':
      return [refi.depositForRefi('the rest', null), refi.runRefiSweep()];
    case 'SIGN_DOCS':
    case 'CELSIUS_FULL_COLLATERAL_RECEIVED':
      return [refi.signRefiDocument('next')];
    case 'WAITING_FOR_COLLATERAL':
      return [renewal.runJobs(), refi.runRefiSweep()];
    default:
      return [refi.readRefiPages()];
  }
}

/** Choices below this take the first open move; the others any open move. */
const PROCEED_IN_ORDER = 7;

function proceed(choice: number): TCommitmentStep {
  let chosen = '';
  return {
    get name() {
      return `proceed(${choice})${chosen === '' ? '' : ` → ${chosen}`}`;
    },
    isSingleWrite: false,
    async act(journey) {
      const moves =
        journey.plan.kind === 'RENEWAL'
          ? await renewalMoves(journey, choice)
          : await refiMoves(journey, choice);
      const move = (choice < PROCEED_IN_ORDER ? moves[0] : moves[choice % moves.length]) as
        TCommitmentStep | undefined;
      if (move === undefined) return;
      chosen = move.name;
      await move.act(journey);
    },
  };
}

function together(first: TCommitmentStep, second: TCommitmentStep): TCommitmentStep {
  return commitmentStep(`together(${first.name} ‖ ${second.name})`, false, async (journey) => {
    await Promise.all([first.act(journey), second.act(journey)]);
  });
}

// Arbitraries.

const confirmationsArb = fc.constantFrom<number | null>(null, null, null, 0, 1);

const priceArb = (kind: TCommitmentPlan['kind']): fc.Arbitrary<TCommitmentStep> =>
  fc
    .constantFrom<TPriceTarget>(
      'the seed price',
      'a little up',
      'a little down',
      // Either side of the edges: the tiers' 50 % and the 75 % limit (the renewal adds its fee to
      // the loan's balance); custody only's 55 % and ownership transfer's 70 %.
      ...(kind === 'RENEWAL' ? [30, 46, 49, 52, 56, 70, 73, 77] : [40, 50, 54, 57, 62, 69, 72, 80]),
    )
    .map(priceMoves);

const clockArb = (kind: TCommitmentPlan['kind']): fc.Arbitrary<TCommitmentStep> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom<TClockMove>(1, 24, 72).map(clockMoves) },
    {
      weight: 1,
      arbitrary: fc
        .constant<TClockMove>(kind === 'RENEWAL' ? 'past maturity' : 15 * 24)
        .map(clockMoves),
    },
  );

const renewalStepArb: fc.Arbitrary<TCommitmentStep> = fc.oneof(
  fc.constant(null).map(renewal.openRenewal),
  fc.constantFrom<renewal.TTopUpSize>('none', 'a little', 'a lot').map(renewal.setTopUp),
  fc
    .constantFrom<'shown' | 'seen earlier'>('shown', 'shown', 'seen earlier')
    .map(renewal.acceptRenewal),
  fc.oneof(fc.constant<'next'>('next'), fc.nat(3)).map(renewal.signRenewalDocument),
  fc.constant(null).map(renewal.confirmRenewalSent),
  fc.constant(null).map(renewal.optInRenewalTestDeposit),
  fc
    .tuple(
      fc.constantFrom<renewal.TRenewalDepositSize>(
        'the rest',
        'half the rest',
        'a test amount',
        'more',
      ),
      confirmationsArb,
    )
    .map(([size, confirmations]) => renewal.depositForRenewal(size, confirmations)),
  fc.integer({ min: 1, max: 12 }).map(renewal.mineBlocks),
  fc.constant(null).map(renewal.runWatcher),
  fc.constant(null).map(renewal.runJobs),
  fc.constant(null).map(renewal.readRenewalPages),
);

const refiStepArb: fc.Arbitrary<TCommitmentStep> = fc.oneof(
  fc.constant(null).map(refi.lookUpTapeLoan),
  fc
    .constantFrom<refi.TRefiPick>('custody only', 'ownership transfer', 'the first')
    .map(refi.selectRefiOffer),
  fc.constant(null).map(refi.estimateTopUp),
  fc.boolean().map(refi.confirmRefi),
  fc
    .tuple(
      fc.constantFrom<refi.TRefiDepositSize>('the rest', 'half the rest', 'more'),
      confirmationsArb,
    )
    .map(([size, confirmations]) => refi.depositForRefi(size, confirmations)),
  fc.oneof(fc.constant<'next'>('next'), fc.nat(2)).map(refi.signRefiDocument),
  fc.integer({ min: 1, max: 12 }).map(renewal.mineBlocks),
  fc.constant(null).map(refi.runRefiSweep),
  fc.constant(null).map(renewal.runJobs),
  fc.constant(null).map(refi.readRefiPages),
);

/**
 * The commands of a run of this kind: mostly the next natural move, with the price and the clock
 * moving between any two steps (a price move about one step in four), any other step, and two at
 * once.
 */
export function commitmentCommandArb(
  kind: TCommitmentPlan['kind'],
): fc.Arbitrary<CommitmentCommand> {
  const stepArb = kind === 'RENEWAL' ? renewalStepArb : refiStepArb;
  const movesArb = fc.oneof({ weight: 4, arbitrary: priceArb(kind) }, clockArb(kind));
  const proceedArb = fc.nat(9).map(proceed);
  return fc
    .oneof(
      { weight: 8, arbitrary: proceedArb },
      { weight: 4, arbitrary: movesArb },
      { weight: 2, arbitrary: stepArb },
      {
        weight: 2,
        arbitrary: fc.oneof(
          fc.oneof(stepArb, proceedArb).map((single) => together(single, single)),
          fc
            .tuple(fc.oneof(stepArb, proceedArb), fc.oneof(stepArb, movesArb))
            .map(([a, b]) => together(a, b)),
        ),
      },
    )
    .map((chosen) => new CommitmentCommand(chosen));
}

export const commitmentPlanArb: fc.Arbitrary<TCommitmentPlan> = fc.oneof(
  fc.constantFrom<'BTC' | 'ETH'>('BTC', 'ETH').map((coin) => ({ kind: 'RENEWAL' as const, coin })),
  fc
    .constantFrom<TTapeLoanId>(...(Object.keys(TAPE_LOANS) as TTapeLoanId[]))
    .map((tapeLoanId) => ({ kind: 'REFINANCING' as const, tapeLoanId })),
);
