import { computeOffer, type TOfferResult, type TOfferTerms } from '../offer.js';
import type { TUsStateCode } from '../constants/states.js';
import type { TResidence } from '../residence.js';

/** A borrower living in the US state `code`. */
export const state = (code: TUsStateCode): TResidence => ({ kind: 'state', state: code });

/** A borrower living abroad, in `countryCode`. */
export const country = (countryCode: string): TResidence => ({ kind: 'country', countryCode });

/** The offer of an eligible result; the test fails with the refusal's reason when it is none. */
export function eligibleOffer(result: TOfferResult): TOfferTerms {
  if (!result.eligible) throw new Error(`expected an offer, got ${result.reason}`);
  return result.offer;
}

/** The offer of `drawCents` of cash on `coinQuantity` BTC at $60,000 a coin, for `residence`. */
export function btcOfferAt60k(
  drawCents: number,
  coinQuantity: string,
  residence: TResidence,
): TOfferTerms {
  return eligibleOffer(
    computeOffer({
      drawCents,
      collateralType: 'BTC',
      coinQuantity,
      priceCents: 6_000_000,
      residence,
    }),
  );
}
