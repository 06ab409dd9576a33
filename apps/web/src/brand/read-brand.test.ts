import { describe, expect, it } from 'vitest';
import { ZBrand } from '@pledge/contract';
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

  const brand = makeBrand();
  const MALFORMED: [string, unknown][] = [
    ['not an object', ['default']],
    ['null', null],
    ['an empty name', { ...brand, companyName: '' }],
    ['a number for a text', { ...brand, nmlsNumber: 1234567 }],
    ['no colours', { ...brand, colors: undefined }],
    ['a colour missing', { ...brand, colors: { ...brand.colors, muted: undefined } }],
    ['a colour that is not hex', { ...brand, colors: { ...brand.colors, text: 'black' } }],
    ['a flag that is not a boolean', { ...brand, flags: { ...brand.flags, general: 'yes' } }],
    ['an unknown housing logo', { ...brand, housingLogo: 'EQUAL_HOUSING' }],
    ['international not a boolean', { ...brand, internationalEnabled: 'true' }],
    ['mobile app links missing', { ...brand, mobileApp: { iosUrl: 'https://app.example/ios' } }],
    ['sandbox missing', { ...brand, sandbox: undefined }],
  ];

  it.each(MALFORMED)('refuses a brand block with %s, as the contract does', (_, block) => {
    expect(ZBrand.safeParse(block).success).toBe(false);
    expect(() => readBrand(pageWith(JSON.stringify(block)))).toThrow('incomplete');
  });

  it('reads a brand with mobile app links and short hex colours', () => {
    const withApp = makeBrand({
      mobileApp: { iosUrl: 'https://app.example/ios', androidUrl: 'https://app.example/android' },
      colors: { ...brand.colors, primary: '#fff', accent: '#0f766eff' },
    });
    expect(ZBrand.safeParse(withApp).success).toBe(true);
    expect(readBrand(pageWith(JSON.stringify(withApp)))).toEqual(withApp);
  });
});
