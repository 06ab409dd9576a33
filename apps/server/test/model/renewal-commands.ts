/**
 * What a borrower renewing a loan, the chain and the job runner can do, through the real API, for
 * the renewal and refinancing model: open the renewal, set its top-up, accept, sign, say "I have
 * sent", opt in to a test deposit, send coins (all of them, part, a test amount, more), mine
 * blocks, run the watcher. Every step is always run; the server decides whether it applies now
 * and must refuse it cleanly when it does not. Price and clock moves are in commitment-commands.ts.
 */
import type { TApplication, TCollateralInfo, TServicingLoan } from '@pledge/contract';
import { Decimal } from '@pledge/domain';
import { watchDepositsJob } from '../../src/jobs/definitions/watch-deposits.js';
import { applicationsOf, currentRenewal, type TCommitmentJourney } from './commitment-journey.js';
import { SERVICING_LOANS } from './servicing-checks.js';
import { depositOnChain, mineOver } from './sandbox-chain.js';
import { call, documentToSign, json, NO_SUCH_UUID } from './world.js';
import { enqueueAndRun } from './run-job.js';

export const LEAP_V1 = '/service-cryptopl-leap/secure/api/v1';
const LEAP_V2 = '/service-cryptopl-leap/secure/api/v2';

/** One thing that happens to the run's renewal or refinancing. */
export interface TCommitmentStep {
  readonly name: string;
  act(journey: TCommitmentJourney): Promise<void>;
  /** One write (after reads): when it is refused (4xx) the records must be exactly as before. */
  readonly isSingleWrite: boolean;
}

export function commitmentStep(
  name: string,
  isSingleWrite: boolean,
  act: TCommitmentStep['act'],
): TCommitmentStep {
  return { name, isSingleWrite, act };
}

async function renewalUuid(journey: TCommitmentJourney): Promise<string> {
  return (await currentRenewal(journey))?.uuid ?? NO_SUCH_UUID;
}

const renewalPath = (uuid: string, suffix = '') => `${LEAP_V1}/applications/${uuid}${suffix}`;

/** The renewal as its pages read it. */
async function readRenewal(journey: TCommitmentJourney): Promise<TApplication | undefined> {
  const uuid = await renewalUuid(journey);
  return json<TApplication>(await call(journey, { method: 'GET', url: renewalPath(uuid) }));
}

/** The active loan's servicing view: the renewed loan's, or the renewal's once it completed. */
export async function activeLoan(journey: TCommitmentJourney): Promise<TServicingLoan | undefined> {
  const renewal = await currentRenewal(journey);
  for (const uuid of [renewal?.state === 'COMPLETE' ? renewal.uuid : null, journey.loanUuid]) {
    if (uuid == null) continue;
    const loan = json<TServicingLoan>(
      await call(journey, { method: 'GET', url: `${SERVICING_LOANS}/${uuid}` }),
    );
    if (loan !== undefined && loan.status !== 'RENEWED') return loan;
  }
  return undefined;
}

export const openRenewal = () =>
  commitmentStep('borrower opens the renewal (or refreshes its offers)', true, async (journey) => {
    const opened = await call(journey, {
      method: 'POST',
      url: `${LEAP_V2}/applications/${journey.loanUuid ?? NO_SUCH_UUID}/roll-forward/offers`,
      payload: { organization: 'default' },
    });
    const offer = json<TApplication>(opened)?.offers[0];
    // The borrower may come back to this page later and accept what it showed then.
    if (offer !== undefined && journey.seenOfferUuid === null) journey.seenOfferUuid = offer.uuid;
  });

export type TTopUpSize = 'none' | 'a little' | 'a lot';

/** What the renewal adds to the loan's collateral: nothing, 5 % of it, or 60 % of it. */
export const setTopUp = (size: TTopUpSize) =>
  commitmentStep(`borrower sets the renewal's top-up to ${size}`, true, async (journey) => {
    const renewal = await readRenewal(journey);
    const held = new Decimal(renewal?.rollForwardLoanDetails?.collateral.coinQuantity ?? '1');
    const share = { none: 0, 'a little': 0.05, 'a lot': 0.6 }[size];
    await call(journey, {
      method: 'POST',
      url: renewalPath(renewal?.appUuid ?? NO_SUCH_UUID, '/roll-forward/top-up'),
      payload: { topUpQuantity: held.times(share).toDecimalPlaces(6, Decimal.ROUND_UP).toFixed() },
    });
  });

/** The offer on the page now, or the one the borrower saw earlier (priced at another price). */
export const acceptRenewal = (pick: 'shown' | 'seen earlier') =>
  commitmentStep(`borrower accepts the renewal offer ${pick}`, true, async (journey) => {
    const renewal = await readRenewal(journey);
    const offerUuid =
      pick === 'shown'
        ? renewal?.offers[0]?.uuid
        : (journey.seenOfferUuid ?? renewal?.offers[0]?.uuid);
    await call(journey, {
      method: 'POST',
      url: renewalPath(renewal?.appUuid ?? NO_SUCH_UUID, '/select-offer'),
      payload: { offerUuid: offerUuid ?? NO_SUCH_UUID },
    });
  });

