import { computeOffer, offerPaymentSchedule, usdToCents } from '@pledge/domain';
import { describe, expect, it } from 'vitest';
import { paymentScheduleOf } from './offer-record.js';

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
