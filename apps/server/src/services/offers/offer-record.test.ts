import { Decimal, computeOffer, offerPaymentSchedule, usdToCents } from '@pledge/domain';
import { describe, expect, it } from 'vitest';
import { coinQuantityText, paymentScheduleOf, toOfferView } from './offer-record.js';

const priced = computeOffer({
  drawCents: usdToCents('20,000'),
  collateralType: 'BTC',
  coinQuantity: '1',
  priceCents: usdToCents('60,000'),
  residence: { kind: 'state', state: 'OH' },
});
if (!priced.eligible) throw new Error('The example offer is not eligible');
const terms = priced.offer;

describe('paymentScheduleOf', () => {
  it.each([
    { name: 'an offer made since 0044 (none stored): from its terms', stored: null },
    {
      name: 'an offer an earlier release made: its stored schedule',
      stored: [{ number: 1, dueMonth: 1, amountCents: 1 }],
    },
  ])('$name', ({ stored }) => {
    expect(paymentScheduleOf({ ...terms, paymentSchedule: stored })).toEqual(
      stored ?? offerPaymentSchedule(terms),
    );
  });

  it('derives what the offer was priced with', () => {
    expect(paymentScheduleOf({ ...terms, paymentSchedule: null })).toEqual(terms.paymentSchedule);
  });
});

describe('coinQuantityText', () => {
  it.each([
    ['1.500000000000000000', '1.5'],
    ['0.000000000000000000', '0'],
    ['10.000000000000000000', '10'],
    ['0.000001000000000000', '0.000001'],
    ['120', '120'],
    ['0.45', '0.45'],
  ])('%s → %s', (stored, shown) => {
    expect(coinQuantityText(stored)).toBe(shown);
  });

  it('reads every quantity as the exact decimal does', () => {
    // A seeded walk over quantities of up to 20 whole digits and 18 decimals, as the column holds.
    let seed = 7;
    const next = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    const digits = (count: number) =>
      Array.from({ length: count }, () => String(next(10))).join('');
    for (let index = 0; index < 5_000; index += 1) {
      const whole = String(BigInt(`0${digits(next(21))}`));
      const fraction = digits(18).slice(0, next(19));
      const zeros = '0'.repeat(next(4) === 0 ? 18 - fraction.length : next(18 - fraction.length));
      const stored = fraction === '' && zeros === '' ? whole : `${whole}.${fraction}${zeros}`;
      expect(coinQuantityText(stored), stored).toBe(new Decimal(stored).toFixed());
    }
  });

  it('reads what is not a plain decimal as a decimal', () => {
    expect(coinQuantityText('1.5e-7')).toBe('0.00000015');
    expect(coinQuantityText('007.50')).toBe('7.5');
  });
});

describe('toOfferView', () => {
  it('shows every origination fee rate as the number its percent text reads as', () => {
    for (let bps = 0; bps <= 10_000; bps += 1) {
      const percent = `${Math.floor(bps / 100)}.${String(bps % 100).padStart(2, '0')}`;
      const view = toOfferView({
        ...terms,
        uuid: '00000000-0000-4000-8000-000000000000',
        originationFeeBps: bps,
        stateCode: 'OH',
        countryCode: null,
      });
      expect(view.originationFee).toBe(Number(percent));
    }
  });
});
