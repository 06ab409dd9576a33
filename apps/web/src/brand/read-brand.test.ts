import { describe, expect, it } from 'vitest';
import { FALLBACK_BRAND } from './fallback-brand.js';
import { BRAND_CONFIG_ELEMENT_ID, readBrand } from './read-brand.js';
import { makeBrand } from '../test/fixtures.js';

function pageWith(blockText: string | null): Document {
  const doc = document.implementation.createHTMLDocument('test');
  if (blockText !== null) {
    const block = doc.createElement('script');
    block.type = 'application/json';
    block.id = BRAND_CONFIG_ELEMENT_ID;
    block.textContent = blockText;
    doc.head.append(block);
  }
  return doc;
}

describe('readBrand', () => {
  it('reads the brand the server injected', () => {
    const brand = makeBrand({ orgCode: 'markets', companyName: 'Summit Markets Credit' });
    expect(readBrand(pageWith(JSON.stringify(brand)))).toEqual(brand);
  });

  it('falls back to the built-in brand only when the page has no brand block', () => {
    expect(readBrand(pageWith(null))).toBe(FALLBACK_BRAND);
  });

  it('refuses a brand block that is not JSON', () => {
    expect(() => readBrand(pageWith('{"orgCode":'))).toThrow('not valid JSON');
  });

  it('refuses a brand block that is incomplete or malformed', () => {
    const { supportEmail: _, ...withoutEmail } = makeBrand();
    expect(() => readBrand(pageWith(JSON.stringify(withoutEmail)))).toThrow('incomplete');
    const badColour = makeBrand({ colors: { ...makeBrand().colors, primary: 'red;}' } });
    expect(() => readBrand(pageWith(JSON.stringify(badColour)))).toThrow('incomplete');
  });
});
