import { describe, expect, it } from 'vitest';
import { ZBrand, type TBrand } from './brand.js';

const brand: TBrand = {
  orgCode: 'default',
  companyName: 'Pledge Lending',
  legalName: 'Pledge Lending, LLC',
  supportPhone: '(888) 555-0100',
  supportEmail: 'support@pledge.example',
  termsUrl: '/terms',
  privacyUrl: '/privacy',
  licensesUrl: 'https://pledge.example/licenses',
  nmlsNumber: '1234567',
  logoUrl: '/brands/default/logo.svg',
  colors: {
    primary: '#1b4dff',
    primaryContrast: '#ffffff',
    accent: '#00a37a',
    background: '#f7f8fa',
    surface: '#ffffff',
    text: '#14171f',
    muted: '#5b6270',
  },
  flags: { wholesale: false, marketsCredit: false, general: true },
  housingLogo: 'EQUAL_HOUSING_LENDER',
  internationalEnabled: true,
  mobileApp: null,
  sandbox: true,
};

describe('ZBrand', () => {
  it('accepts a complete brand, with or without mobile-app links', () => {
    expect(ZBrand.parse(brand)).toEqual(brand);
    const markets = {
      ...brand,
      orgCode: 'markets',
      mobileApp: {
        iosUrl: 'https://apps.apple.com/app/id000000',
        androidUrl: 'https://play.google.com/store/apps/details?id=example',
      },
    };
    expect(ZBrand.safeParse(markets).success).toBe(true);
  });

  it.each([
    ['an unknown housing logo', { housingLogo: 'FAIR_LENDER' }],
    ['a colour that is not hex', { colors: { ...brand.colors, primary: 'red' } }],
    ['a missing flag', { flags: { wholesale: false, marketsCredit: false } }],
    ['a protocol-relative link', { termsUrl: '//evil.example/terms' }],
    ['an org code with upper case', { orgCode: 'Default' }],
    ['a bad support email', { supportEmail: 'support' }],
  ])('refuses %s', (_, change) => {
    expect(ZBrand.safeParse({ ...brand, ...change }).success).toBe(false);
  });
});
