/**
 * Choosing a refinancing offer, inside the caller's transaction with the application locked: the
 * offer must be one of the application's current offers; choosing another un-chooses the earlier
 * one (it is back among the offers); the same offer again changes nothing. Locked once submitted.
 */
import { isRefiSubmitted, REFI_FORM_MESSAGES } from '@pledge/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { offers, refiApplications } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TApplicationRow } from '../applications/application-record.js';
import { actors, applyTransition } from '../applications/apply-transition.js';
import type { TOfferRow } from '../offers/offer-record.js';
import { refiOffersByUuid, type TRefiOfferRow } from './refi-record.js';

export const REFI_OFFER_LOCKED_MESSAGE =
  'This loan was submitted: its offer is locked. Contact support to change it.';
export const REFI_OFFER_UNKNOWN_MESSAGE = 'This rate is not offered for this loan';

export function assertRefiOpen(application: TApplicationRow): void {
  if (application.state !== 'CREATED' && application.state !== 'OFFER_ACCEPTED') {
    throw new HttpError(
      409,
      'OFFER_LOCKED',
      isRefiSubmitted(application.state) || application.state === 'SIGN_DOCS'
        ? REFI_OFFER_LOCKED_MESSAGE
        : 'This refinancing can no longer be changed',
    );
  }
}

/** One of the application's current (not superseded) offers with its treatment, or 400. */
export async function refiOfferOf(
  tx: TDb,
  application: TApplicationRow,
  offerUuid: string,
  now: Date,
): Promise<{ offer: TOfferRow; treatment: TRefiOfferRow }> {
  const [offer] = await tx
    .select()
    .from(offers)
    .where(
      and(
        eq(offers.uuid, offerUuid),
        eq(offers.applicationUuid, application.uuid),
        isNull(offers.supersededAt),
      ),
    );
  const treatment =
    offer === undefined ? undefined : (await refiOffersByUuid(tx, [offer.uuid])).get(offer.uuid);
  if (offer === undefined || treatment === undefined) {
    throw new HttpError(400, 'VALIDATION_ERROR', REFI_OFFER_UNKNOWN_MESSAGE, {
      offerUuid: [REFI_OFFER_UNKNOWN_MESSAGE],
    });
  }
  if (offer.expiresAt.getTime() <= now.getTime() && offer.uuid !== application.selectedOfferUuid) {
    throw new HttpError(409, 'OFFER_EXPIRED', 'This offer expired. Look the loan up again.');
  }
  return { offer, treatment };
}

/** Takes the offer (REFI_OFFER_SELECTED); answers the application row after it. */
export async function chooseRefiOffer(
  tx: TDb,
  input: { application: TApplicationRow; offerUuid: string; identityUuid: string; now: Date },
): Promise<TApplicationRow> {
  const { application, now } = input;
  assertRefiOpen(application);
  if (input.offerUuid.trim() === '') {
    throw new HttpError(400, 'VALIDATION_ERROR', REFI_FORM_MESSAGES.rateRequired, {
      offerUuid: [REFI_FORM_MESSAGES.rateRequired],
    });
  }
  const { offer, treatment } = await refiOfferOf(tx, application, input.offerUuid, now);
  if (application.selectedOfferUuid === offer.uuid && application.state === 'OFFER_ACCEPTED') {
    return application;
  }
  if (application.selectedOfferUuid !== null) {
    await tx
      .update(offers)
      .set({ acceptedAt: null })
      .where(eq(offers.uuid, application.selectedOfferUuid));
  }
  await tx.update(offers).set({ acceptedAt: now }).where(eq(offers.uuid, offer.uuid));
  // Stabilization goes with custody-only offers alone: another treatment clears the choice.
  if (treatment.treatment !== 'CUSTODY_ONLY') {
    await tx
      .update(refiApplications)
      .set({ stabilizationOptIn: null })
      .where(eq(refiApplications.applicationUuid, application.uuid));
  }
  const { application: updated } = await applyTransition(tx, {
    appUuid: application.uuid,
    event: 'REFI_OFFER_SELECTED',
    actor: actors.borrower(input.identityUuid),
    reason: `refinancing offer ${offer.uuid} (${treatment.treatment}) selected`,
    context: { isCelsiusRefi: true },
    changes: {
      selectedOfferUuid: offer.uuid,
      coinQuantity: offer.collateralUnits,
    },
    at: now,
  });
  return updated;
}
