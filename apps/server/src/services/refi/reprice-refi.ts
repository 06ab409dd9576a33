/**
 * A refinancing is priced when it is confirmed (issue 34): the chosen offer's terms must still hold
 * at the current price (the domain's refiCommitRefusal: the treatment the loan's LTV opens, the
 * quoted top-up, the rate tier). When they do not, the offers are priced anew in the caller's
 * transaction: the chosen one is withdrawn (REFI_REPRICED, back to CREATED), the new offers are
 * stored, and the new offer of the same treatment, if the loan still has one, is chosen, so that
 * the borrower sees its terms and confirms again. Nothing is submitted on terms the borrower never
 * saw, and nothing above a treatment's LTV limit.
 */
import { refiCommitRefusal, type TRefiCommitRefusal } from '@pledge/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { TPriceQuote } from '../../adapters/prices/port.js';
import type { TDb } from '../../db/pool.js';
import { offers, refiOffers } from '../../db/schema/index.js';
import type { TApplicationRow } from '../applications/application-record.js';
import { actors, applyTransition } from '../applications/apply-transition.js';
import { coinText } from '../collateral/collateral-record.js';
import type { TOfferRow } from '../offers/offer-record.js';
import { priceRefiOffers } from './price-refi-offers.js';
import { chooseRefiOffer } from './refi-offer-choice.js';
import type { TRefiApplicationRow, TRefiOfferRow } from './refi-record.js';

/** Whether the offer's terms still hold at this price; the refusal to tell the borrower if not. */
export function refiTermsRefusal(input: {
  refi: TRefiApplicationRow;
  offer: TOfferRow;
  treatment: TRefiOfferRow;
  quote: TPriceQuote;
}): TRefiCommitRefusal | null {
  const { refi, offer, treatment } = input;
  return refiCommitRefusal({
    quoted: {
      option: treatment.treatment,
      topUpRequired: treatment.topUpRequired,
      topUpCoinQuantity: coinText(treatment.topUpCoinQuantity),
      tierId: offer.tierId,
    },
    principalCents: refi.principalCents,
    collateralType: refi.collateralType,
    collateralQuantity: refi.legacyCollateralQuantity,
    priceCents: input.quote.priceCents,
  });
}

/**
 * Withdraws the chosen offer and prices the offers anew at `quote`, choosing the new offer of the
 * same treatment when there is one; answers the application after it.
 */
export async function repriceRefi(
  tx: TDb,
  input: {
    application: TApplicationRow;
    refi: TRefiApplicationRow;
    treatment: TRefiOfferRow;
    refusal: TRefiCommitRefusal;
    quote: TPriceQuote;
    identityUuid: string;
    now: Date;
    sandbox: boolean;
  },
): Promise<TApplicationRow> {
  const { refi, quote, now } = input;
  if (input.application.selectedOfferUuid !== null) {
    await tx
      .update(offers)
      .set({ acceptedAt: null, supersededAt: now })
      .where(eq(offers.uuid, input.application.selectedOfferUuid));
  }
  const { application } = await applyTransition(tx, {
    appUuid: input.application.uuid,
    event: 'REFI_REPRICED',
    actor: actors.borrower(input.identityUuid),
    reason: `confirmed at ${quote.priceCents} cents per ${refi.collateralType}: ${input.refusal.message}`,
    context: { isCelsiusRefi: true },
    changes: { selectedOfferUuid: null, coinQuantity: refi.legacyCollateralQuantity },
    at: now,
  });
  await priceRefiOffers(tx, { application, refi, quote, now, sandbox: input.sandbox });
  const [same] = await tx
    .select({ uuid: offers.uuid })
    .from(offers)
    .innerJoin(refiOffers, eq(refiOffers.offerUuid, offers.uuid))
    .where(
      and(
        eq(offers.applicationUuid, application.uuid),
        isNull(offers.supersededAt),
        eq(refiOffers.treatment, input.treatment.treatment),
      ),
    );
  if (same === undefined) return application;
  return chooseRefiOffer(tx, {
    application,
    offerUuid: same.uuid,
    identityUuid: input.identityUuid,
    now,
  });
}
