import { describe, expect, it } from 'vitest';
import { interestOnlyPayments } from './apr.js';
import { Decimal, usdToCents } from './money.js';
import {
  OFFER_REFUSAL_MESSAGES,
  assertOfferable,
  computeOffer,
  isOfferedCollateralType,
  liquidationProcessingFeeCents,
  loanAmountCents,
  minCoinQuantity,
  offerPaymentSchedule,
  originationFeeBps,
  originationFeeCents,
  type TOfferInput,
  type TOfferResult,
} from './offer.js';
import { loanLimitsUsd } from './residence.js';
import { balanceLtvPct } from './servicing.js';
import { domainErrorCode } from './test-support/domain-error-code.js';
import { expectCorrectlyRoundedApr } from './test-support/float-apr.js';
import { country, eligibleOffer, state } from './test-support/offer.js';

const TEN_THOUSAND_USD = usdToCents('10,000');

describe('originationFeeCents for $10,000 of cash', () => {
  it.each([
    ['AL (no fee)', state('AL'), 0],
    ['KS (no fee)', state('KS'), 0],
    ['MN (no fee)', state('MN'), 0],
    ['NC (no fee)', state('NC'), 0],
    ['WI (no fee)', state('WI'), 0],
    ['OH (greater of 1% or $250)', state('OH'), 25000],
    ['IA (greater of 1% or $30)', state('IA'), 10000],
    ['IN (greater of 1% or $200)', state('IN'), 20000],
    ['MI (greater of 1% or $400)', state('MI'), 40000],
    ['MO (greater of 1% or $100)', state('MO'), 10000],
    ['NY (0.85%)', state('NY'), 8500],
    ['CA (1%)', state('CA'), 10000],
    ['FL (1%)', state('FL'), 10000],
    ['international (1.5%)', country('GB'), 15000],
  ])('%s → %i cents', (_label, residence, cents) => {
    expect(originationFeeCents(TEN_THOUSAND_USD, residence)).toBe(cents);
  });
});

describe('originationFeeCents on other draws', () => {
  it.each([
    ['IA $2,000: the $30 floor beats 1% ($20)', 200000, state('IA'), 3000],
    ['IA $5,000: 1% ($50) beats the $30 floor', 500000, state('IA'), 5000],
    ['OH $30,000: 1% beats the $250 floor', 3000000, state('OH'), 30000],
    ['MI $50,000: 1% beats the $400 floor', 5000000, state('MI'), 50000],
    ['NY $12,345.67: 104.938695 → half-up', 1234567, state('NY'), 10494],
    ['CA $10,000.50: 10,000.5 cents → half-up', 1000050, state('CA'), 10001],
    ['CA $10,000.49: 10,000.49 cents → half-up', 1000049, state('CA'), 10000],
    ['international $1.00: 1.5 cents → 2', 100, country('JP'), 2],
    ['international $0.33: 0.495 cents → 0', 33, country('JP'), 0],
    ['AL $1,000,000: still none', 100000000, state('AL'), 0],
  ])('%s', (_label, draw, residence, cents) => {
    expect(originationFeeCents(draw, residence)).toBe(cents);
  });

  it('agrees with exact integer arithmetic on thousands of odd amounts (no float drift)', () => {
    let cents = 500001;
    for (let index = 0; index < 5000; index += 1) {
      cents = (cents * 48271 + 12345) % 200000001;
      for (const [residence, bps] of [
        [state('CA'), 100n],
        [state('NY'), 85n],
        [country('DE'), 150n],
      ] as const) {
        const exact = (BigInt(cents) * bps * 2n + 10000n) / 20000n;
        expect(originationFeeCents(cents, residence)).toBe(Number(exact));
      }
    }
  });
});

describe('originationFeeBps (for display)', () => {
  it.each([
    [state('AL'), 0],
    [state('OH'), 100],
    [state('IA'), 100],
    [state('NY'), 85],
    [state('CA'), 100],
    [country('GB'), 150],
  ])('%o → %i bps', (residence, bps) => {
    expect(originationFeeBps(residence)).toBe(bps);
  });
});

