/**
 * The actions of the model-based journey test, each one what a borrower, the chain, the bank link,
 * the job runner or an agent can do, done through the real API (sandbox routes for the outside
 * world). Every step is always run: the server decides whether it applies now, and must refuse it
 * cleanly when it does not. Names are what fast-check prints for a failing sequence.
 */
import { randomUUID } from 'node:crypto';
import type {
  TApplication,
  TCollateralInfo,
  TGetBankLinkAuthResponse,
  TOffer,
  TOpsApplicationDetail,
  TPayoffQuote,
  TPostBankLinkTokenResponse,
  TServicingLoan,
} from '@pledge/contract';
import { Decimal, riskLevel, type TPayoffMethod, type TRiskLevel } from '@pledge/domain';
import { sql } from 'drizzle-orm';
import { SANDBOX_ITEM_READY_MS } from '../../src/adapters/bank-link/sandbox.js';
import { cancelUnfundedJob } from '../../src/jobs/definitions/cancel-unfunded.js';
import { watchDepositsJob } from '../../src/jobs/definitions/watch-deposits.js';
import { internationalDetails, usDetails } from '../applications/helpers.js';
import { multipart } from '../documents/helpers.js';
import { SANDBOX_DEFAULT_PRICE_CENTS } from '../../src/db/seed.js';
import { ID_FILES } from './id-files.js';
import { SERVICING_LOANS } from './servicing-checks.js';
import { call, documentToSign, json, NO_SUCH_UUID, type TActor, type TJourney } from './world.js';
import { enqueueAndRun } from './run-job.js';
import { depositOnChain, mineOver } from './sandbox-chain.js';

export const LEAP = '/service-cryptopl-leap/secure/api/v1';
export const OPS = '/service-ops/secure/api/v1/applications';
const appPath = (journey: TJourney, suffix = '') =>
  `${LEAP}/applications/${journey.appUuid}${suffix}`;
const opsPath = (journey: TJourney, suffix = '') => `${OPS}/${journey.appUuid}${suffix}`;

/** One thing that happens to the loan. */
export interface TStep {
  readonly name: string;
  act(journey: TJourney): Promise<void>;
  /**
   * The step is one HTTP call (or reads and then one write): when the write is refused (4xx) the
   * recorded facts must be exactly as before.
   */
  readonly isSingleWrite: boolean;
}

function step(name: string, isSingleWrite: boolean, act: TStep['act']): TStep {
  return { name, isSingleWrite, act };
}

/** Return addresses for the collateral, two per coin (both valid). */
const RETURN_ADDRESSES = {
  BTC: ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
  ETH: ['0x52908400098527886e0f7030069857d2e4169ee7', '0x8617e340b3d01fa5f11f306f4090fd50e238070d'],
} as const;

/** USDC payout wallets (EVM addresses, lower case so that no checksum applies). */
const USDC_WALLETS = [
  '0x52908400098527886e0f7030069857d2e4169ee7',
  '0xde709f2102306220921060314715629080e2fb77',
] as const;

const TARTAN = { institutionId: 'ins_109511', name: 'Tartan Bank' };

/** The offer the run asks for: $20,000 on 1 BTC or 20 ETH, in Ohio or Germany. */
function offerBody(journey: TJourney, variant: TOfferVariant) {
  const { plan } = journey;
  const coinQuantity = plan.coin === 'BTC' ? '1' : '20';
  return {
    requestedAmount: variant === 'larger' ? 25_000 : 20_000,
    collateralType: plan.coin,
    coinQuantity,
    ...(plan.residence === 'DOMESTIC' ? { state: 'OH' } : { countryCode: 'DE' }),
  };
}

// Borrower: the offer and the application.

export type TOfferVariant = 'plan' | 'larger';

export const requestOffer = (variant: TOfferVariant) =>
  step(`borrower requests offer (${variant})`, true, async (journey) => {
    await call(journey, {
      method: 'POST',
      url: appPath(journey, '/requested-offer'),
      payload: offerBody(journey, variant),
    });
  });

