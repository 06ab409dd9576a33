/**
 * POST R/applications/{appUuid}/collateral/celsius-refi-borrower-confirmation (document 2 §4, §9):
 * - before submission: submits the chosen offer (choosing it first when needed), priced at the
 *   current price (issue 34): when its terms no longer hold there (ownership transfer above 70 %,
 *   a custody-only offer that now needs a top-up or whose quoted top-up no longer reaches 55 %,
 *   another rate tier), nothing is submitted: the offers are priced anew, the borrower is told
 *   why (409 REFI_REPRICED) and confirms the new offer. Otherwise the top-up the offer quoted is
 *   the one requested; the 14 calendar days to complete start now. REFI_CONFIRMED moves to
 *   CELSIUS_TOP_UP_REQUESTED (a deposit address is derived) or to SIGN_DOCS (the disclosures are
 *   generated).
 * - CELSIUS_TOP_UP_REQUESTED: `hasSentCollateral` must be true; it moves to
 *   CELSIUS_WAITING_FOR_TOP_UP.
 * - any later state: nothing changes (a retry or double click answers the application as it is).
 */
import type {
  TPostCelsiusRefiBorrowerConfirmationBody,
  TRefinancingApplication,
} from '@pledge/contract';
import {
  isOfferedCollateralType,
  isRefiWithinLtvLimits,
  makeRefiTopUpConfirmationSchema,
  refiCompleteBy,
  toCoinQuantity,
  type TRefiCommitRefusal,
} from '@pledge/domain';
import { eq } from 'drizzle-orm';
import { collateralAccounts, refiApplications } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TApplicationRow } from '../applications/application-record.js';
import { actors, applyTransition } from '../applications/apply-transition.js';
import { coinText } from '../collateral/collateral-record.js';
import { currentPrice } from '../prices/current-price.js';
import { chooseRefiOffer, REFI_OFFER_LOCKED_MESSAGE, refiOfferOf } from './refi-offer-choice.js';
import type { TRefiDeps } from './refi-deps.js';
import { ensureRefiDisclosures } from './refi-disclosures.js';
import { findOwnedRefi, rereadApplication, toRefiView } from './refi-record.js';
import { carryEndedRefiCoins, ensureRefiDepositAddress } from './refi-top-up.js';
import { repriceRefi, refiTermsRefusal } from './reprice-refi.js';

type TConfirmOutcome =
  { row: TApplicationRow; refusal?: undefined } | { row?: undefined; refusal: TRefiCommitRefusal };

export async function confirmRefi(
  deps: TRefiDeps,
  input: { identityUuid: string; appUuid: string; body: TPostCelsiusRefiBorrowerConfirmationBody },
): Promise<TRefinancingApplication> {
  const { identityUuid, appUuid, body } = input;
  const { refi: peek } = await findOwnedRefi(deps.db, identityUuid, appUuid);
  if (!isOfferedCollateralType(peek.collateralType)) {
    throw new HttpError(409, 'REFI_NOT_PRICEABLE', 'This loan cannot be priced for refinancing');
  }
  const quote = await currentPrice(deps.prices, peek.collateralType);
  const now = deps.clock();
  const actor = actors.borrower(identityUuid);

  const outcome = await deps.db.transaction(async (tx): Promise<TConfirmOutcome> => {
    let { application } = await findOwnedRefi(tx, identityUuid, appUuid, { lock: true });
    const { refi } = await findOwnedRefi(tx, identityUuid, appUuid);
    const checked = makeRefiTopUpConfirmationSchema({
      topUpRequested: application.state === 'CELSIUS_TOP_UP_REQUESTED',
    }).safeParse({ hasSentCollateral: body.hasSentCollateral });
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? 'Required';
      throw new HttpError(400, 'VALIDATION_ERROR', message, { hasSentCollateral: [message] });
    }
    if (application.state === 'CANCELLED') {
      throw new HttpError(
        409,
        'REFI_CANCELLED',
        'This refinancing was cancelled. Look the loan up again.',
      );
    }
    const isOpen = application.state === 'CREATED' || application.state === 'OFFER_ACCEPTED';
    if (!isOpen) {
      if (application.selectedOfferUuid !== body.offerUuid) {
        throw new HttpError(409, 'OFFER_LOCKED', REFI_OFFER_LOCKED_MESSAGE);
      }
      if (application.state === 'CELSIUS_TOP_UP_REQUESTED') {
        await tx
          .update(collateralAccounts)
          .set({ borrowerConfirmedAt: now, updatedAt: now })
          .where(eq(collateralAccounts.applicationUuid, appUuid));
        ({ application } = await applyTransition(tx, {
          appUuid,
          event: 'TOP_UP_CONFIRMED',
          actor,
          reason: 'the borrower sent the collateral top-up',
          context: { isCelsiusRefi: true },
          at: now,
        }));
      }
      return { row: application };
    }

    application = await chooseRefiOffer(tx, {
      application,
      offerUuid: body.offerUuid,
      identityUuid,
      now,
    });
    const { offer, treatment } = await refiOfferOf(tx, application, body.offerUuid, now);
    const refusal = refiTermsRefusal({ refi, offer, treatment, quote });
    if (refusal !== null) {
      await repriceRefi(tx, {
        application,
        refi,
        treatment,
        refusal,
        quote,
        identityUuid,
        now,
        sandbox: deps.sandbox,
      });
      return { refusal };
    }
    const topUp = treatment.topUpRequired ? coinText(treatment.topUpCoinQuantity) : '0';
    const topUpRequired = toCoinQuantity(topUp).gt(0);
    const collateral = toCoinQuantity(refi.legacyCollateralQuantity).plus(topUp).toFixed();
    if (
      !isRefiWithinLtvLimits({
        option: treatment.treatment,
        principalCents: refi.principalCents,
        collateralQuantity: collateral,
        priceCents: quote.priceCents,
      })
    ) {
      throw new Error(`Refinancing ${appUuid} would be submitted above its treatment's LTV limit`);
    }
    await tx
      .update(refiApplications)
      .set({
        submittedAt: now,
        completeBy: refiCompleteBy(now),
        topUpCoinQuantity: topUp,
        ...(treatment.treatment === 'CUSTODY_ONLY' ? {} : { stabilizationOptIn: null }),
      })
      .where(eq(refiApplications.applicationUuid, appUuid));
    ({ application } = await applyTransition(tx, {
      appUuid,
      event: 'REFI_CONFIRMED',
      actor,
      reason: topUpRequired
        ? `refinancing submitted (${treatment.treatment}, offer ${offer.uuid}): top-up of ${topUp} ${refi.collateralType} requested`
        : `refinancing submitted (${treatment.treatment}, offer ${offer.uuid})`,
      context: { topUpRequired, isCelsiusRefi: true },
      changes: { coinQuantity: collateral, topUpCoinQuantity: topUp },
      at: now,
    }));
    if (topUpRequired) {
      await ensureRefiDepositAddress(tx, deps, appUuid, refi.collateralType);
    } else {
      // Coins an ended refinancing of the same loan received count toward this one too.
      await carryEndedRefiCoins(tx, deps, appUuid, refi.collateralType);
    }
    return { row: await rereadApplication(tx, appUuid) };
  });
  // Committed before the refusal: the new offers stay for the borrower to choose from.
  if (outcome.refusal !== undefined) {
    throw new HttpError(409, outcome.refusal.code, outcome.refusal.message);
  }
  await ensureRefiDisclosures(deps, appUuid);
  return toRefiView(deps.db, outcome.row, now);
}
