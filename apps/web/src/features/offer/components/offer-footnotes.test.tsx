import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BrandProvider } from '../../../brand/brand-provider.js';
import { makeBrand } from '../../../test/fixtures.js';
import { OfferFootnotes } from './offer-footnotes.js';

function feeNote(brand: ReturnType<typeof makeBrand>): string {
  render(
    <BrandProvider brand={brand}>
      <OfferFootnotes />
    </BrandProvider>,
  );
  return screen.getAllByRole('listitem')[0]?.textContent ?? '';
}

describe('the offer footnotes follow the brand', () => {
  it('speak of the international fee where the brand lends abroad', () => {
    expect(feeNote(makeBrand({ internationalEnabled: true }))).toMatch(
      /1\.5% for international residents/,
    );
  });

  it.each([
    ['a brand without International', makeBrand({ internationalEnabled: false })],
    [
      'a markets-credit brand',
      makeBrand({
        internationalEnabled: true,
        flags: { wholesale: false, marketsCredit: true, general: false },
      }),
    ],
  ])('say nothing of it for %s', (_name, brand) => {
    const note = feeNote(brand);
    expect(note).toMatch(/^The origination fee is 1% of the cash you borrow\./);
    expect(note).not.toMatch(/international/i);
  });
});