export const acceptOffer = (pick: 'newest' | 'oldest') =>
  step(`borrower accepts offer (${pick})`, true, async (journey) => {
    const listed = await call(journey, { method: 'GET', url: appPath(journey, '/offers') });
    const offers = json<TOffer[]>(listed) ?? [];
    const offer = pick === 'newest' ? offers.at(-1) : offers[0];
    await call(journey, {
      method: 'POST',
      url: appPath(journey, '/select-offer'),
      payload: { offerUuid: offer?.uuid ?? NO_SUCH_UUID },
    });
  });

export const submitDetails = (variant: 'plan' | 'otherResidence' | 'empty') =>
  step(`borrower submits details (${variant})`, true, async (journey) => {
    const isDomestic = journey.plan.residence === 'DOMESTIC';
    const details =
      variant === 'empty'
        ? {}
        : isDomestic === (variant === 'plan')
          ? usDetails(`123-45-${journey.plan.ssnLast4}`)
          : internationalDetails();
    await call(journey, { method: 'POST', url: appPath(journey, '/details'), payload: details });
  });

export const retryCredit = () =>
  step('borrower retries the credit check', true, async (journey) => {
    await call(journey, { method: 'POST', url: appPath(journey, '/credit-retry') });
  });

// Borrower: final steps.

export const uploadId = (file: 0 | 1, type: 'plan' | 'other') =>
  step(`borrower uploads ID #${file} (${type} type)`, true, async (journey) => {
    const isPassport = (journey.plan.residence === 'INTERNATIONAL') === (type === 'plan');
    const body = multipart([
      { name: 'documentOwnerIdentityUuid', value: journey.borrower.identityUuid },
      { name: 'documentType', value: isPassport ? 'PASSPORT_FRONT' : 'DRIVERS_LICENSE_FRONT' },
      { name: 'fileName', value: `id-${file}.png` },
      {
        name: 'document',
        value: ID_FILES[file],
        fileName: `id-${file}.png`,
        contentType: 'image/png',
      },
    ]);
    await call(journey, {
      method: 'POST',
      url: appPath(journey, '/identity-documents'),
      headers: body.headers,
      payload: body.payload,
    });
  });

/** `next`: the first unsigned document, as the signing page does; a number: that one in the list. */
export const signDocument = (pick: 'next' | number) =>
  step(`borrower signs document ${String(pick)}`, true, async (journey) => {
    const docs = `/borrowers/${journey.borrower.identityUuid}/documents`;
    const listed = await call(journey, { method: 'GET', url: appPath(journey, docs) });
    const chosen = documentToSign(json<unknown>(listed), pick);
    await call(journey, {
      method: 'POST',
      url: appPath(journey, `${docs}/${chosen?.uuid ?? NO_SUCH_UUID}/sign`),
      headers: { 'user-agent': 'ModelTest/1.0' },
    });
  });

export const saveManualBank = (holder: 'borrower' | 'someone else', routing: 'valid' | 'invalid') =>
  step(`borrower types a bank account (${holder}, ${routing} routing)`, true, async (journey) => {
    const name =
      holder === 'someone else'
        ? { firstName: 'Bob', lastName: 'Builder' }
        : journey.plan.residence === 'DOMESTIC'
          ? { firstName: 'Ada', lastName: 'Lovelace' }
          : { firstName: 'Grace', lastName: 'Hopper' };
    await call(journey, {
      method: 'POST',
      url: appPath(journey, '/disbursement/manual-bank'),
      payload: {
        routingNumber: routing === 'valid' ? '011000015' : '011000016',
        accountNumber: '000123456789',
        ...name,
      },
    });
  });

