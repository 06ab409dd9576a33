/**
 * The borrower accepts one of the offers made on their application: CREATED → OFFER_ACCEPTED (or a
 * change of mind while still OFFER_ACCEPTED) through the transition service. Accepting the offer
 * that is already accepted answers the application again, unchanged. A renewal's offer is
 * accepted by the renewal's own rules (renewal/accept-renewal-offer.ts).
 */
import type { TApplication } from '@pledge/contract';
import { and, eq } from 'drizzle-orm';
import { offers } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { toApplicationView } from '../applications/application-view.js';
import { lockOwnedApplication, type TApplicationDeps } from '../applications/application-record.js';
import { actors, applyTransition } from '../applications/apply-transition.js';
import { acceptRenewalOffer } from '../renewal/accept-renewal-offer.js';
import { acceptedOfferChanges, assertOfferOpen } from './offer-record.js';

export const ACCEPT_OFFER_MESSAGES = {
  notFound: 'This offer was not made on this application',
  expired: 'This offer has expired. Request a new offer to see current terms.',
  superseded: 'A newer offer replaced this one. Accept the latest offer.',
} as const;

export async function acceptOffer(
  deps: TApplicationDeps,
  input: { identityUuid: string; appUuid: string; offerUuid: string },
): Promise<TApplication> {
  const { identityUuid, appUuid, offerUuid } = input;
  const now = deps.clock();
  const row = await deps.db.transaction(async (tx) => {
    const application = await lockOwnedApplication(tx, identityUuid, appUuid);
    if (application.selectedOfferUuid === offerUuid) return application;

    const [offer] = await tx
      .select()
      .from(offers)
      .where(and(eq(offers.uuid, offerUuid), eq(offers.applicationUuid, appUuid)));
    if (offer === undefined) {
      throw new HttpError(404, 'OFFER_NOT_FOUND', ACCEPT_OFFER_MESSAGES.notFound);
    }
    if (!application.isRollForward) assertOfferOpen(application);
    if (offer.supersededAt !== null) {
      throw new HttpError(400, 'OFFER_SUPERSEDED', ACCEPT_OFFER_MESSAGES.superseded);
    }
    if (offer.expiresAt.getTime() <= now.getTime()) {
      throw new HttpError(400, 'OFFER_EXPIRED', ACCEPT_OFFER_MESSAGES.expired);
    }

    if (application.isRollForward) {
      return acceptRenewalOffer(tx, { renewal: application, offer, identityUuid, now });
    }
    await tx.update(offers).set({ acceptedAt: now }).where(eq(offers.uuid, offer.uuid));
    const { application: accepted } = await applyTransition(tx, {
      appUuid,
      event: 'OFFER_ACCEPTED',
      actor: actors.borrower(identityUuid),
      reason: `offer ${offer.uuid} accepted`,
      at: now,
      // The application takes the accepted offer's terms and residence.
      changes: acceptedOfferChanges(offer),
    });
    return accepted;
  });
  return toApplicationView(deps.db, row, now);
}
