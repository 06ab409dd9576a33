import { describe, expect, it } from 'vitest';
import { APPLICATION_STATES } from './enums.js';
import {
  APP_ROUTE_SEGMENTS,
  BASE_PATH,
  PUBLIC_ROUTES,
  appPath,
  applicationEntryRoute,
  documentsBackTarget,
  isForcedWeb,
  isLoginRedirectAllowed,
  isPublicPath,
  isUuidSegment,
  mobileAppDecision,
  shouldRedirectRefiBorrower,
  siteEntryRedirect,
  startNeedsResidency,
  toAppPath,
  unknownPathRedirect,
  type TAppRouteSegment,
} from './routing.js';

const APP_UUID = '3f2b8c1e-9d4a-4e6b-8f0a-1c2d3e4f5a6b';

describe('BASE_PATH and PUBLIC_ROUTES', () => {
  it('pins the base path', () => {
    expect(BASE_PATH).toBe('/account/crypto-backed-loan');
  });

  it('lists each public page with and without a trailing slash', () => {
    expect([...PUBLIC_ROUTES].sort()).toEqual(
      [
        '/',
        '/start',
        '/start/',
        '/faq',
        '/faq/',
        '/residency',
        '/residency/',
        '/get-mobile-app',
        '/get-mobile-app/',
      ].sort(),
    );
  });
});

describe('isPublicPath', () => {
  it.each([
    ['/account/crypto-backed-loan', true],
    ['/account/crypto-backed-loan/', true],
    ['/account/crypto-backed-loan/start', true],
    ['/account/crypto-backed-loan/start/', true],
    ['/account/crypto-backed-loan/start?state=OH', true],
    ['/account/crypto-backed-loan/faq', true],
    ['/account/crypto-backed-loan/residency/', true],
    ['/account/crypto-backed-loan/get-mobile-app?appUuid=x&loanAmount=5000', true],
    ['/start', true],
    ['/residency/', true],
    ['/privacy', true],
    ['/privacy/', true],
    ['/auth/login', true],
    ['/auth/login?redirectUrl=/account', true],
    ['/', true],
    [`/account/crypto-backed-loan/${APP_UUID}/details`, false],
    [`/${APP_UUID}/next-steps`, false],
    ['/account/crypto-backed-loan/plaid-oauth-success', false],
    ['/account/crypto-backed-loan/celsius-refi', false],
    ['/account/crypto-backed-loan/startx', false],
    ['/account/crypto-backed-loan/start/extra', false],
    ['/dashboard', false],
    ['/ops', false],
  ] as const)('%s: %s', (path, expected) => {
    expect(isPublicPath(path)).toBe(expected);
  });
});

describe('toAppPath and appPath', () => {
  it.each([
    ['/account/crypto-backed-loan', '/'],
    ['/account/crypto-backed-loan/start?state=OH#top', '/start'],
    [`/account/crypto-backed-loan/${APP_UUID}/details`, `/${APP_UUID}/details`],
    ['/account/crypto-backed-loanx', null],
    ['/dashboard', null],
  ] as const)('%s → %s', (path, expected) => {
    expect(toAppPath(path)).toBe(expected);
  });

  it('builds an application page path', () => {
    expect(appPath(APP_UUID, 'disbursement/choose-account')).toBe(
      `/account/crypto-backed-loan/${APP_UUID}/disbursement/choose-account`,
    );
  });

  it('lists every /{appUuid}/ page of document 1 §2', () => {
    expect(APP_ROUTE_SEGMENTS).toHaveLength(18);
    expect(APP_ROUTE_SEGMENTS).toContain('usdc-disbursement');
    expect(APP_ROUTE_SEGMENTS).toContain('disbursement/manually-link');
    expect(APP_ROUTE_SEGMENTS).toContain('collateral-release');
  });
});

describe('isLoginRedirectAllowed', () => {
  it.each([
    ['/account/crypto-backed-loan/start', true],
    ['/dashboard', true],
    ['/a', true],
    ['/', false],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['/Account', false],
    ['/1abc', false],
    ['https://evil.example/account', false],
    ['account', false],
    ['', false],
    [null, false],
    [undefined, false],
    [42, false],
    [['/account'], false],
  ] as const)('%o: %s', (value, expected) => {
    expect(isLoginRedirectAllowed(value)).toBe(expected);
  });
});

describe('isForcedWeb', () => {
  const onApp = { profile: { isServicedViaApp: true } };
  const onWeb = { profile: { isServicedViaApp: false } };
  it.each([
    ['forceWeb=true', 'true', false, [], true],
    ['forceWeb=false', 'false', false, [], false],
    ['forceWeb absent', null, false, [], false],
    ['forceWeb=TRUE is not true', 'TRUE', false, [], false],
    ['wholesale brand', undefined, true, [], true],
    ['a loan serviced on the web', null, false, [onApp, onWeb], true],
    ['every loan in the app', null, false, [onApp, onApp], false],
  ] as const)('%s', (_label, forceWebParam, isWholesale, loans, expected) => {
    expect(isForcedWeb({ forceWebParam, isWholesale, loans })).toBe(expected);
  });
});

describe('startNeedsResidency', () => {
  it.each([
    ['', false, true],
    ['?state=OH', false, false],
    ['state=OH', false, false],
    ['?countryCode=DE', false, false],
    ['?state=', false, true],
    ['?loanAmount=5000', false, true],
    ['', true, false],
  ] as const)('search %o (renewal %s) → %s', (search, isRenewal, expected) => {
    expect(startNeedsResidency({ search, isRenewal })).toBe(expected);
    expect(startNeedsResidency({ search: new URLSearchParams(search), isRenewal })).toBe(expected);
  });
});