/** The bank-link widget: a link token, the sandbox bank's sign-in, and the exchange. */
export const linkBank = () =>
  step('borrower links a bank', false, async (journey) => {
    const token = await call(journey, {
      method: 'POST',
      url: `${LEAP}/bank-link/link-token`,
      payload: { appUuid: journey.appUuid },
    });
    const linkToken = json<TPostBankLinkTokenResponse>(token)?.linkToken;
    if (linkToken === undefined) return;
    const issued = await call(journey, {
      method: 'POST',
      url: '/sandbox/bank-link/public-token',
      actor: null,
      payload: {
        linkToken,
        institutionId: TARTAN.institutionId,
        username: 'user_good',
        password: 'pass_good',
      },
    });
    const publicToken = json<{ publicToken: string }>(issued)?.publicToken;
    if (publicToken === undefined) return;
    await call(journey, {
      method: 'POST',
      url: `${LEAP}/bank-link/exchange`,
      payload: {
        appUuid: journey.appUuid,
        publicToken,
        metadata: { institution: TARTAN, accounts: [], linkSessionId: `model-${journey.step}` },
      },
    });
  });

/** The bank link provider finishes the item (PENDING → COMPLETE), seen on the page's next poll. */
export const bankItemReady = () =>
  step('bank link: item ready', false, async (journey) => {
    journey.world.advanceBankTime(SANDBOX_ITEM_READY_MS);
    await call(journey, {
      method: 'GET',
      url: `${LEAP}/bank-link/auth?appUuid=${journey.appUuid}`,
    });
  });

export const chooseLinkedAccount = (pick: 'checking' | 'savings' | 'business') =>
  step(`borrower chooses the linked ${pick} account`, true, async (journey) => {
    const listed = await call(journey, {
      method: 'GET',
      url: `${LEAP}/bank-link/auth?appUuid=${journey.appUuid}`,
    });
    const items = json<TGetBankLinkAuthResponse>(listed)?.items ?? [];
    const accounts = items.flatMap((item) => item.accounts);
    const account =
      pick === 'business'
        ? accounts.find((candidate) => candidate.holderCategory === 'BUSINESS')
        : accounts.find(
            (candidate) =>
              candidate.holderCategory === 'PERSONAL' && candidate.accountType === pick,
          );
    await call(journey, {
      method: 'POST',
      url: appPath(journey, '/disbursement/account'),
      payload: {
        accountType: pick === 'savings' ? 'SAVINGS' : 'CHECKING',
        achAccountId: account?.id ?? 'no-such-account',
      },
    });
  });

export const saveWallet = (wallet: 0 | 1) =>
  step(`borrower gives USDC wallet #${wallet}`, true, async (journey) => {
    await call(journey, {
      method: 'POST',
      url: appPath(journey, '/disbursement/wallet-address'),
      payload: { address: USDC_WALLETS[wallet] },
    });
  });

export const confirmMicroTransfer = () =>
  step('borrower confirms the USDC test transfer', true, async (journey) => {
    await call(journey, {
      method: 'POST',
      url: appPath(journey, '/disbursement/micro-transfer-confirmation'),
      payload: { confirmed: true },
    });
  });

// Borrower: collateral.

export const calculateCollateral = () =>
  step('borrower opens the collateral page', true, async (journey) => {
    await call(journey, { method: 'POST', url: appPath(journey, '/collateral/calculate') });
  });

export const chooseWalletType = (type: 'SELF_HOSTED' | 'CUSTODIAL') =>
  step(`borrower says the coins come from a ${type} wallet`, true, async (journey) => {
    await call(journey, {
      method: 'POST',
      url: appPath(journey, '/collateral/source-wallet-type'),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(type),
    });
  });

export const confirmCollateralSent = () =>
  step('borrower confirms the collateral was sent', true, async (journey) => {
    await call(journey, {
      method: 'POST',
      url: appPath(journey, '/collateral/borrower-confirmation'),
    });
  });

export const optInMicroDeposit = () =>
  step('borrower opts in to a test deposit', true, async (journey) => {
    await call(journey, {
      method: 'POST',
      url: appPath(journey, '/collateral/micro-deposit-borrower-confirmation'),
    });
  });

export const releaseCollateral = (address: 0 | 1) =>
  step(`borrower asks for the collateral back to address #${address}`, true, async (journey) => {
    await call(journey, {
      method: 'POST',
      url: appPath(journey, '/collateral/release'),
      payload: { returnAddress: RETURN_ADDRESSES[journey.plan.coin][address] },
    });
  });