describe('liquidationProcessingFeeCents', () => {
  it.each([
    [1000000, 20000],
    [1234567, 24691],
    [25, 1],
    [24, 0],
  ])('2%% of %i cents → %i cents', (liquidated, fee) => {
    expect(liquidationProcessingFeeCents(liquidated)).toBe(fee);
  });
});

describe('minCoinQuantity', () => {
  // The minimum loan with its origination fee (the amount owed) at 75% of the collateral value.
  it.each([
    // ($5,000 + 1%) ÷ 75% ÷ $60,000 = 0.11222…
    ['CA at $60,000', state('CA'), 6000000, '0.112223'],
    // ($5,001 + the $250 floor) ÷ 75% ÷ $40,000 = 0.175033…
    ['OH at $40,000', state('OH'), 4000000, '0.175034'],
    // ($250,001 + 1%) ÷ 75% ÷ $3,000 = 112.22267…
    ['HI at $3,000', state('HI'), 300000, '112.222672'],
    // ($10,000 + 1.5%) ÷ 75% ÷ $40,000 = 0.33833…
    ['international at $40,000', country('GB'), 4000000, '0.338334'],
    ['CA at $75,000', state('CA'), 7500000, '0.089778'],
  ])('%s → %s', (_label, residence, priceCents, expected) => {
    expect(minCoinQuantity({ priceCents, residence })).toBe(expected);
  });

  it('secures the minimum loan at no more than 75% and one step less does not', () => {
    const residence = state('OH');
    const quantity = new Decimal(minCoinQuantity({ priceCents: 4321099, residence }));
    // $5,001 and the $250 floor owed.
    const ltvAt = (q: Decimal) => new Decimal(525100).times(100).div(q.times(4321099));
    expect(ltvAt(quantity).lte(75)).toBe(true);
    expect(ltvAt(quantity.minus('0.000001')).gt(75)).toBe(true);
  });

  it('refuses a price that is not positive cents', () => {
    expect(domainErrorCode(() => minCoinQuantity({ priceCents: 0, residence: state('CA') }))).toBe(
      'INVALID_PRICE',
    );
  });
});