describe('siteEntryRedirect', () => {
  it.each([
    ['', '/residency'],
    ['?', '/residency'],
    ['?state=', '/residency'],
    ['?loanAmount=5000', '/residency'],
    ['?org=markets&loanAmount=5000', '/residency?org=markets'],
    ['?brandPreview=a%2Fb&org=x', '/residency?org=x&brandPreview=a%2Fb'],
    ['?state=OH', '/start?state=OH'],
    ['state=OH&loanAmount=5000', '/start?state=OH&loanAmount=5000'],
    ['?countryCode=DE&org=markets', '/start?countryCode=DE&org=markets'],
    ['?state=OH&note=a+b%20c', '/start?state=OH&note=a+b%20c'],
  ] as const)('search %o → %s', (search, expected) => {
    expect(siteEntryRedirect(search)).toBe(expected);
  });
});

describe('unknownPathRedirect', () => {
  it.each([
    ['/account/crypto-backed-loan/nowhere', '/start'],
    ['/account/crypto-backed-loan/', '/start'],
    [`/account/crypto-backed-loan/${APP_UUID}/nowhere`, `/${APP_UUID}`],
    [`/account/crypto-backed-loan/${APP_UUID.toUpperCase()}/x/y?z=1`, `/${APP_UUID.toUpperCase()}`],
    [`/${APP_UUID}/typo`, `/${APP_UUID}`],
    ['/not-a-uuid/details', '/start'],
    ['/foo/bar', '/start'],
  ] as const)('%s → %s', (path, expected) => {
    expect(unknownPathRedirect(path)).toBe(expected);
  });
});

describe('applicationEntryRoute', () => {
  it.each([
    ['CREATED', false, 'details'],
    ['CREATED', true, 'renew'],
    ['OFFER_ACCEPTED', false, 'details'],
    ['ATTACH_PROFILE', false, 'details'],
    ['SOFT_CREDIT', false, 'details'],
    ['GEN_APP_DISCLOSURES', false, 'details'],
    ['OFFER_ACCEPTED', true, 'next-steps'],
    ['GEN_APP_DISCLOSURES', true, 'next-steps'],
    ['SIGN_DOCS', false, 'next-steps'],
    ['WAITING_FOR_COLLATERAL', true, 'next-steps'],
    ['CRYPTO_FUNDING_VERIFY', false, 'complete'],
    ['BORROWER_MICRO_DEPOSIT_CONFIRM', false, 'complete'],
    ['MANUAL_FUNDING_RELEASE', false, 'complete'],
    ['COMPLETE', false, 'complete'],
    ['PAID_OFF', false, 'collateral-release'],
    ['SOFT_CREDIT_NO_MATCH', false, 'credit-no-match'],
    ['SOFT_CREDIT_LOCKED', false, 'credit-locked'],
    ['SOFT_CREDIT_FROZEN', false, 'credit-frozen'],
    ['DECLINED', false, 'decline'],
    ['COLLATERAL_RELEASED', false, 'dashboard'],
    ['CANCELLED', false, 'dashboard'],
    ['CELSIUS_TOP_UP_REQUESTED', false, 'dashboard'],
    ['CELSIUS_WAITING_FOR_TOP_UP', false, 'dashboard'],
    ['RENEWED', false, 'dashboard'],
    ['CELSIUS_FULL_COLLATERAL_RECEIVED', false, 'dashboard'],
  ] as const)('%s (renewal %s) → %s', (state, isRollForward, expected) => {
    expect(applicationEntryRoute({ state, isRollForward })).toBe(expected);
  });

  it('answers a known page or the dashboard for every state', () => {
    for (const state of APPLICATION_STATES) {
      const route = applicationEntryRoute({ state, isRollForward: false });
      expect([...APP_ROUTE_SEGMENTS, 'dashboard']).toContain(route);
    }
  });
});

describe('shouldRedirectRefiBorrower', () => {
  const pages: readonly (TAppRouteSegment | 'start')[] = ['start', ...APP_ROUTE_SEGMENTS];
  it.each(
    pages.flatMap((page) =>
      [true, false].map(
        (isCelsiusRefi) =>
          [page, isCelsiusRefi, isCelsiusRefi && page !== 'start' && page !== 'documents'] as const,
      ),
    ),
  )('%s (refinancing %s) → %s', (page, isCelsiusRefi, expected) => {
    expect(shouldRedirectRefiBorrower({ isCelsiusRefi, page })).toBe(expected);
  });
});

describe('documentsBackTarget', () => {
  it.each([
    ['true', 'details'],
    ['false', '/dashboard'],
    ['', '/dashboard'],
    [null, '/dashboard'],
    [undefined, '/dashboard'],
  ] as const)('back=%o → %s', (back, expected) => {
    expect(documentsBackTarget(back)).toBe(expected);
  });
});

describe('mobileAppDecision', () => {
  it.each([
    [false, true, 'mobile-flow'],
    [true, true, 'web'],
    [false, false, 'web'],
    [true, false, 'web'],
  ] as const)('forced web %s, mobile app %s → %s', (forcedWeb, hasMobileApp, expected) => {
    expect(mobileAppDecision({ forcedWeb, hasMobileApp })).toBe(expected);
  });
});

describe('isUuidSegment', () => {
  it.each([
    ['3f2b8c1e-9d4a-4e6b-8f0a-1c2d3e4f5a6b', true],
    ['3F2B8C1E-9D4A-4E6B-8F0A-1C2D3E4F5A6B', true],
    ['3f2b8c1e-9d4a-4e6b-8f0a-1c2d3e4f5a6', false],
    ['3f2b8c1e9d4a4e6b8f0a1c2d3e4f5a6b', false],
    ['start', false],
    ['', false],
  ] as const)('%o → %s', (segment, expected) => {
    expect(isUuidSegment(segment)).toBe(expected);
  });
});