/** Every page's reads: none may fail. */
export const readPages = () =>
  step('borrower reloads the pages', false, async (journey) => {
    for (const url of [
      appPath(journey),
      appPath(journey, '/krang/state'),
      appPath(journey, '/final-steps'),
      appPath(journey, '/collateral'),
      appPath(journey, '/collateral/micro-deposit-status'),
      appPath(journey, '/selected-offer'),
      '/provenance/borrower/servicing/v2/loanStatus',
    ]) {
      await call(journey, { method: 'GET', url });
    }
  });

// The chain.

export type TDepositSize = 'remaining' | 'required' | 'half' | 'tiny' | 'double';

function depositAmount(info: TCollateralInfo, size: TDepositSize): string {
  const required = new Decimal(info.requiredCoinAmount.coinQuantity);
  const remaining = new Decimal(info.remainingCoinAmountDue.coinQuantity);
  const amount = {
    remaining,
    required,
    half: remaining.div(2),
    tiny: new Decimal('0.0001'),
    double: required.times(2),
  }[size];
  return (amount.gt(0) ? amount : new Decimal('0.0001')).toFixed();
}

/** A deposit to the application's address; `confirmations` null: the coin's required count. */
export const deposit = (size: TDepositSize, confirmations: number | null) =>
  step(
    `chain: deposit ${size} with ${confirmations ?? 'enough'} confirmations`,
    false,
    async (journey) => {
      const read = await call(journey, { method: 'GET', url: appPath(journey, '/collateral') });
      const info = json<TCollateralInfo>(read);
      const address = info?.wallet?.depositAddress;
      if (info === undefined || address === undefined) return;
      await depositOnChain(journey, address, depositAmount(info, size), confirmations);
    },
  );

/** New blocks: every deposit to the application's address gains confirmations. */
export const mineBlocks = (blocks: number) =>
  step(`chain: ${blocks} new blocks`, false, async (journey) => {
    await mineOver(journey.world.database.db, [journey.appUuid], blocks);
  });

/** The deposit watcher, as its job for this application (a failure shows as a failed job). */
export const runWatcher = () =>
  step('chain: the deposit watcher runs', false, async (journey) => {
    await enqueueAndRun(
      journey.world,
      watchDepositsJob,
      { appUuid: journey.appUuid },
      'model-watch',
    );
  });

export const runJobs = () =>
  step('jobs run (credit check, disclosures, ...)', false, async (journey) => {
    await journey.world.runJobs();
  });

// Time.

/**
 * The deployment's clock moves on (sandbox clock), then the periodic sweeps run: unfunded
 * applications are cancelled 5 days after signing. Sessions that the move outlived are opened again.
 */
export const timePasses = (hours: number) =>
  step(`${hours} hours pass`, false, async (journey) => {
    await call(journey, {
      method: 'POST',
      url: '/sandbox/clock',
      actor: null,
      payload: { advanceHours: hours },
    });
    const { world } = journey;
    for (const [actor, audience] of [
      [journey.borrower, 'customer'],
      ...journey.agents.map((agent) => [agent, 'agent'] as const),
    ] as const) {
      const alive = await world.app.inject({
        method: 'GET',
        url: `/identity-broker/${audience}/secure/api/v3/self/figureinfo`,
        headers: { authorization: `Bearer ${actor.token}` },
        remoteAddress: actor.ip,
      });
      if (alive.statusCode === 401) await world.signInAgain(actor, audience);
    }
    await enqueueAndRun(world, cancelUnfundedJob, {}, 'model-cancel');
  });

// Servicing: the funded loan's life.

/** The borrower's view of the loan, or undefined while there is none (not funded). */
async function servicingLoan(journey: TJourney): Promise<TServicingLoan | undefined> {
  const read = await call(journey, {
    method: 'GET',
    url: `${SERVICING_LOANS}/${journey.appUuid}`,
  });
  return json<TServicingLoan>(read);
}