describe('computeOffer', () => {
  // $10,000 and its 1% fee against 0.505 BTC at $40,000 ($20,200): exactly 50%.
  const base: TOfferInput = {
    drawCents: TEN_THOUSAND_USD,
    collateralType: 'BTC',
    coinQuantity: '0.505',
    priceCents: 4000000,
    residence: state('CA'),
  };

  it('makes the 8.91% offer for $10,000 against collateral worth twice the loan', () => {
    expect(computeOffer(base)).toEqual({
      eligible: true,
      offer: {
        amountCents: 1010000,
        drawAmountCents: 1000000,
        termMonths: 12,
        ltvPct: '50.00',
        interestRateBps: 891,
        interestRatePct: '8.910',
        annualPercentageRatePct: '9.954',
        originationFeeBps: 100,
        originationFeeAmountCents: 10000,
        estimatedMonthlyPaymentCents: 7499,
        collateralType: 'BTC',
        collateralUnits: '0.505',
        minCollateralUnits: '0.336667',
        collateralAmountCents: 2020000,
        // 10,100 ÷ (0.505 × p) = 75% / 80% / 90%
        warningPriceCents: 2666667,
        marginCallPriceCents: 2500000,
        liquidationPriceCents: 2222222,
        courtesyNoticeLtvPct: 76,
        tierId: 'RATE_1',
        financeChargeCents: 99988,
        totalOfPaymentsCents: 1099988,
        paymentSchedule: [
          ...Array.from({ length: 11 }, (_, index) => ({
            number: index + 1,
            dueMonth: index + 1,
            amountCents: 7499,
          })),
          { number: 12, dueMonth: 12, amountCents: 1017499 },
        ],
      },
    });
  });

  it('makes the 11.5% offer at 60.6% LTV ($12,120 owed on $20,000)', () => {
    const offer = eligibleOffer(computeOffer({ ...base, coinQuantity: '0.5', drawCents: 1200000 }));
    expect(offer).toMatchObject({
      tierId: 'RATE_2',
      ltvPct: '60.60',
      interestRateBps: 1150,
      interestRatePct: '11.500',
      amountCents: 1212000,
      estimatedMonthlyPaymentCents: 11615,
      courtesyNoticeLtvPct: 80.75,
      minCollateralUnits: '0.404000',
    });
  });

  // Document 1 §9: 8.91% "if the initial LTV is up to 50%". The initial LTV is the one servicing
  // shows on the first day: what is owed, the draw with its fee, against the collateral.
  it.each<[string, Partial<TOfferInput>, string, 'RATE_1' | 'RATE_2']>([
    ['$10,100 owed on $20,200: 50.00%', {}, '50.00', 'RATE_1'],
    ['$10,100.01 owed on $20,200: 50.00005%', { drawCents: 1000001 }, '50.00', 'RATE_2'],
    // The cash alone is 50% of the collateral; with its fee the loan starts above.
    [
      '$10,000 cash (50%) and its fee on $20,000: 50.50%',
      { coinQuantity: '0.5' },
      '50.50',
      'RATE_2',
    ],
    // The finding: a loan that servicing shows at 50.16% on its first day.
    ['$10,100 owed on 0.50339 BTC: 50.16%', { coinQuantity: '0.50339' }, '50.16', 'RATE_2'],
  ])('picks the tier at the 50%% boundary on the loan owed: %s', (_label, change, ltv, tier) => {
    const input = { ...base, ...change };
    const offer = eligibleOffer(computeOffer(input));
    expect(offer.ltvPct).toBe(ltv);
    expect(offer.tierId).toBe(tier);
    // The same figure as the servicing LTV of the funded loan on its first day.
    expect(balanceLtvPct(offer.amountCents, offer.collateralUnits, input.priceCents)).toBe(
      Number(ltv),
    );
  });

  it.each([
    ['8.91%, CA', '9.954', { ...base }],
    ['11.5%, CA', '12.559', { ...base, coinQuantity: '0.4' }],
    ['8.91%, international', '10.473', { ...base, coinQuantity: '0.6', residence: country('GB') }],
    ['11.5%, international', '13.085', { ...base, coinQuantity: '0.4', residence: country('GB') }],
    ['8.91%, AL (no fee)', '8.910', { ...base, residence: state('AL') }],
    ['8.91%, OH ($250 floor)', '11.504', { ...base, coinQuantity: '0.6', residence: state('OH') }],
    ['11.5%, NY (0.85%)', '12.401', { ...base, coinQuantity: '0.4', residence: state('NY') }],
  ])('the %s offer has an APR of %s%%, checked independently', (_label, expectedApr, input) => {
    const offer = eligibleOffer(computeOffer(input));
    expect(offer.annualPercentageRatePct).toBe(expectedApr);
    const payments = offer.paymentSchedule.map((row) => ({
      amountCents: row.amountCents,
      periodMonths: row.dueMonth,
    }));
    // The amount financed (the draw) lies between the payments' present values at the edges of the
    // APR's rounding interval: the APR is the correctly rounded actuarial rate.
    expectCorrectlyRoundedApr(
      payments,
      Number(offer.annualPercentageRatePct),
      offer.drawAmountCents,
    );
  });

  it('keeps its figures consistent with each other', () => {
    for (const input of [
      base,
      { ...base, drawCents: 1234567, residence: state('NY') },
      {
        ...base,
        collateralType: 'ETH',
        coinQuantity: '12.345678',
        priceCents: 312345,
        residence: country('SG'),
      },
      {
        ...base,
        drawCents: 2500100,
        coinQuantity: '1',
        priceCents: 6543210,
        residence: state('OH'),
      },
    ]) {
      const offer = eligibleOffer(computeOffer(input));
      expect(offer.amountCents).toBe(offer.drawAmountCents + offer.originationFeeAmountCents);
      expect(offer.originationFeeAmountCents).toBe(
        originationFeeCents(input.drawCents, input.residence),
      );
      const total = offer.paymentSchedule.reduce((sum, row) => sum + row.amountCents, 0);
      expect(offer.totalOfPaymentsCents).toBe(total);
      expect(offer.financeChargeCents).toBe(total - offer.drawAmountCents);
      expect(offer.paymentSchedule).toHaveLength(12);
      expect(offer.paymentSchedule[0]?.amountCents).toBe(offer.estimatedMonthlyPaymentCents);
      expect(offer.paymentSchedule).toEqual(
        interestOnlyPayments(offer.amountCents, offer.interestRateBps, 12).map(
          (payment, index) => ({
            number: index + 1,
            dueMonth: payment.periodMonths,
            amountCents: payment.amountCents,
          }),
        ),
      );
      // What an offer's row keeps is enough to state its schedule again.
      expect(offerPaymentSchedule(offer)).toEqual(offer.paymentSchedule);
      expect(offer.liquidationPriceCents).toBeLessThan(offer.marginCallPriceCents);
      expect(offer.marginCallPriceCents).toBeLessThan(offer.warningPriceCents);
      expect(offer.warningPriceCents).toBeLessThan(input.priceCents);
      expect(new Decimal(offer.minCollateralUnits).lte(offer.collateralUnits)).toBe(true);
    }
  });

  it('prices the alerts on the loan amount, fee included', () => {
    const offer = eligibleOffer(computeOffer({ ...base, residence: state('OH') }));
    // $10,250 owed on 0.505 coin reaches 90% at $22,552.26.
    expect(offer.amountCents).toBe(1025000);
    expect(offer.liquidationPriceCents).toBe(2255226);
  });

  it('takes cash typed with commas or float-prone amounts exactly', () => {
    const offer = eligibleOffer(computeOffer({ ...base, drawCents: usdToCents('5,004.35') }));
    expect(offer.drawAmountCents).toBe(500435);
    expect(offer.originationFeeAmountCents).toBe(5004);
    expect(offer.amountCents).toBe(505439);
  });

  it.each<[string, Partial<TOfferInput>, TOfferResult]>([
    [
      'SOL collateral',
      { collateralType: 'SOL' },
      { eligible: false, reason: 'UNSUPPORTED_COLLATERAL' },
    ],
    [
      'an unknown collateral',
      { collateralType: 'DOGE' },
      { eligible: false, reason: 'UNSUPPORTED_COLLATERAL' },
    ],
    ['Texas', { residence: state('TX') }, { eligible: false, reason: 'STATE_NOT_SERVICED' }],
    ['DC', { residence: state('DC') }, { eligible: false, reason: 'STATE_NOT_SERVICED' }],
    ['Russia', { residence: country('RU') }, { eligible: false, reason: 'COUNTRY_NOT_ENABLED' }],
    [
      'an unknown country',
      { residence: country('ZZ') },
      { eligible: false, reason: 'COUNTRY_NOT_ENABLED' },
    ],
    ['$4,999.99 in CA', { drawCents: 499999 }, { eligible: false, reason: 'BELOW_MIN_AMOUNT' }],
    [
      '$5,000 in OH (minimum 5,001)',
      { drawCents: 500000, residence: state('OH') },
      { eligible: false, reason: 'BELOW_MIN_AMOUNT' },
    ],
    [
      '$250,000 in HI',
      { drawCents: 25000000, coinQuantity: '100', residence: state('HI') },
      { eligible: false, reason: 'BELOW_MIN_AMOUNT' },
    ],
    [
      '$9,999 abroad',
      { drawCents: 999900, residence: country('GB') },
      { eligible: false, reason: 'BELOW_MIN_AMOUNT' },
    ],
    [
      '$2,000,000.01',
      { drawCents: 200000001, coinQuantity: '1000' },
      { eligible: false, reason: 'ABOVE_MAX_AMOUNT' },
    ],
    [
      // The CA minimum of $5,000 (and its $50 fee) needs 0.168334 BTC at $40,000; so does this draw.
      '0.1 BTC for $5,000',
      { drawCents: 500000, coinQuantity: '0.1' },
      {
        eligible: false,
        reason: 'BELOW_MIN_COIN_QUANTITY',
        additionalCoinQuantityNeeded: '0.068334',
      },
    ],
    [
      'no collateral',
      { coinQuantity: '0' },
      {
        eligible: false,
        reason: 'BELOW_MIN_COIN_QUANTITY',
        additionalCoinQuantityNeeded: '0.336667',
      },
    ],
    [
      '$16,160 owed against $20,200 (80%)',
      { drawCents: 1600000 },
      { eligible: false, reason: 'LTV_TOO_HIGH', additionalCoinQuantityNeeded: '0.033667' },
    ],
    [
      '75.00005% LTV',
      { drawCents: 1500001 },
      { eligible: false, reason: 'LTV_TOO_HIGH', additionalCoinQuantityNeeded: '0.000001' },
    ],
  ])('refuses %s', (_label, change, expected) => {
    expect(computeOffer({ ...base, ...change })).toEqual(expected);
  });

  it('offers exactly at the 75% ceiling and at the state minimum', () => {
    expect(eligibleOffer(computeOffer({ ...base, drawCents: 1500000 })).tierId).toBe('RATE_2');
    expect(
      eligibleOffer(computeOffer({ ...base, drawCents: 500100, residence: state('OH') })).tierId,
    ).toBe('RATE_1');
    expect(
      eligibleOffer(computeOffer({ ...base, drawCents: 200000000, coinQuantity: '200' })).tierId,
    ).toBe('RATE_1');
  });

  it.each([
    ['a zero draw', { drawCents: 0 }, 'INVALID_AMOUNT'],
    ['a fractional draw', { drawCents: 100.5 }, 'INVALID_AMOUNT'],
    ['a zero price', { priceCents: 0 }, 'INVALID_PRICE'],
    ['a negative coin quantity', { coinQuantity: '-1' }, 'INVALID_COIN_QUANTITY'],
  ])('throws on %s', (_label, change, code) => {
    expect(domainErrorCode(() => computeOffer({ ...base, ...change }))).toBe(code);
  });
});

