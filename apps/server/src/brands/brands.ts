/**
 * The demo brands (organisation codes pinned by the design: default, partner, markets) and how a
 * request picks one: by host name, or by `?org=` in sandbox mode. Unknown codes fall back to
 * `default`. Logos are served from apps/server/public/brands/<org>/logo.svg.
 */
import { ZBrand, type TBrand } from '@pledge/contract';

export const DEFAULT_ORG_CODE = 'default';

export type TBrandDefinition = Omit<TBrand, 'sandbox'>;

const DEFINITIONS: readonly TBrandDefinition[] = [
  {
    orgCode: 'default',
    companyName: 'Pledge Lending',
    legalName: 'Pledge Lending, LLC',
    supportPhone: '(888) 555-0142',
    supportEmail: 'support@pledgelending.example',
    termsUrl: 'https://pledgelending.example/terms',
    privacyUrl: '/privacy',
    licensesUrl: 'https://pledgelending.example/licenses',
    nmlsNumber: '2291047',
    logoUrl: '/brands/default/logo.svg',
    colors: {
      primary: '#1d4ed8',
      primaryContrast: '#ffffff',
      accent: '#0f766e',
      background: '#f6f7fb',
      surface: '#ffffff',
      text: '#111827',
      muted: '#4b5563',
    },
    flags: { wholesale: false, marketsCredit: false, general: true },
    housingLogo: 'EQUAL_HOUSING_OPPORTUNITY',
    internationalEnabled: true,
    mobileApp: null,
  },
  {
    orgCode: 'partner',
    companyName: 'Harbor Credit Partners',
    legalName: 'Harbor Credit Partners, Inc.',
    supportPhone: '(888) 555-0199',
    supportEmail: 'help@harborcredit.example',
    termsUrl: 'https://harborcredit.example/terms',
    privacyUrl: '/privacy',
    licensesUrl: 'https://harborcredit.example/licensing',
    nmlsNumber: '1950236',
    logoUrl: '/brands/partner/logo.svg',
    colors: {
      primary: '#0b5563',
      primaryContrast: '#ffffff',
      accent: '#9a6700',
      background: '#f4f8f8',
      surface: '#ffffff',
      text: '#0f1f24',
      muted: '#4a5a5f',
    },
    flags: { wholesale: true, marketsCredit: false, general: false },
    housingLogo: 'EQUAL_HOUSING_LENDER',
    internationalEnabled: false,
    mobileApp: null,
  },
  {
    orgCode: 'markets',
    companyName: 'Summit Markets Credit',
    legalName: 'Summit Markets Credit, LLC',
    supportPhone: '(888) 555-0199',
    supportEmail: 'lending@summitmarkets.example',
    termsUrl: 'https://summitmarkets.example/credit/terms',
    privacyUrl: '/privacy',
    licensesUrl: 'https://summitmarkets.example/credit/licenses',
    nmlsNumber: '2107788',
    logoUrl: '/brands/markets/logo.svg',
    colors: {
      primary: '#6d28d9',
      primaryContrast: '#ffffff',
      accent: '#b45309',
      background: '#f8f7fc',
      surface: '#ffffff',
      text: '#1c1530',
      muted: '#574f6b',
    },
    flags: { wholesale: false, marketsCredit: true, general: false },
    housingLogo: 'EQUAL_OPPORTUNITY',
    internationalEnabled: false,
    mobileApp: {
      iosUrl: 'https://summitmarkets.example/app/ios',
      androidUrl: 'https://summitmarkets.example/app/android',
    },
  },
];

/** Host names (without port, lower case) that serve a brand other than `default`. */
export const BRAND_HOSTS: Readonly<Record<string, string>> = {
  'partner.localhost': 'partner',
  'markets.localhost': 'markets',
};

// Validated at load: a broken brand stops the boot instead of reaching a browser.
const BRANDS: ReadonlyMap<string, TBrandDefinition> = new Map(
  DEFINITIONS.map((definition) => {
    ZBrand.parse({ ...definition, sandbox: false });
    return [definition.orgCode, definition];
  }),
);

const DEFAULT_BRAND: TBrandDefinition = (() => {
  const brand = BRANDS.get(DEFAULT_ORG_CODE);
  if (brand === undefined) throw new Error(`The "${DEFAULT_ORG_CODE}" brand is missing`);
  return brand;
})();

export function listOrgCodes(): string[] {
  return [...BRANDS.keys()];
}

/** The brand of an org code; unknown codes get the default brand. */
export function brandFor(orgCode: string | undefined, sandbox: boolean): TBrand {
  const definition = (orgCode !== undefined ? BRANDS.get(orgCode) : undefined) ?? DEFAULT_BRAND;
  return { ...definition, sandbox };
}

/**
 * Whether a brand lends to international residents: it must enable them, and the markets-credit
 * flag hides the International choice (document 1 §1).
 */
export function offersInternational(
  brand: Pick<TBrand, 'internationalEnabled' | 'flags'>,
): boolean {
  return brand.internationalEnabled && !brand.flags.marketsCredit;
}

/** The org code a host name serves (`Host` header, port ignored), or undefined. */
export function orgCodeForHost(host: string | undefined): string | undefined {
  if (host === undefined) return undefined;
  const name = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return BRAND_HOSTS[name];
}

/**
 * The brand of a page request: `?org=` wins in sandbox mode (demos of every brand on one host),
 * then the host name, then the default.
 */
export function resolveBrand(input: {
  host: string | undefined;
  orgParam: string | undefined;
  sandbox: boolean;
}): TBrand {
  const fromParam = input.sandbox && input.orgParam !== undefined ? input.orgParam : undefined;
  const orgCode =
    (fromParam !== undefined && BRANDS.has(fromParam) ? fromParam : undefined) ??
    orgCodeForHost(input.host);
  return brandFor(orgCode, input.sandbox);
}
