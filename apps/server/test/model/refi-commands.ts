/**
 * What a borrower refinancing a defunct lender's loan, the chain and the job runner can do,
 * through the real API, for the renewal and refinancing model: look the loan up on the tape,
 * choose an offer, ask the top-up estimate, confirm, say the top-up was sent, send coins, sign the
 * disclosures, and the refinancing sweep (top-ups watched, expiries, completions). Every step is
 * always run; the server must refuse cleanly what does not apply now.
 */
import type {
  TDocument,
  TOffer,
  TPostCelsiusCollateralCalculateResponse,
  TRefinancingApplication,
} from '@pledge/contract';
import { Decimal } from '@pledge/domain';
import { refiSweepJob } from '../../src/jobs/definitions/refi-complete.js';
import { currentRefinancing, type TCommitmentJourney } from './commitment-journey.js';
import { commitmentStep } from './renewal-commands.js';
import { call, json, NO_SUCH_UUID } from './world.js';
import { enqueueAndRun } from './run-job.js';

export const REFI = '/service-application-cryptopl/secure/api/v1';

/** The run's refinancing as the borrower's list shows it. */
export async function listedRefinancing(
  journey: TCommitmentJourney,
): Promise<TRefinancingApplication | undefined> {
  const current = await currentRefinancing(journey);
  if (current === undefined) return undefined;
  const listed = json<TRefinancingApplication[]>(
    await call(journey, {
      method: 'GET',
      url: `${REFI}/borrower/${journey.borrower.identityUuid}/celsius-application`,
    }),
  );
  return listed?.find((application) => application.appUuid === current.uuid);
}

const refiPath = (uuid: string | undefined, suffix: string) =>
  `${REFI}/applications/${uuid ?? NO_SUCH_UUID}${suffix}`;

export const lookUpTapeLoan = () =>
  commitmentStep('borrower looks the Celsius loan up', false, async (journey) => {
    if (journey.plan.kind !== 'REFINANCING') return;
    await call(journey, {
      method: 'POST',
      url: `${REFI}/applications/create-celsius`,
      payload: { celsiusLoanId: journey.plan.tapeLoanId },
    });
  });

export type TRefiPick = 'custody only' | 'ownership transfer' | 'the first';

function pickOffer(app: TRefinancingApplication | undefined, pick: TRefiPick): TOffer | undefined {
  const offers = [...(app?.offers ?? []), ...(app?.selectedOffer ? [app.selectedOffer] : [])];
  if (pick === 'the first') return offers[0];
  const consent = pick === 'custody only' ? 'DECLINE_REHYPOTHECATION' : 'ALLOW_REHYPOTHECATION';
  return offers.find((offer) => offer.collateralReuseConsent === consent) ?? offers[0];
}

export const selectRefiOffer = (pick: TRefiPick) =>
  commitmentStep(`borrower chooses ${pick}`, true, async (journey) => {
    const app = await listedRefinancing(journey);
    await call(journey, {
      method: 'POST',
      url: refiPath(app?.appUuid, '/select-offer'),
      payload: { offerUuid: pickOffer(app, pick)?.uuid ?? NO_SUCH_UUID },
    });
  });

/** The offer the confirmation and the estimate name: the chosen one, else the first. */
function offerToConfirm(app: TRefinancingApplication | undefined): string {
  return app?.selectedOffer?.uuid ?? app?.offers[0]?.uuid ?? NO_SUCH_UUID;
}

export const estimateTopUp = () =>
  commitmentStep('borrower views the top-up estimate', false, async (journey) => {
    const app = await listedRefinancing(journey);
    await call(journey, {
      method: 'POST',
      url: refiPath(app?.appUuid, '/celsius-collateral/calculate'),
      payload: { offerUuid: offerToConfirm(app) },
    });
  });

/** The submit (`hasSentCollateral` false), or "I have sent" once a top-up is requested. */
export const confirmRefi = (hasSentCollateral: boolean) =>
  commitmentStep(
    hasSentCollateral ? 'borrower says the top-up was sent' : 'borrower confirms the refinancing',
    true,
    async (journey) => {
      const app = await listedRefinancing(journey);
      await call(journey, {
        method: 'POST',
        url: refiPath(app?.appUuid, '/collateral/celsius-refi-borrower-confirmation'),
        payload: { offerUuid: offerToConfirm(app), hasSentCollateral },
      });
    },
  );

export type TRefiDepositSize = 'the rest' | 'half the rest' | 'more';

/** Coins to the address of the top-up estimate; `confirmations` null: the coin's count. */
export const depositForRefi = (size: TRefiDepositSize, confirmations: number | null) =>
  commitmentStep(
    `chain: ${size} of the refinancing top-up with ${confirmations ?? 'enough'} confirmations`,
    false,
    async (journey) => {
      const app = await listedRefinancing(journey);
      const estimate = json<TPostCelsiusCollateralCalculateResponse>(
        await call(journey, {
          method: 'POST',
          url: refiPath(app?.appUuid, '/celsius-collateral/calculate'),
          payload: { offerUuid: offerToConfirm(app) },
        }),
      )?.celsiusTopUpCollateral;
      const address = estimate?.wallet?.depositAddress;
      if (address === undefined) return;
      const rest = new Decimal(
        app?.rollForwardLoanDetails?.remainingTopUpAmount.coinQuantity ?? '0',
      );
      const small = new Decimal(journey.coin === 'ETH' ? '0.05' : '0.005');
      const amount = {
        'the rest': rest,
        'half the rest': rest.div(2).toDecimalPlaces(8, Decimal.ROUND_UP),
        more: small,
      }[size];
      await call(journey, {
        method: 'POST',
        url: '/sandbox/chain/deposits',
        actor: null,
        payload: {
          address,
          amount: (amount.gt(0) ? amount : small).toFixed(),
          ...(confirmations === null ? {} : { confirmations }),
        },
      });
    },
  );

/** `next`: the first unsigned disclosure, as the signing page does; a number: that one. */
export const signRefiDocument = (pick: 'next' | number) =>
  commitmentStep(`borrower signs refinancing document ${String(pick)}`, true, async (journey) => {
    const app = await listedRefinancing(journey);
    const answered = json<unknown>(
      await call(journey, {
        method: 'GET',
        url: refiPath(
          app?.appUuid,
          `/borrowers/${journey.borrower.identityUuid}/documents/unsigned`,
        ),
      }),
    );
    const documents = Array.isArray(answered) ? (answered as TDocument[]) : [];
    const chosen = pick === 'next' ? documents[0] : documents[pick % Math.max(documents.length, 1)];
    await call(journey, {
      method: 'POST',
      url: `${REFI}/sign-document/${chosen?.uuid ?? NO_SUCH_UUID}`,
      headers: { 'user-agent': 'ModelTest/1.0' },
    });
  });

/** The refinancing sweep: top-ups watched, expiries, completions of the signed ones. */
export const runRefiSweep = () =>
  commitmentStep('the refinancing sweep runs', false, async (journey) => {
    await enqueueAndRun(journey.world, refiSweepJob, {}, 'commitment-refi-sweep');
  });

/** Every page of the refinancing: none may fail. */
export const readRefiPages = () =>
  commitmentStep('borrower reloads the refinancing pages', false, async (journey) => {
    const app = await listedRefinancing(journey);
    for (const url of [
      `/service-cryptopl-leap/secure/api/v1/applications/${app?.appUuid ?? NO_SUCH_UUID}/krang/state`,
      '/provenance/borrower/servicing/v2/loanStatus',
    ]) {
      await call(journey, { method: 'GET', url });
    }
  });