describe('assertOfferable', () => {
  it.each([
    ['BTC in CA', 'BTC', state('CA')],
    ['ETH abroad', 'ETH', country('GB')],
  ])('accepts %s', (_label, collateralType, residence) => {
    expect(() => assertOfferable({ collateralType, residence })).not.toThrow();
  });

  it.each([
    [
      'SOL',
      'SOL',
      state('CA'),
      'UNSUPPORTED_COLLATERAL',
      { collateralType: [OFFER_REFUSAL_MESSAGES.UNSUPPORTED_COLLATERAL] },
    ],
    [
      'Texas',
      'BTC',
      state('TX'),
      'STATE_NOT_SERVICED',
      { state: ['This state is currently not being serviced'] },
    ],
    [
      'Cuba',
      'BTC',
      country('CU'),
      'COUNTRY_NOT_ENABLED',
      { countryCode: [OFFER_REFUSAL_MESSAGES.COUNTRY_NOT_ENABLED] },
    ],
  ])('refuses %s', (_label, collateralType, residence, code, fieldErrors) => {
    let caught: unknown;
    try {
      assertOfferable({ collateralType, residence });
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code, fieldErrors });
  });

  it.each([
    ['BTC', true],
    ['ETH', true],
    ['SOL', false],
    ['btc', false],
  ])('isOfferedCollateralType(%s) → %s', (type, expected) => {
    expect(isOfferedCollateralType(type)).toBe(expected);
  });
});

