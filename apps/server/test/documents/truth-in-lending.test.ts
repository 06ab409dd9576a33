/**
 * The signed Truth in Lending disclosure states the figures the offer page showed before sign-in
 * (the web's truth-in-lending-box test checks the page against the same cases): each expected
 * figure is worked out here from the price sheet, not by the product's functions.
 */
import { describe, expect, it } from 'vitest';
import { computeOffer, type TOfferTerms, type TResidence } from '@pledge/domain';
import { disclosureContent } from '../../src/services/disclosures/disclosure-texts.js';

const divHalfUp = (numerator: number, denominator: number) =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));
const usd = (cents: number) =>
  `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;

const CASES: [string, number, TResidence, number][] = [
  [
    'a domestic loan (Ohio, $20,000, the $250 minimum fee)',
    2_000_000,
    { kind: 'state', state: 'OH' },
    25_000,
  ],
  [
    'an international loan (United Kingdom, $20,000, 1.5 %)',
    2_000_000,
    { kind: 'country', countryCode: 'GB' },
    30_000,
  ],
];

const TWO_BTC_AT_60_000_USD = {
  collateralType: 'BTC',
  coinQuantity: '2',
  priceCents: 6_000_000,
} as const;

const FACTS = {
  legalName: 'Pledge Lending, LLC',
  nmlsNumber: '2291047',
  borrowerName: 'Ada Lovelace',
  applicationUuid: '0f8e2a0c-8a8b-4a42-9b1f-1d7c8f1a2b3c',
  preparedOn: '2027-11-09',
};

/** The offer on 2 BTC at $60,000 a coin. */
function offerOf(drawCents: number, residence: TResidence): TOfferTerms {
  const result = computeOffer({ drawCents, residence, ...TWO_BTC_AT_60_000_USD });
  if (!result.eligible) throw new Error(result.reason);
  return result.offer;
}

describe('the Truth in Lending disclosure', () => {
  it.each(CASES)(
    'of %s states the offer page’s figures',
    (_name, drawCents, residence, feeCents) => {
      const offer = offerOf(drawCents, residence);
      const { paragraphs } = disclosureContent('TRUTH_IN_LENDING_DISCLOSURE', { ...FACTS, offer });
      const amountCents = drawCents + feeCents;
      const interest = divHalfUp(amountCents * 891, 120_000);
      const total = 12 * interest + amountCents;
      expect(paragraphs).toEqual(
        expect.arrayContaining([
          `Annual Percentage Rate (the cost of your credit as a yearly rate): ${offer.annualPercentageRatePct}%`,
          `Finance Charge (the dollar amount the credit will cost you): ${usd(total - drawCents)}`,
          `Amount Financed (the amount of credit provided to you): ${usd(drawCents)}`,
          `Total of Payments (the amount you will have paid after making all payments as scheduled): ${usd(total)}`,
          `Payment schedule: 11 monthly payments of ${usd(interest)} (months 1 to 11), then 1 payment of ${usd(interest + amountCents)} (month 12).`,
          `You receive ${usd(drawCents)} and pay back ${usd(total)} over 12 months: ${usd(total - drawCents)} of interest and fees, of which ${usd(feeCents)} is the origination fee.`,
        ]),
      );
    },
  );
});

describe('the loan agreement of a borrower abroad (no Truth in Lending disclosure is owed)', () => {
  it('states the cost of the credit itself, as the offer page showed it', () => {
    const offer = offerOf(2_000_000, { kind: 'country', countryCode: 'GB' });
    const abroad = disclosureContent('LOAN_AGREEMENT', {
      ...FACTS,
      isInternational: true,
      offer,
    }).paragraphs;
    // $20,000 with the 1.5 % fee is $20,300 owed; 8.91 % a month is $150.7275, $150.73.
    expect(abroad).toEqual(
      expect.arrayContaining([
        'Finance Charge (the dollar amount the credit will cost you): $2,108.76',
        'Amount Financed (the amount of credit provided to you): $20,000.00',
        'Total of Payments (the amount you will have paid after making all payments as scheduled): $22,108.76',
        'You receive $20,000.00 and pay back $22,108.76 over 12 months: $2,108.76 of interest and fees, of which $300.00 is the origination fee.',
      ]),
    );
    expect(abroad.join('\n')).not.toContain('as set out in the Truth in Lending disclosure');
    // At home the agreement points to the disclosure that states them.
    const home = disclosureContent('LOAN_AGREEMENT', { ...FACTS, offer });
    expect(home.paragraphs.join('\n')).toContain('as set out in the Truth in Lending disclosure');
  });
});
