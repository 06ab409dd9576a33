import { computeRenewalOffer } from '../renewal.js';

/**
 * The renewal priced at `priceCents` a BTC of a loan owing $20,250 on 1 BTC in Ohio, with `topUp`
 * BTC added (none: at $60,000 ~34 %, the first tier).
 */
export function renewalOfOneBtcAt(
  priceCents: number,
  topUp = '0',
): ReturnType<typeof computeRenewalOffer> {
  return computeRenewalOffer({
    balanceCents: 2_025_000,
    collateralType: 'BTC',
    collateral: '1',
    topUp,
    priceCents,
    residence: { kind: 'state', state: 'OH' },
  });
}