/**
 * The figures of an offer's collateral by the rules of ltv.ts, written out with exact decimals:
 * the initial LTV is the loan amount against quantity × price, its tier the first whose maximum it
 * does not exceed, each alert price the coin price at which the amount reaches that LTV (half-up
 * to the cent), the coins asked for the quantity at 75 % rounded up to 6 decimals.
 */
function decimalFigures(input: {
  amountCents: number;
  minAmountCents: number;
  coinQuantity: string;
  priceCents: number;
}) {
  const quantity = new Decimal(input.coinQuantity);
  const price = new Decimal(input.priceCents);
  const amount = new Decimal(input.amountCents);
  const coinsAt = (cents: number, pct: number) =>
    new Decimal(cents).times(100).div(price.times(pct));
  if (quantity.lt(coinsAt(input.minAmountCents, 75))) return 'BELOW_MIN_COIN_QUANTITY';
  const value = quantity.times(price);
  const ltv = amount.times(100).div(value);
  const tier = ltv.lte(50) ? 'RATE_1' : ltv.lte(75) ? 'RATE_2' : null;
  if (tier === null) return 'LTV_TOO_HIGH';
  const alerts = tier === 'RATE_1' ? [75, 80, 90] : [80, 85, 90];
  const priceAt = (pct: number) =>
    Number(amount.times(100).div(quantity.times(pct)).toFixed(0, Decimal.ROUND_HALF_UP));
  return {
    tierId: tier,
    ltvPct: ltv.toFixed(2, Decimal.ROUND_HALF_UP),
    minCollateralUnits: coinsAt(input.amountCents, 75).toFixed(6, Decimal.ROUND_UP),
    collateralAmountCents: Number(value.toFixed(0, Decimal.ROUND_HALF_UP)),
    warningPriceCents: priceAt(alerts[0] ?? 0),
    marginCallPriceCents: priceAt(alerts[1] ?? 0),
    liquidationPriceCents: priceAt(alerts[2] ?? 0),
  };
}