/** `next`: the first unsigned document, as the signing page does; a number: that one in the list. */
export const signRenewalDocument = (pick: 'next' | number) =>
  commitmentStep(`borrower signs renewal document ${String(pick)}`, true, async (journey) => {
    const uuid = await renewalUuid(journey);
    const docs = `/borrowers/${journey.borrower.identityUuid}/documents`;
    const answered = json<unknown>(
      await call(journey, { method: 'GET', url: renewalPath(uuid, docs) }),
    );
    const chosen = documentToSign(answered, pick);
    await call(journey, {
      method: 'POST',
      url: renewalPath(uuid, `${docs}/${chosen?.uuid ?? NO_SUCH_UUID}/sign`),
      headers: { 'user-agent': 'ModelTest/1.0' },
    });
  });

export const confirmRenewalSent = () =>
  commitmentStep('borrower says the top-up was sent', true, async (journey) => {
    await call(journey, {
      method: 'POST',
      url: renewalPath(await renewalUuid(journey), '/collateral/borrower-confirmation'),
    });
  });

export const optInRenewalTestDeposit = () =>
  commitmentStep('borrower opts in to a test deposit', true, async (journey) => {
    await call(journey, {
      method: 'POST',
      url: renewalPath(
        await renewalUuid(journey),
        '/collateral/micro-deposit-borrower-confirmation',
      ),
    });
  });

export type TRenewalDepositSize = 'the rest' | 'half the rest' | 'a test amount' | 'more';

function renewalDepositAmount(info: TCollateralInfo | undefined, size: TRenewalDepositSize) {
  const rest = new Decimal(info?.remainingCoinAmountDue.coinQuantity ?? '0');
  const test = new Decimal(info?.collateralPrice.type === 'ETH' ? '0.01' : '0.001');
  const amount = {
    'the rest': rest,
    'half the rest': rest.div(2).toDecimalPlaces(8, Decimal.ROUND_UP),
    'a test amount': test,
    more: test.times(5),
  }[size];
  return (amount.gt(0) ? amount : test).toFixed();
}

/**
 * Coins to the address the renewal's collateral page shows (its loan's own); `confirmations`
 * null: the coin's required count.
 */
export const depositForRenewal = (size: TRenewalDepositSize, confirmations: number | null) =>
  commitmentStep(
    `chain: ${size} of the top-up with ${confirmations ?? 'enough'} confirmations`,
    false,
    async (journey) => {
      const uuid = await renewalUuid(journey);
      const info = json<TCollateralInfo>(
        await call(journey, { method: 'GET', url: renewalPath(uuid, '/collateral') }),
      );
      const loanInfo =
        info?.wallet == null
          ? json<TCollateralInfo>(
              await call(journey, {
                method: 'GET',
                url: renewalPath(journey.loanUuid ?? NO_SUCH_UUID, '/collateral'),
              }),
            )
          : undefined;
      const address = info?.wallet?.depositAddress ?? loanInfo?.wallet?.depositAddress;
      if (address === undefined) return;
      await depositOnChain(journey, address, renewalDepositAmount(info, size), confirmations);
    },
  );

/** New blocks: every deposit to the run's addresses (the loan's, its renewals') gains some. */
export const mineBlocks = (blocks: number) =>
  commitmentStep(`chain: ${blocks} new blocks`, false, async (journey) => {
    await mineOver(journey.world.database.db, await applicationsOf(journey), blocks);
  });

/** The chain watcher's sweep (every watched address, renewals' top-ups included). */
export const runWatcher = () =>
  commitmentStep('chain: the deposit watcher sweeps', false, async (journey) => {
    await enqueueAndRun(journey.world, watchDepositsJob, {}, 'commitment-watcher');
  });

export const runJobs = () =>
  commitmentStep('jobs run (disclosures, completions, ...)', false, async (journey) => {
    await journey.world.runJobs();
  });

/** Every page of the renewal and its loan: none may fail. */
export const readRenewalPages = () =>
  commitmentStep('borrower reloads the renewal pages', false, async (journey) => {
    const uuid = await renewalUuid(journey);
    for (const url of [
      renewalPath(uuid),
      renewalPath(uuid, '/krang/state'),
      renewalPath(uuid, '/final-steps'),
      renewalPath(uuid, '/collateral'),
      renewalPath(journey.loanUuid ?? NO_SUCH_UUID, '/collateral'),
      '/provenance/borrower/servicing/v2/loanStatus',
    ]) {
      await call(journey, { method: 'GET', url });
    }
  });
