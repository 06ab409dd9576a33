/**
 * fast-check commands over the steps: every command runs one step (or two at once) and then checks
 * what must hold after any step:
 * - no answer was a 5xx, and no job about the application failed;
 * - the sandbox chain took every deposit (what happens on chain cannot be refused);
 * - the borrower's own agent sign-in never got a 2xx from an agent action on their loan;
 * - a refused write (4xx) left every record of the application as it was;
 * - `loanInvariantViolations` of the facts loaded from the database is empty, servicing included;
 * - the funded loan's ledger, risk notices and liquidations hold (servicing-checks.ts).
 */
import fc, { type AsyncCommand } from 'fast-check';
import {
  isCollateralConfirmed,
  isTerminal,
  loanInvariantViolations,
  type TLoanFacts,
  type TPayoffMethod,
} from '@pledge/domain';
import { and, eq, isNull } from 'drizzle-orm';
import {
  bankLinkItems,
  collateralAccounts,
  collateralDeposits,
  disbursementAccounts,
  holderNameReviews,
  offers,
  opsProposals,
} from '../../src/db/schema/index.js';
import { failedJobsOf, loadLoanFacts, loadRecordFingerprint } from './load-facts.js';
import { servicingProblems } from './servicing-checks.js';
import * as steps from './steps.js';
import type { TStep } from './steps.js';
import { checkStepCalls, describeCalls, stepFailure } from './step-calls.js';
import type { TCallRecord, TFinalTask, TJourney } from './world.js';

/**
 * The model side of a run: the checks read the database, so the model only knows whether the
 * application has reached an end (DECLINED, CANCELLED, COLLATERAL_RELEASED), after which the
 * remaining steps of the run are skipped.
 */
export type TModel = { isEnded: boolean };

const OPS_PREFIX = '/service-ops/';

export class ModelFailure extends Error {}

async function checkAfterStep(
  journey: TJourney,
  stepCalls: readonly TCallRecord[],
  before: string | null,
): Promise<TLoanFacts> {
  const db = journey.world.database.db;
  const fail = stepFailure(ModelFailure, stepCalls);
  checkStepCalls(stepCalls, fail);

  const selfEmail = journey.selfAgent?.email;
  const selfActs = stepCalls.filter(
    (record) =>
      record.actor === selfEmail &&
      record.method === 'POST' &&
      record.url.startsWith(OPS_PREFIX) &&
      record.status < 300,
  );
  if (selfActs.length > 0) fail('An agent acted on their own loan', describeCalls(selfActs));

  const writes = stepCalls.filter((record) => record.method !== 'GET');
  if (before !== null && writes.length > 0 && writes.every((record) => record.status >= 400)) {
    const after = await loadRecordFingerprint(db, journey.appUuid);
    if (after !== before)
      fail('A refused call changed the records', `before: ${before}\nafter:  ${after}`);
  }

  const failedJobs = await failedJobsOf(db, journey.appUuid);
  if (failedJobs.length > 0) fail('A job failed', JSON.stringify(failedJobs));

  const facts = await loadLoanFacts(db, journey.appUuid);
  const violations = loanInvariantViolations(facts);
  if (violations.length > 0) {
    fail(`Invariants broken:\n  ${violations.join('\n  ')}`, `facts: ${JSON.stringify(facts)}`);
  }
  const servicing = await servicingProblems(journey, facts.servicing ?? null);
  if (servicing.length > 0) {
    fail(`Servicing broken:\n  ${servicing.join('\n  ')}`, `facts: ${JSON.stringify(facts)}`);
  }
  return facts;
}

/** Runs one step, then the checks. */
export class JourneyCommand implements AsyncCommand<TModel, TJourney> {
  constructor(private readonly step: TStep) {}

  check(model: Readonly<TModel>): boolean {
    return !model.isEnded;
  }

