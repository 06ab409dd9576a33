/**
 * Routing rules of document 1 §2 and document 2 §2/§5: which paths are public, which redirects the
 * app applies, and where an application's own entry path leads. Paths "in the app" are relative to
 * BASE_PATH ('/start', '/{appUuid}/details'); functions that take a path accept either form.
 */
import type { TApplicationState } from './enums.js';

export * from './sign-in.js';

export const BASE_PATH = '/account/crypto-backed-loan';

/** Public pages of the app, each also reachable with a trailing slash (document 1 §2). */
export const PUBLIC_ROUTES: readonly string[] = [
  '/',
  '/start',
  '/faq',
  '/residency',
  '/get-mobile-app',
].flatMap((route) => (route === '/' ? [route] : [route, `${route}/`]));

/** Public pages outside the app: the privacy page and the fallback login page. */
export const PUBLIC_TOP_LEVEL_PATHS: readonly string[] = [
  '/privacy',
  '/privacy/',
  '/auth/login',
  '/auth/login/',
];

/** Every /{appUuid}/... page of document 1 §2. */
export const APP_ROUTE_SEGMENTS = [
  'renew',
  'details',
  'next-steps',
  'collateral',
  'identity',
  'disclosures',
  'usdc-disbursement',
  'disbursement',
  'disbursement/link-account',
  'disbursement/manually-link',
  'disbursement/choose-account',
  'complete',
  'documents',
  'collateral-release',
  'credit-frozen',
  'credit-locked',
  'credit-no-match',
  'decline',
] as const;
export type TAppRouteSegment = (typeof APP_ROUTE_SEGMENTS)[number];

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path segment is an application or offer id (a UUID in its canonical text form). */
export function isUuidSegment(segment: string): boolean {
  return UUID_PATTERN.test(segment);
}

function pathnameOf(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}

/** The path relative to BASE_PATH ('/' for the base itself), or null for a path outside the app. */
export function toAppPath(path: string): string | null {
  const pathname = pathnameOf(path);
  if (pathname === BASE_PATH) return '/';
  if (pathname.startsWith(`${BASE_PATH}/`)) return pathname.slice(BASE_PATH.length);
  return null;
}

export function appPath(appUuid: string, segment: TAppRouteSegment): string {
  return `${BASE_PATH}/${appUuid}/${segment}`;
}

/** True for a public page, given as a full path or as a path relative to BASE_PATH. */
export function isPublicPath(path: string): boolean {
  const appRelative = toAppPath(path);
  if (appRelative !== null) return PUBLIC_ROUTES.includes(appRelative);
  const pathname = pathnameOf(path);
  return PUBLIC_ROUTES.includes(pathname) || PUBLIC_TOP_LEVEL_PATHS.includes(pathname);
}

/** A login return path must be a string of a slash followed by a lowercase letter (document 2 §5). */
export function isLoginRedirectAllowed(value: unknown): value is string {
  return typeof value === 'string' && /^\/[a-z]/.test(value);
}

/**
 * Forced-web mode (document 1 §4): ?forceWeb=true, or the brand's wholesale flag, or any existing loan
 * serviced on the web rather than in the mobile app.
 */
export function isForcedWeb(input: {
  forceWebParam: string | null | undefined;
  isWholesale: boolean;
  loans: readonly { readonly profile: { readonly isServicedViaApp: boolean } }[];
}): boolean {
  return (
    input.forceWebParam === 'true' ||
    input.isWholesale ||
    input.loans.some((loan) => !loan.profile.isServicedViaApp)
  );
}

/** The offer page needs a residence: without a state or countryCode query it goes to /residency. */
export function startNeedsResidency(input: {
  search: string | URLSearchParams;
  isRenewal: boolean;
}): boolean {
  if (input.isRenewal) return false;
  const params =
    typeof input.search === 'string' ? new URLSearchParams(input.search) : input.search;
  // An empty value ("?state=") is no residence.
  return !params.get('state') && !params.get('countryCode');
}

/** What of the query says who the page is shown as: the sandbox's brand, a brand console preview. */
const BRAND_QUERY_PARAMS = ['org', 'brandPreview'] as const;