describe('computeOffer and minCoinQuantity against exact decimals, on seeded inputs', () => {
  const residences = [
    state('OH'),
    state('CA'),
    state('AK'),
    state('NY'),
    state('IA'),
    country('DE'),
  ];
  let seed = 20_261_130;
  const next = (below: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor((seed / 2_147_483_648) * below);
  };
  const digits = (count: number) => Array.from({ length: count }, () => String(next(10))).join('');
  /** A quantity near the one at which `cents` sits at `pct`: on it, or a last digit off. */
  const quantityNear = (cents: number, priceCents: number, pct: number, decimals: number) => {
    const exact = new Decimal(cents).times(100).div(new Decimal(priceCents).times(pct));
    const step = new Decimal(1).div(new Decimal(10).pow(decimals));
    const near = exact.toDecimalPlaces(
      decimals,
      next(2) === 0 ? Decimal.ROUND_UP : Decimal.ROUND_DOWN,
    );
    return near
      .plus(step.times(next(3) - 1))
      .abs()
      .toFixed();
  };

  it('answers every figure as the decimals do', () => {
    for (let index = 0; index < 6_000; index += 1) {
      const residence = residences[next(residences.length)] ?? state('OH');
      const limits = loanLimitsUsd(residence);
      const drawCents = limits.min * 100 + next((limits.max - limits.min) * 100 + 1);
      // Prices up to $100 million a coin, quantities up to 100,000 coins: values in safe cents.
      let priceCents = Number(`${1 + next(9)}${digits(next(10))}`);
      const amountCents = loanAmountCents(drawCents, residence);
      const minAmountCents = loanAmountCents(limits.min * 100, residence);
      const decimals = next(19);
      let coinQuantity: string;
      switch (next(4)) {
        case 0:
          coinQuantity = quantityNear(amountCents, priceCents, next(2) === 0 ? 50 : 75, decimals);
          break;
        case 1:
          coinQuantity = quantityNear(minAmountCents, priceCents, 75, decimals);
          break;
        default:
          coinQuantity = `${String(BigInt(`0${digits(next(6))}`))}.${digits(decimals)}`.replace(
            /\.$/,
            '',
          );
      }
      // Or on a boundary exactly: the price at which m ÷ 10^places coins sit at 50 % or 75 % of
      // the loan amount, or at 75 % of the minimum loan's, when that price is whole cents.
      const onBoundary = next(3) === 0;
      if (onBoundary) {
        const cents = BigInt(next(2) === 0 ? amountCents : minAmountCents) * 100n;
        const pct = BigInt(next(2) === 0 ? 50 : 75);
        const coins = BigInt(1 + next(999));
        const places = next(7);
        const numerator = cents * 10n ** BigInt(places);
        if (numerator % (pct * coins) === 0n && numerator / (pct * coins) <= 10_000_000_000n) {
          priceCents = Number(numerator / (pct * coins));
          coinQuantity = new Decimal(String(coins)).div(new Decimal(10).pow(places)).toFixed();
        }
      }
      const result = computeOffer({
        drawCents,
        collateralType: 'BTC',
        coinQuantity,
        priceCents,
        residence,
      });
      const expected = decimalFigures({ amountCents, minAmountCents, coinQuantity, priceCents });
      const context = JSON.stringify({ drawCents, coinQuantity, priceCents, residence });
      if (typeof expected === 'string') {
        expect(result.eligible ? 'eligible' : result.reason, context).toBe(expected);
        continue;
      }
      const offer = eligibleOffer(result);
      expect(offer.amountCents, context).toBe(amountCents);
      expect(
        {
          tierId: offer.tierId,
          ltvPct: offer.ltvPct,
          minCollateralUnits: offer.minCollateralUnits,
          collateralAmountCents: offer.collateralAmountCents,
          warningPriceCents: offer.warningPriceCents,
          marginCallPriceCents: offer.marginCallPriceCents,
          liquidationPriceCents: offer.liquidationPriceCents,
        },
        context,
      ).toEqual(expected);
      expect(offer.collateralUnits, context).toBe(new Decimal(coinQuantity).toFixed());
    }
  });

  it('asks the least quantity as the decimals round it up', () => {
    for (let index = 0; index < 3_000; index += 1) {
      const residence = residences[next(residences.length)] ?? state('OH');
      const priceCents = Number(`${1 + next(9)}${digits(next(14))}`);
      const minAmountCents = loanAmountCents(loanLimitsUsd(residence).min * 100, residence);
      const expected = new Decimal(minAmountCents)
        .times(100)
        .div(new Decimal(priceCents).times(75))
        .toFixed(6, Decimal.ROUND_UP);
      expect(minCoinQuantity({ priceCents, residence }), `${priceCents}`).toBe(expected);
    }
  });

  it('answers quantities beyond 18 decimals or 20 whole digits as the decimals do', () => {
    const residence = state('OH');
    const amountCents = loanAmountCents(2_000_000, residence);
    for (const coinQuantity of ['1.0000000000000000001', '0.33333333333333333333333', '0.5']) {
      const result = computeOffer({
        drawCents: 2_000_000,
        collateralType: 'ETH',
        coinQuantity,
        priceCents: 6_000_000,
        residence,
      });
      const expected = decimalFigures({
        amountCents,
        minAmountCents: loanAmountCents(loanLimitsUsd(residence).min * 100, residence),
        coinQuantity,
        priceCents: 6_000_000,
      });
      if (typeof expected === 'string') {
        expect(result.eligible ? 'eligible' : result.reason).toBe(expected);
      } else {
        expect(eligibleOffer(result)).toMatchObject(expected);
      }
    }
    // A collateral worth more than safe-integer cents is refused, however it is priced.
    expect(() =>
      computeOffer({
        drawCents: 2_000_000,
        collateralType: 'BTC',
        coinQuantity: '123456789012345678901.5',
        priceCents: 6_000_000,
        residence,
      }),
    ).toThrow('The amount is too large');
  });
});