  async run(model: TModel, journey: TJourney): Promise<void> {
    journey.step += 1;
    const started = Date.now();
    const from = journey.calls.length;
    const before = this.step.isSingleWrite
      ? await loadRecordFingerprint(journey.world.database.db, journey.appUuid)
      : null;
    await this.step.act(journey);
    const stepCalls = journey.calls.slice(from);
    if (process.env.MODEL_TRACE !== undefined) {
      console.log(`#${journey.step} ${this.step.name} (${Date.now() - started} ms)`);
      console.log(describeCalls(stepCalls));
    }
    const checked = Date.now();
    const facts = await checkAfterStep(journey, stepCalls, before);
    model.isEnded = isTerminal(facts.state);
    if (process.env.MODEL_TRACE !== undefined) console.log(`  checks: ${Date.now() - checked} ms`);
  }

  toString(): string {
    return this.step.name;
  }

  /** How fast-check prints the command in a counterexample. */
  [fc.toStringMethod](): string {
    return this.step.name;
  }
}

// The next natural move: keeps random sequences reaching the end of the journey.

async function pendingProposal(journey: TJourney) {
  const [proposal] = await journey.world.database.db
    .select({ proposedBy: opsProposals.proposedBy, kind: opsProposals.kind })
    .from(opsProposals)
    .where(
      and(eq(opsProposals.applicationUuid, journey.appUuid), eq(opsProposals.status, 'PENDING')),
    );
  return proposal;
}

/** The holder-name review of the application's current payout account, if it needed one. */
async function currentHolderNameReview(journey: TJourney) {
  const [row] = await journey.world.database.db
    .select({ status: holderNameReviews.status })
    .from(holderNameReviews)
    .innerJoin(
      disbursementAccounts,
      and(
        eq(disbursementAccounts.applicationUuid, holderNameReviews.applicationUuid),
        eq(disbursementAccounts.version, holderNameReviews.disbursementVersion),
      ),
    )
    .where(eq(holderNameReviews.applicationUuid, journey.appUuid));
  return row?.status;
}

/**
 * The agent who acts in a natural move: any of them by `choice` (the borrower's own agent sign-in
 * too, when the borrower is an agent: the server must refuse them), never the proposer of what is
 * being approved.
 */
function actingAgent(journey: TJourney, choice: number, proposedBy?: string): number {
  const candidates = journey.agents
    .map((agent, index) => ({ agent, index }))
    .filter(({ agent }) => agent.identityUuid !== proposedBy);
  return candidates[choice % candidates.length]?.index ?? 0;
}

