/**
 * Prices the offers of a refinancing application (one per treatment open at the legacy loan's LTV)
 * and stores them with their treatment, inside the caller's transaction. Earlier open offers are
 * superseded. Refinancing offers hold for the completion window: the top-up a custody-only offer
 * takes is quoted again at the current price when the borrower submits (confirm-refi).
 */
import {
  computeRefiOffers,
  isOfferedCollateralType,
  REFI_COMPLETION_CALENDAR_DAYS,
  refiRatesBps,
  refiResidenceOf,
} from '@pledge/domain';
import type { TPriceQuote } from '../../adapters/prices/port.js';
import { brandFor } from '../../brands/brands.js';
import type { TDb } from '../../db/pool.js';
import { offers, refiOffers } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TApplicationRow } from '../applications/application-record.js';
import { offerRowOf, supersedeOpenOffers } from '../offers/offer-record.js';
import type { TRefiApplicationRow } from './refi-record.js';

const MS_PER_DAY = 24 * 60 * 60 * 1000;

export async function priceRefiOffers(
  tx: TDb,
  input: {
    application: TApplicationRow;
    refi: TRefiApplicationRow;
    quote: TPriceQuote;
    now: Date;
    sandbox: boolean;
  },
): Promise<void> {
  const { application, refi, quote, now } = input;
  const residence = refiResidenceOf(refi.jurisdiction);
  if (residence === null || !isOfferedCollateralType(refi.collateralType)) {
    throw new HttpError(409, 'REFI_NOT_PRICEABLE', 'This loan cannot be priced for refinancing');
  }
  const brand = brandFor(application.organization, input.sandbox);
  const terms = computeRefiOffers({
    principalCents: refi.principalCents,
    collateralType: refi.collateralType,
    collateralQuantity: refi.legacyCollateralQuantity,
    priceCents: quote.priceCents,
    residence,
    ratesBps: refiRatesBps(brand.refiRatesPct),
  });
  await supersedeOpenOffers(tx, application.uuid, now);
  for (const term of terms) {
    const [offer] = await tx
      .insert(offers)
      .values(
        offerRowOf({
          applicationUuid: application.uuid,
          terms: term,
          residence,
          priceCents: quote.priceCents,
          priceAsOf: quote.asOf,
          createdAt: now,
          expiresAt: new Date(now.getTime() + REFI_COMPLETION_CALENDAR_DAYS * MS_PER_DAY),
        }),
      )
      .returning({ uuid: offers.uuid });
    if (offer === undefined) throw new Error('The refinancing offer insert returned no row');
    await tx.insert(refiOffers).values({
      offerUuid: offer.uuid,
      applicationUuid: application.uuid,
      treatment: term.option,
      topUpRequired: term.topUpRequired,
      topUpCoinQuantity: term.topUpCoinQuantity,
      currentLtvPct: term.currentLtvPct,
      postTopUpLtvPct: term.postTopUpLtvPct,
      collateralReuseConsent: term.collateralReuseConsent,
    });
  }
}
