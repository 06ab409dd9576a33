/**
 * A refinancing is priced when it is confirmed and again at its last signature (issue 34): the
 * chosen offer's terms must still hold at the current price (the domain's refiCommitRefusal: the
 * treatment the loan's LTV opens, the quoted top-up, the rate tier; at the last signature
 * refiSignatureRefusal, a top-up that arrived being pledged). When they do not, the offers are
 * priced anew in the caller's transaction: the chosen one is withdrawn (REFI_REPRICED, back to
 * CREATED), the documents of the stale offer are voided, the new offers are stored, and the new
 * offer of the same treatment, if the loan still has one, is chosen, so that the borrower sees its
 * terms and confirms again. Nothing is submitted or signed on terms the borrower never saw, and
 * nothing above a treatment's LTV limit.
 */
import {
  refiCommitRefusal,
  refiSignatureRefusal,
  type TRefiCommitRefusal,
  type TRefiQuotedTerms,
} from '@pledge/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { TPriceQuote } from '../../adapters/prices/port.js';
import type { TDb } from '../../db/pool.js';
import {
  applicationRequiredDisclosures,
  disclosureDocuments,
  offers,
  refiOffers,
} from '../../db/schema/index.js';
import type { TApplicationRow } from '../applications/application-record.js';
import { actors, applyTransition } from '../applications/apply-transition.js';
import { coinText } from '../collateral/collateral-record.js';
import type { TOfferRow } from '../offers/offer-record.js';
import { priceRefiOffers } from './price-refi-offers.js';
import { chooseRefiOffer } from './refi-offer-choice.js';
import type { TRefiApplicationRow, TRefiOfferRow } from './refi-record.js';

function quotedTermsOf(offer: TOfferRow, treatment: TRefiOfferRow): TRefiQuotedTerms {
  return {
    option: treatment.treatment,
    topUpRequired: treatment.topUpRequired,
    topUpCoinQuantity: coinText(treatment.topUpCoinQuantity),
    tierId: offer.tierId,
  };
}

interface TRefiTermsAtPrice {
  refi: TRefiApplicationRow;
  offer: TOfferRow;
  treatment: TRefiOfferRow;
  quote: TPriceQuote;
}

/** The quoted terms, the loan and its coins at the quote's price, as the rules read them. */
function termsAtPrice({ refi, offer, treatment, quote }: TRefiTermsAtPrice) {
  return {
    quoted: quotedTermsOf(offer, treatment),
    principalCents: refi.principalCents,
    collateralType: refi.collateralType,
    collateralQuantity: refi.legacyCollateralQuantity,
    priceCents: quote.priceCents,
  };
}

/** Whether the offer's terms still hold at this price; the refusal to tell the borrower if not. */
export function refiTermsRefusal(input: TRefiTermsAtPrice): TRefiCommitRefusal | null {
  return refiCommitRefusal(termsAtPrice(input));
}

/**
 * Whether the submitted offer's terms still hold at this price when its last document is signed
 * (its top-up, when it asked one, has arrived: the disclosures are signed only then).
 */
export function refiSignatureTermsRefusal(
  input: TRefiTermsAtPrice & { isTopUpIn: boolean },
): TRefiCommitRefusal | null {
  return refiSignatureRefusal({ ...termsAtPrice(input), isTopUpIn: input.isTopUpIn });
}

/**
 * Voids the documents of the offer the application leaves (signed or not: they state its terms),
 * in the caller's transaction; they are kept with their signatures, and the documents of the offer
 * confirmed next are generated in their kinds and places. Answers how many were voided.
 */
async function voidRefiDocuments(tx: TDb, appUuid: string, now: Date): Promise<number> {
  const voided = await tx
    .update(disclosureDocuments)
    .set({ voidedAt: now })
    .where(
      and(eq(disclosureDocuments.applicationUuid, appUuid), isNull(disclosureDocuments.voidedAt)),
    )
    .returning({ uuid: disclosureDocuments.uuid });
  // The disclosures the next offer requires are listed again with it (its treatment may differ).
  await tx
    .delete(applicationRequiredDisclosures)
    .where(eq(applicationRequiredDisclosures.applicationUuid, appUuid));
  return voided.length;
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
    /** When it was found: at the confirmation (the default) or at the last signature. */
    at?: 'CONFIRMATION' | 'LAST_SIGNATURE';
  },
): Promise<TApplicationRow> {
  const { refi, quote, now } = input;
  const voided =
    input.at === 'LAST_SIGNATURE' ? await voidRefiDocuments(tx, input.application.uuid, now) : 0;
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
    reason:
      input.at === 'LAST_SIGNATURE'
        ? `last document signed at ${quote.priceCents} cents per ${refi.collateralType}, not recorded; ${voided} document(s) of the offer voided: ${input.refusal.message}`
        : `confirmed at ${quote.priceCents} cents per ${refi.collateralType}: ${input.refusal.message}`,
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