async function naturalMoves(
  journey: TJourney,
  choice: number,
  payoffMethod: TPayoffMethod,
): Promise<TStep[]> {
  const db = journey.world.database.db;
  const facts = await loadLoanFacts(db, journey.appUuid);
  const isDomestic = journey.plan.residence === 'DOMESTIC';
  switch (facts.state) {
    case 'CREATED': {
      const [offer] = await db
        .select({ uuid: offers.uuid })
        .from(offers)
        .where(eq(offers.applicationUuid, journey.appUuid))
        .limit(1);
      return offer === undefined ? [steps.requestOffer('plan')] : [steps.acceptOffer('newest')];
    }
    case 'OFFER_ACCEPTED':
      return [steps.submitDetails('plan')];
    case 'ATTACH_PROFILE':
    case 'SOFT_CREDIT':
    case 'GEN_APP_DISCLOSURES':
      return [steps.runJobs()];
    case 'SOFT_CREDIT_NO_MATCH':
    case 'SOFT_CREDIT_LOCKED':
    case 'SOFT_CREDIT_FROZEN':
      return [steps.retryCredit(), steps.runJobs()];
    case 'MANUAL_FUNDING_RELEASE':
    case 'COMPLETE': {
      // The agents review a holder name that is not the borrower's before the release; a refused
      // account is replaced by one in the borrower's name.
      const review =
        facts.state === 'COMPLETE' ? undefined : await currentHolderNameReview(journey);
      if (review === 'PENDING')
        return [steps.decideHolderName(actingAgent(journey, choice), 'approve')];
      if (review === 'REJECTED') return [steps.saveManualBank('borrower', 'valid')];
      const proposal = await pendingProposal(journey);
      if (proposal !== undefined) {
        return [steps.decideProposal(actingAgent(journey, choice, proposal.proposedBy), 'approve')];
      }
      const agent = actingAgent(journey, choice);
      // A borrower who signed and deposited before the ID uploads it now: the release needs it.
      // Every other time an agent proposes the release first, which must be refused.
      if (facts.state === 'MANUAL_FUNDING_RELEASE' && facts.identityDocument !== 'APPROVED') {
        const idMove =
          facts.identityDocument === 'PENDING'
            ? steps.approveId(agent)
            : steps.uploadId(facts.identityDocument === 'NONE' ? 0 : 1, 'plan');
        return choice % 2 === 0
          ? [steps.proposeRelease(agent), idMove]
          : [idMove, steps.proposeRelease(agent)];
      }
      return facts.state === 'COMPLETE'
        ? [servicingMove(journey, choice, agent, payoffMethod)]
        : [steps.proposeRelease(agent)];
    }
    case 'PAID_OFF':
      return facts.collateralReleases.length === 0
        ? [steps.releaseCollateral(0)]
        : [steps.readPages()];
    case 'SIGN_DOCS':
    case 'WAITING_FOR_COLLATERAL':
    case 'CRYPTO_FUNDING_VERIFY':
    case 'BORROWER_MICRO_DEPOSIT_CONFIRM':
      break;
    default:
      return [steps.readPages()];
  }
  // The final steps, each task's next move; the plan's order says which task the borrower
  // takes up first (collateral before the bank account).
  const byTask: Record<TFinalTask, TStep[]> = {
    DOCUMENTS: [],
    IDENTITY: [],
    DISBURSEMENT: [],
    COLLATERAL: [],
  };
  if (!facts.documentsSigned) byTask.DOCUMENTS.push(steps.signDocument('next'));
  if (facts.identityDocument === 'NONE' || facts.identityDocument === 'REJECTED') {
    byTask.IDENTITY.push(steps.uploadId(facts.identityDocument === 'NONE' ? 0 : 1, 'plan'));
  }
  if (facts.identityDocument === 'PENDING') {
    byTask.IDENTITY.push(steps.approveId(actingAgent(journey, choice)));
  }
  if (facts.disbursement.kind === null) {
    if (!isDomestic) byTask.DISBURSEMENT.push(steps.saveWallet(0));
    else {
      const [item] = await db
        .select({ status: bankLinkItems.status })
        .from(bankLinkItems)
        .where(eq(bankLinkItems.applicationUuid, journey.appUuid));
      byTask.DISBURSEMENT.push(
        ...(item === undefined
          ? [steps.saveManualBank('borrower', 'valid'), steps.linkBank()]
          : [steps.chooseLinkedAccount('checking'), steps.bankItemReady()]),
      );
    }
  }
  const review = await currentHolderNameReview(journey);
  if (review === 'PENDING') {
    byTask.DISBURSEMENT.push(steps.decideHolderName(actingAgent(journey, choice), 'approve'));
  }
  if (facts.disbursement.kind === 'US_BANK' && review === 'REJECTED') {
    byTask.DISBURSEMENT.push(steps.saveManualBank('borrower', 'valid'));
  }
  if (facts.state === 'BORROWER_MICRO_DEPOSIT_CONFIRM') {
    byTask.DISBURSEMENT.push(steps.confirmMicroTransfer());
  }
  const [account] = await db
    .select({ address: collateralAccounts.depositAddress })
    .from(collateralAccounts)
    .where(eq(collateralAccounts.applicationUuid, journey.appUuid));
  if (facts.documentsSigned && account?.address == null) {
    byTask.COLLATERAL.push(steps.calculateCollateral());
  }
  if (account?.address != null && !isCollateralConfirmed(facts.collateral)) {
    const [unconfirmed] = await db
      .select({ id: collateralDeposits.id })
      .from(collateralDeposits)
      .where(
        and(
          eq(collateralDeposits.applicationUuid, journey.appUuid),
          isNull(collateralDeposits.confirmedAt),
        ),
      );
    byTask.COLLATERAL.push(
      unconfirmed === undefined ? steps.deposit('remaining', null) : steps.mineBlocks(12),
      steps.runWatcher(),
    );
  }
  if (account?.address != null && !facts.collateral.borrowerConfirmed) {
    byTask.COLLATERAL.push(steps.confirmCollateralSent());
  }
  const moves = journey.plan.taskOrder.flatMap((task) => byTask[task]);
  if (moves.length === 0) moves.push(steps.runWatcher(), steps.readPages());
  return moves;
}

