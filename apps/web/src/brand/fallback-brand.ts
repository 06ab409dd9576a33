import type { TBrand } from '@pledge/contract';

/**
 * Used only when the page carries no `#brand-config` block, which happens when the app is served by
 * the Vite dev server instead of the product's server (the server always injects the brand). It is
 * the product's own brand with neutral colours, and never a partner's.
 */
export const FALLBACK_BRAND: TBrand = {
  orgCode: 'default',
  companyName: 'Pledge Lending',
  legalName: 'Pledge Lending, LLC',
  supportPhone: '(888) 555-0100',
  supportEmail: 'support@pledge.example',
  termsUrl: '/privacy',
  privacyUrl: '/privacy',
  licensesUrl: '/privacy',
  nmlsNumber: '0000000',
  logoUrl: '/brands/default/logo.svg',
  colors: {
    primary: '#1f4e79',
    primaryContrast: '#ffffff',
    accent: '#2e7d32',
    background: '#f6f7f9',
    surface: '#ffffff',
    text: '#1a1d21',
    muted: '#5b6470',
  },
  flags: { wholesale: false, marketsCredit: false, general: false },
  housingLogo: 'EQUAL_HOUSING_LENDER',
  internationalEnabled: true,
  mobileApp: null,
  sandbox: true,
};