const loanPath = (journey: TJourney, suffix: string) =>
  `${SERVICING_LOANS}/${journey.appUuid}${suffix}`;

export type TPriceTarget = 'the seed price' | Exclude<TRiskLevel, 'NONE'>;

const TRIGGER_PRICE = {
  WARNING: 'warningPriceCents',
  COURTESY_NOTICE: 'courtesyNoticePriceCents',
  MARGIN_CALL: 'marginCallPriceCents',
  LIQUIDATION: 'liquidationPriceCents',
} as const;

/** 0.3 % under a level's trigger price puts the LTV 0.3 % past its threshold, short of the next. */
const PAST_TRIGGER = 0.997;

/**
 * After a new price and the risk pass it queued, a loan the pass can move stands at the level of
 * its LTV (one pass moves it however many thresholds the price jumped).
 */
function riskSettledProblem(before: TServicingLoan, after: TServicingLoan): string | null {
  if (after.status !== 'ACTIVE' && after.status !== 'MARGIN_CALL') return null;
  // A liquidation sold coins in this pass, or waits for the desk: the next pass settles the level.
  if (after.risk.openLiquidationOrderUuid !== null) return null;
  if (after.liquidations.length !== before.liquidations.length) return null;
  if (after.risk.ltvPct === null) return null;
  const expected = riskLevel(after.risk.ltvPct, after.risk.thresholds);
  return expected === after.risk.level
    ? null
    : `after the new price and its risk pass the loan stands at ${after.risk.level}; its LTV ${after.risk.ltvPct} % is ${expected}`;
}

const RISK_PASS_WAIT_MS = 10_000;

/**
 * Runs the jobs until no risk pass is waiting or running: a step run together with another may
 * find the other one's job runner busy with the pass this step's price queued.
 */
