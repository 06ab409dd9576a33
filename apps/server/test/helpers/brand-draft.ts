import type { TBrandDraft } from '@pledge/contract';

/** A brand draft every rule accepts: a lender in California and New York, its colours readable. */
export const ACME: TBrandDraft = {
  orgCode: 'acme',
  companyName: 'Acme Crypto Credit',
  legalName: 'Acme Crypto Credit, LLC',
  supportPhone: '(800) 201-4400',
  supportEmail: 'help@acmecredit.test',
  termsUrl: 'https://acmecredit.test/terms',
  privacyUrl: '/privacy',
  licensesUrl: 'https://acmecredit.test/licences',
  nmlsNumber: '4455667',
  logoUrl: '/brands/default/logo.svg',
  colors: {
    primary: '#7a1f5c',
    primaryContrast: '#ffffff',
    accent: '#0f766e',
    background: '#fbf7fa',
    surface: '#ffffff',
    text: '#1a1017',
    muted: '#5a4a55',
  },
  flags: { wholesale: false, marketsCredit: false, general: true },
  housingLogo: 'EQUAL_HOUSING_LENDER',
  internationalEnabled: false,
  mobileApp: null,
  servedStates: ['CA', 'NY'],
  stateLicences: [
    { state: 'CA', number: 'CFL 60DBO-1234' },
    { state: 'NY', number: 'NY-LL-5678' },
  ],
  footerTexts: ['Acme Crypto Credit lends in California and New York only.'],
  hosts: ['loans.acmecredit.test'],
};