/**
 * Where the site's root and the bare base path lead, relative to BASE_PATH: the offer page with
 * the query, or, when the query names no residence, the residency page the offer page would send
 * the visitor on to, with only the query's brand parameters. One answer for both, so that the
 * server redirects once, to the page itself, and the app navigates once.
 */
export function siteEntryRedirect(search: string): string {
  const params = new URLSearchParams(search);
  if (!startNeedsResidency({ search: params, isRenewal: false })) {
    // The query as it came: the offer page reads it.
    const query = search.startsWith('?') ? search.slice(1) : search;
    return query === '' ? '/start' : `/start?${query}`;
  }
  const brand = new URLSearchParams();
  for (const name of BRAND_QUERY_PARAMS) {
    const value = params.get(name);
    if (value !== null) brand.set(name, value);
  }
  const query = brand.toString();
  return query === '' ? '/residency' : `/residency?${query}`;
}

/**
 * Any unknown path goes to its application's entry ('/{appUuid}', when the path starts with one) or
 * to '/start'. The answer is relative to BASE_PATH.
 */
export function unknownPathRedirect(path: string): string {
  const appRelative = toAppPath(path) ?? pathnameOf(path);
  const firstSegment = appRelative.split('/').filter(Boolean)[0];
  return firstSegment !== undefined && isUuidSegment(firstSegment) ? `/${firstSegment}` : '/start';
}

/**
 * Where an application's own entry path (/{appUuid}) leads, by state: a decision the server's state
 * makes, never the page. A renewal still being priced goes back to its renewal offer page.
 */
export function applicationEntryRoute(input: {
  state: TApplicationState;
  isRollForward: boolean;
}): TAppRouteSegment | 'dashboard' {
  switch (input.state) {
    case 'CREATED':
      return input.isRollForward ? 'renew' : 'details';
    case 'OFFER_ACCEPTED':
    case 'ATTACH_PROFILE':
    case 'SOFT_CREDIT':
    case 'GEN_APP_DISCLOSURES':
      // A renewal has no details step: its accepted terms wait for their documents.
      return input.isRollForward ? 'next-steps' : 'details';
    case 'SIGN_DOCS':
    case 'WAITING_FOR_COLLATERAL':
      return 'next-steps';
    case 'CRYPTO_FUNDING_VERIFY':
    case 'BORROWER_MICRO_DEPOSIT_CONFIRM':
    case 'MANUAL_FUNDING_RELEASE':
    case 'COMPLETE':
      return 'complete';
    case 'PAID_OFF':
      return 'collateral-release';
    case 'SOFT_CREDIT_NO_MATCH':
      return 'credit-no-match';
    case 'SOFT_CREDIT_LOCKED':
      return 'credit-locked';
    case 'SOFT_CREDIT_FROZEN':
      return 'credit-frozen';
    case 'DECLINED':
      return 'decline';
    case 'COLLATERAL_RELEASED':
    case 'CANCELLED':
    case 'CELSIUS_TOP_UP_REQUESTED':
    case 'CELSIUS_WAITING_FOR_TOP_UP':
    case 'CELSIUS_FULL_COLLATERAL_RECEIVED':
    case 'RENEWED':
      return 'dashboard';
  }
}

/**
 * A refinancing borrower may open only the offer page ('start') and the documents of an application;
 * every other /{appUuid}/... page sends them to /dashboard.
 */
export function shouldRedirectRefiBorrower(input: {
  isCelsiusRefi: boolean;
  page: TAppRouteSegment | 'start';
}): boolean {
  return input.isCelsiusRefi && input.page !== 'start' && input.page !== 'documents';
}

/** The documents page's back button: to details with ?back=true, otherwise to the dashboard. */
export function documentsBackTarget(
  backParam: string | null | undefined,
): 'details' | '/dashboard' {
  return backParam === 'true' ? 'details' : '/dashboard';
}

/** Brands with a mobile app send the borrower there, unless forced-web mode holds. */
export function mobileAppDecision(input: {
  forcedWeb: boolean;
  hasMobileApp: boolean;
}): 'mobile-flow' | 'web' {
  return input.hasMobileApp && !input.forcedWeb ? 'mobile-flow' : 'web';
}