async function riskPassesDone(journey: TJourney): Promise<void> {
  const until = Date.now() + RISK_PASS_WAIT_MS;
  for (;;) {
    await journey.world.runJobs();
    const left = await journey.world.database.db.execute<{ count: number }>(sql`
      SELECT count(*)::int AS count FROM graphile_worker._private_jobs j
      JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE t.identifier = 'risk.pass' AND j.attempts < j.max_attempts`);
    if ((left.rows[0]?.count ?? 0) === 0) return;
    if (Date.now() > until) throw new Error('A risk pass was still waiting after 10 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The sandbox price of the run's coin moves so that the loan's LTV lands just past a level's
 * threshold (or back to the seed price), and the risk pass queued by the price runs. Before the
 * loan is funded the seed price is set again.
 */
export const priceMoves = (target: TPriceTarget) =>
  step(`the coin's price moves to ${target}`, false, async (journey) => {
    const coin = journey.plan.coin;
    const before = await servicingLoan(journey);
    const trigger = before?.risk.triggerPrices ?? null;
    const cents =
      target === 'the seed price' || trigger === null
        ? SANDBOX_DEFAULT_PRICE_CENTS[coin]
        : Math.max(1, Math.floor(trigger[TRIGGER_PRICE[target]] * PAST_TRIGGER));
    await call(journey, {
      method: 'POST',
      url: '/sandbox/prices',
      actor: null,
      payload: { [coin]: cents / 100 },
    });
    await riskPassesDone(journey);
    const after = await servicingLoan(journey);
    if (before === undefined || after === undefined) return;
    const problem = riskSettledProblem(before, after);
    if (problem !== null) {
      const stored = await journey.world.database.db.execute(sql`
        SELECT s.status, s.risk_level, s.risk_notified_level, s.cure_deadline, s.collateral_units,
          s.interest_bearing_cents, s.risk_tier_id,
          (SELECT row_to_json(o) FROM (SELECT id, price_cents, accepted FROM price_observations
             WHERE collateral_type = s.collateral_type ORDER BY id DESC LIMIT 1) o) AS latest_price,
          (SELECT json_agg(l) FROM (SELECT status, reason FROM liquidations
             WHERE loan_uuid = s.loan_uuid) l) AS liquidations,
          (SELECT json_agg(j) FROM (SELECT t.identifier, j.attempts, j.last_error, j.run_at
             FROM graphile_worker._private_jobs j
             JOIN graphile_worker._private_tasks t ON t.id = j.task_id) j) AS jobs
        FROM servicing_loans s WHERE s.loan_uuid = ${journey.appUuid}::uuid`);
      throw new Error(`${problem}\nstored: ${JSON.stringify(stored.rows[0])}`);
    }
  });

/**
 * The borrower sends what the loan page asks to get back below the warning level (a little when
 * nothing is asked) to the loan's deposit address; it confirms and the watcher runs.
 */
export const borrowerAddsCollateral = () =>
  step('borrower adds collateral to the loan', false, async (journey) => {
    const loan = await servicingLoan(journey);
    const address = loan?.risk.depositAddress;
    if (loan === undefined || address == null) return;
    const needed = new Decimal(loan.risk.collateralToWarning);
    await call(journey, {
      method: 'POST',
      url: '/sandbox/chain/deposits',
      actor: null,
      payload: { address, amount: (needed.gt(0) ? needed : new Decimal('0.01')).toFixed() },
    });
    await runWatcher().act(journey);
  });

export type TPaymentAmount =
  'the amount due' | 'a part' | 'a part returned later' | 'more than owed';

/** The key of the borrower's last payment POST, to send again. */
const lastPaymentKey = new WeakMap<TJourney, string>();

function paymentCents(loan: TServicingLoan | undefined, amount: TPaymentAmount): number {
  switch (amount) {
    case 'the amount due':
      return loan?.nextPayment?.amountCents || 1_000;
    case 'a part':
      return 1_234;
    case 'a part returned later':
      // The sandbox bank returns a debit of …02 cents days later (SANDBOX_ACH_RULES).
      return 1_202;
    case 'more than owed':
      return (loan?.balances.totalCents ?? 0) + 100;
  }
}

/** An ACH payment; the same key again must answer the same payment (or refuse a different one). */
export const borrowerPays = (amount: TPaymentAmount, key: 'a new key' | 'the same key') =>
  step(`borrower pays ${amount} with ${key}`, true, async (journey) => {
    const loan = await servicingLoan(journey);
    let idempotencyKey = lastPaymentKey.get(journey);
    if (key === 'a new key' || idempotencyKey === undefined) {
      idempotencyKey = `model-${randomUUID()}`;
      lastPaymentKey.set(journey, idempotencyKey);
    }
    await call(journey, {
      method: 'POST',
      url: loanPath(journey, '/payments'),
      payload: { amountCents: paymentCents(loan, amount) },
      headers: { 'idempotency-key': idempotencyKey },
    });
  });

export const borrowerDefers = () =>
  step('borrower defers the interest due', true, async (journey) => {
    await call(journey, {
      method: 'POST',
      url: loanPath(journey, '/deferrals/preview'),
    });
    await call(journey, {
      method: 'POST',
      url: loanPath(journey, '/deferrals'),
      headers: { 'idempotency-key': `model-${randomUUID()}` },
    });
  });

/** A payoff quote, then paid with it by ACH. */
export const borrowerPaysOff = () =>
  step('borrower pays off with a quote', false, async (journey) => {
    const quoted = await call(journey, { method: 'POST', url: loanPath(journey, '/payoff-quote') });
    const quote = json<TPayoffQuote>(quoted);
    await call(journey, {
      method: 'POST',
      url: loanPath(journey, '/payoff'),
      payload: { quoteUuid: quote?.quoteUuid ?? randomUUID() },
      headers: { 'idempotency-key': `model-${randomUUID()}` },
    });
  });

// Agents.

function agentOf(journey: TJourney, agent: number): TActor {
  const agents = journey.agents;
  return agents[agent % agents.length] as TActor;
}

async function opsDetail(journey: TJourney, actor: TActor) {
  const read = await call(journey, { method: 'GET', url: opsPath(journey), actor });
  return json<TOpsApplicationDetail>(read);
}

export const approveId = (agent: number) =>
  step(`agent ${agent} approves the ID`, true, async (journey) => {
    const actor = agentOf(journey, agent);
    await call(journey, { method: 'POST', url: opsPath(journey, '/identity/approve'), actor });
  });

export const rejectId = (agent: number) =>
  step(`agent ${agent} rejects the ID`, true, async (journey) => {
    const actor = agentOf(journey, agent);
    await call(journey, {
      method: 'POST',
      url: opsPath(journey, '/identity/reject'),
      actor,
      payload: { reason: 'The photo is blurred' },
    });
  });

export const decideHolderName = (agent: number, decision: 'approve' | 'reject') =>
  step(`agent ${agent} ${decision}s the payout holder name`, true, async (journey) => {
    const actor = agentOf(journey, agent);
    await call(journey, {
      method: 'POST',
      url: opsPath(journey, `/holder-name-review/${decision}`),
      actor,
      ...(decision === 'reject' ? { payload: { reason: 'Not the borrower' } } : {}),
    });
  });

export const proposeRelease = (agent: number) =>
  step(`agent ${agent} proposes releasing the funds`, true, async (journey) => {
    const actor = agentOf(journey, agent);
    await call(journey, {
      method: 'POST',
      url: opsPath(journey, '/release-funds/proposals'),
      actor,
      payload: { reference: `TR-${journey.appUuid.slice(0, 8)}` },
    });
  });

export const proposePayoff = (agent: number, method: TPayoffMethod) =>
  step(`agent ${agent} proposes a ${method} payoff`, true, async (journey) => {
    const actor = agentOf(journey, agent);
    // A payoff is recorded for the ledger's payoff figure (the loan's receivables as its view sums
    // them); before there is a loan, any amount (the proposal is refused either way).
    const loan = await servicingLoan(journey);
    await call(journey, {
      method: 'POST',
      url: opsPath(journey, '/payoff/proposals'),
      actor,
      payload: {
        method,
        reference: `PAY-${journey.appUuid.slice(0, 8)}`,
        amount: loan === undefined ? 20_150.25 : loan.balances.totalCents / 100,
        paidOn: new Date().toISOString().slice(0, 10),
      },
    });
  });

/** Decides the newest proposal (pending or not) the agent sees. */
export const decideProposal = (agent: number, decision: 'approve' | 'reject') =>
  step(`agent ${agent} ${decision}s the newest proposal`, true, async (journey) => {
    const actor = agentOf(journey, agent);
    const detail = await opsDetail(journey, actor);
    const proposal = detail?.proposals[0];
    await call(journey, {
      method: 'POST',
      url: opsPath(journey, `/proposals/${proposal?.id ?? NO_SUCH_UUID}/${decision}`),
      actor,
      ...(decision === 'reject' ? { payload: { reason: 'Evidence does not match' } } : {}),
    });
  });

export const cancelApplication = (agent: number) =>
  step(`agent ${agent} cancels the application`, true, async (journey) => {
    const actor = agentOf(journey, agent);
    await call(journey, {
      method: 'POST',
      url: opsPath(journey, '/cancel'),
      actor,
      payload: { reason: 'Borrower asked to stop' },
    });
  });

export const declineApplication = (agent: number) =>
  step(`agent ${agent} declines the application`, true, async (journey) => {
    const actor = agentOf(journey, agent);
    await call(journey, {
      method: 'POST',
      url: opsPath(journey, '/decline'),
      actor,
      payload: { reason: 'Policy' },
    });
  });

/** Two steps at the same time (two tabs, a double click, an agent and the chain at once). */
export function together(first: TStep, second: TStep): TStep {
  return step(`together(${first.name} ‖ ${second.name})`, false, async (journey) => {
    await Promise.all([first.act(journey), second.act(journey)]);
  });
}

/** What the application is, for a step that picks its next natural move. */
export async function currentApplication(journey: TJourney): Promise<TApplication | undefined> {
  const read = await call(journey, { method: 'GET', url: appPath(journey) });
  return json<TApplication>(read);
}