/** Price targets a funded loan's natural moves take it to, by `choice`. */
const PRICE_TARGETS: readonly steps.TPriceTarget[] = [
  'WARNING',
  'COURTESY_NOTICE',
  'MARGIN_CALL',
  'the seed price',
  'LIQUIDATION',
  'the seed price',
];

/**
 * A funded loan lives a while before it ends: months pass with their statements, the price moves
 * through the risk levels and back, the borrower pays, defers, adds collateral; then it is paid off
 * (by the borrower with a quote, or as an agent records it).
 */
function servicingMove(
  journey: TJourney,
  choice: number,
  agent: number,
  payoffMethod: TPayoffMethod,
): TStep {
  const moves: TStep[] = [
    steps.timePasses(MONTH_HOURS),
    steps.priceMoves(PRICE_TARGETS[journey.step % PRICE_TARGETS.length] ?? 'the seed price'),
    steps.borrowerPays('the amount due', 'a new key'),
    steps.timePasses(MONTH_HOURS),
    steps.priceMoves(PRICE_TARGETS[(journey.step + choice) % PRICE_TARGETS.length] ?? 'WARNING'),
    steps.borrowerDefers(),
    steps.borrowerAddsCollateral(),
    steps.borrowerPays('a part returned later', 'a new key'),
    steps.priceMoves('the seed price'),
    steps.borrowerPaysOff(),
    steps.proposePayoff(agent, payoffMethod),
    steps.timePasses(MONTH_HOURS),
  ];
  return moves[choice % moves.length] as TStep;
}

/** A month on the deployment's clock: a statement cycle. */
const MONTH_HOURS = 31 * 24;

/** Choices below this take the first open move in the plan's order. */
const PROCEED_IN_ORDER = 8;

/** The next natural move of the journey: the first open one, or the `choice`-th. */
function proceed(choice: number, payoffMethod: TPayoffMethod): TStep {
  let chosen = '';
  return {
    get name() {
      return `proceed(${choice}, ${payoffMethod})${chosen === '' ? '' : ` → ${chosen}`}`;
    },
    isSingleWrite: false,
    async act(journey) {
      const moves = await naturalMoves(journey, choice, payoffMethod);
      // Mostly the first open move in the plan's order; sometimes any open move.
      const move = (choice < PROCEED_IN_ORDER ? moves[0] : moves[choice % moves.length]) as TStep;
      chosen = move.name;
      await move.act(journey);
    },
  };
}

// Arbitraries.

const agentArb = fc.integer({ min: 0, max: 2 });
const payoffMethodArb = fc.constantFrom<TPayoffMethod>('ACH', 'WIRE');

