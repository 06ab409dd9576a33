/**
 * The actions of the model-based journey test, each one what a borrower, the chain, the bank link,
 * the job runner or an agent can do, done through the real API (sandbox routes for the outside
 * world). Every step is always run: the server decides whether it applies now, and must refuse it
 * cleanly when it does not. Names are what fast-check prints for a failing sequence.
 */
import type {
  TApplication,
  TCollateralInfo,
  TDocument,
  TGetBankLinkAuthResponse,
  TOffer,
  TOpsApplicationDetail,
  TPostBankLinkTokenResponse,
} from '@pledge/contract';
import { Decimal, type TPayoffMethod } from '@pledge/domain';
import { eq, sql } from 'drizzle-orm';
import { SANDBOX_ITEM_READY_MS } from '../../src/adapters/bank-link/sandbox.js';
import { collateralAccounts, sandboxChainTransactions } from '../../src/db/schema/index.js';
import { cancelUnfundedJob } from '../../src/jobs/definitions/cancel-unfunded.js';
import { watchDepositsJob } from '../../src/jobs/definitions/watch-deposits.js';
import { enqueue } from '../../src/jobs/enqueue.js';
import { internationalDetails, usDetails } from '../applications/helpers.js';
import { multipart } from '../documents/helpers.js';
import { ID_FILES } from './id-files.js';
import { call, type TActor, type TJourney } from './world.js';

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

function json<T>(body: string): T | undefined {
  try {
    return JSON.parse(body) as T;
  } catch {
    return undefined;
  }
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
    const offers = json<TOffer[]>(listed.body) ?? [];
    const offer = pick === 'newest' ? offers.at(-1) : offers[0];
    await call(journey, {
      method: 'POST',
      url: appPath(journey, '/select-offer'),
      payload: { offerUuid: offer?.uuid ?? '00000000-0000-4000-8000-000000000000' },
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
    // A refusal answers an error object, not the list: then nothing is picked.
    const answered = json<unknown>(listed.body);
    const documents = Array.isArray(answered) ? (answered as TDocument[]) : [];
    const chosen =
      pick === 'next'
        ? documents.find((document) => !document.signed)
        : documents[pick % Math.max(documents.length, 1)];
    await call(journey, {
      method: 'POST',
      url: appPath(
        journey,
        `${docs}/${chosen?.uuid ?? '00000000-0000-4000-8000-000000000000'}/sign`,
      ),
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
    const linkToken = json<TPostBankLinkTokenResponse>(token.body)?.linkToken;
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
    const publicToken = json<{ publicToken: string }>(issued.body)?.publicToken;
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
    const items = json<TGetBankLinkAuthResponse>(listed.body)?.items ?? [];
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
      const info = json<TCollateralInfo>(read.body);
      const address = info?.wallet?.depositAddress;
      if (info === undefined || address === undefined) return;
      await call(journey, {
        method: 'POST',
        url: '/sandbox/chain/deposits',
        actor: null,
        payload: {
          address,
          amount: depositAmount(info, size),
          ...(confirmations === null ? {} : { confirmations }),
        },
      });
    },
  );

/** New blocks: every deposit to the application's address gains confirmations. */
export const mineBlocks = (blocks: number) =>
  step(`chain: ${blocks} new blocks`, false, async (journey) => {
    const db = journey.world.database.db;
    const [account] = await db
      .select({ address: collateralAccounts.depositAddress })
      .from(collateralAccounts)
      .where(eq(collateralAccounts.applicationUuid, journey.appUuid));
    if (account?.address == null) return;
    await db
      .update(sandboxChainTransactions)
      .set({ confirmations: sql`${sandboxChainTransactions.confirmations} + ${blocks}` })
      .where(eq(sandboxChainTransactions.address, account.address));
  });

let watcherRuns = 0;

/** The deposit watcher, as its job for this application (a failure shows as a failed job). */
export const runWatcher = () =>
  step('chain: the deposit watcher runs', false, async (journey) => {
    watcherRuns += 1;
    await enqueue(
      journey.world.database.db,
      watchDepositsJob,
      { appUuid: journey.appUuid },
      { dedupeKey: `model-watch-${watcherRuns}` },
    );
    await journey.world.runJobs();
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
    sweepRuns += 1;
    await enqueue(
      world.database.db,
      cancelUnfundedJob,
      {},
      { dedupeKey: `model-cancel-${sweepRuns}` },
    );
    await world.runJobs();
  });

let sweepRuns = 0;

// Agents.

function agentOf(journey: TJourney, agent: number): TActor {
  const agents = journey.agents;
  return agents[agent % agents.length] as TActor;
}

async function opsDetail(journey: TJourney, actor: TActor) {
  const read = await call(journey, { method: 'GET', url: opsPath(journey), actor });
  return json<TOpsApplicationDetail>(read.body);
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
    await call(journey, {
      method: 'POST',
      url: opsPath(journey, '/payoff/proposals'),
      actor,
      payload: {
        method,
        reference: `PAY-${journey.appUuid.slice(0, 8)}`,
        amount: 20_150.25,
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
      url: opsPath(
        journey,
        `/proposals/${proposal?.id ?? '00000000-0000-4000-8000-000000000000'}/${decision}`,
      ),
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
  return json<TApplication>(read.body);
}