/** Every single step, each with its parameters drawn. */
export const stepArb: fc.Arbitrary<TStep> = fc.oneof(
  fc.constantFrom<steps.TOfferVariant>('plan', 'larger').map(steps.requestOffer),
  fc.constantFrom<'newest' | 'oldest'>('newest', 'oldest').map(steps.acceptOffer),
  fc
    .constantFrom<'plan' | 'otherResidence' | 'empty'>('plan', 'plan', 'otherResidence', 'empty')
    .map(steps.submitDetails),
  fc.constant(null).map(steps.retryCredit),
  fc
    .tuple(fc.constantFrom<0 | 1>(0, 1), fc.constantFrom<'plan' | 'other'>('plan', 'plan', 'other'))
    .map(([file, type]) => steps.uploadId(file, type)),
  fc.oneof(fc.constant<'next'>('next'), fc.nat(4)).map(steps.signDocument),
  fc
    .tuple(
      fc.constantFrom<'borrower' | 'someone else'>('borrower', 'borrower', 'someone else'),
      fc.constantFrom<'valid' | 'invalid'>('valid', 'valid', 'invalid'),
    )
    .map(([holder, routing]) => steps.saveManualBank(holder, routing)),
  fc.constant(null).map(steps.linkBank),
  fc.constant(null).map(steps.bankItemReady),
  fc
    .constantFrom<'checking' | 'savings' | 'business'>('checking', 'savings', 'business')
    .map(steps.chooseLinkedAccount),
  fc.constantFrom<0 | 1>(0, 1).map(steps.saveWallet),
  fc.constant(null).map(steps.confirmMicroTransfer),
  fc.constant(null).map(steps.calculateCollateral),
  fc
    .constantFrom<'SELF_HOSTED' | 'CUSTODIAL'>('SELF_HOSTED', 'CUSTODIAL')
    .map(steps.chooseWalletType),
  fc.constant(null).map(steps.confirmCollateralSent),
  fc.constant(null).map(steps.optInMicroDeposit),
  fc.constantFrom<0 | 1>(0, 1).map(steps.releaseCollateral),
  fc.constant(null).map(steps.readPages),
  fc
    .tuple(
      fc.constantFrom<steps.TDepositSize>('remaining', 'required', 'half', 'tiny', 'double'),
      fc.constantFrom<number | null>(null, null, 0, 1, 2, 12),
    )
    .map(([size, confirmations]) => steps.deposit(size, confirmations)),
  fc.integer({ min: 1, max: 12 }).map(steps.mineBlocks),
  fc.constant(null).map(steps.runWatcher),
  fc.constant(null).map(steps.runJobs),
  fc.constantFrom(1, 30, 121, MONTH_HOURS).map(steps.timePasses),
  fc
    .constantFrom<steps.TPriceTarget>(
      'the seed price',
      'WARNING',
      'COURTESY_NOTICE',
      'MARGIN_CALL',
      'LIQUIDATION',
    )
    .map(steps.priceMoves),
  fc
    .tuple(
      fc.constantFrom<steps.TPaymentAmount>(
        'the amount due',
        'a part',
        'a part returned later',
        'more than owed',
      ),
      fc.constantFrom<'a new key' | 'the same key'>('a new key', 'the same key'),
    )
    .map(([amount, key]) => steps.borrowerPays(amount, key)),
  fc.constant(null).map(steps.borrowerDefers),
  fc.constant(null).map(steps.borrowerAddsCollateral),
  fc.constant(null).map(steps.borrowerPaysOff),
  agentArb.map(steps.approveId),
  agentArb.map(steps.rejectId),
  fc
    .tuple(agentArb, fc.constantFrom<'approve' | 'reject'>('approve', 'reject'))
    .map(([agent, decision]) => steps.decideHolderName(agent, decision)),
  agentArb.map(steps.proposeRelease),
  fc.tuple(agentArb, payoffMethodArb).map(([agent, method]) => steps.proposePayoff(agent, method)),
  fc
    .tuple(agentArb, fc.constantFrom<'approve' | 'reject'>('approve', 'approve', 'reject'))
    .map(([agent, decision]) => steps.decideProposal(agent, decision)),
  // An agent cancelling or declining ends the journey: rare.
  fc.oneof(
    { weight: 9, arbitrary: fc.constant(null).map(steps.readPages) },
    { weight: 1, arbitrary: agentArb.map(steps.cancelApplication) },
    { weight: 1, arbitrary: agentArb.map(steps.declineApplication) },
  ),
);

const proceedArb = fc
  .tuple(fc.nat(11), payoffMethodArb)
  .map(([choice, method]) => proceed(choice, method));

/** Two at once: the same step twice (a double click, two tabs), or two different ones. */
const togetherArb = fc.oneof(
  fc.oneof(stepArb, proceedArb).map((single) => steps.together(single, single)),
  fc.tuple(fc.oneof(stepArb, proceedArb), stepArb).map(([a, b]) => steps.together(a, b)),
);

export const commandArb: fc.Arbitrary<JourneyCommand> = fc
  .oneof(
    { weight: 8, arbitrary: proceedArb },
    { weight: 4, arbitrary: stepArb },
    { weight: 2, arbitrary: togetherArb },
  )
  .map((chosen) => new JourneyCommand(chosen));
