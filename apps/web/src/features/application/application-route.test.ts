import { describe, expect, it } from 'vitest';
import { applicationDestinationHref, applicationPageOf } from './application-route.js';

const APP_UUID = '5f0c2b9e-3d4a-4c1b-9a7e-2b6d8f1e0c3a';
const BASE = '/account/crypto-backed-loan';

describe('applicationPageOf', () => {
  it.each([
    [`${BASE}/${APP_UUID}/next-steps`, 'next-steps'],
    [`${BASE}/${APP_UUID}/next-steps/`, 'next-steps'],
    [`${BASE}/${APP_UUID}/documents?back=true`, 'documents'],
    [`${BASE}/${APP_UUID}/disbursement/choose-account`, 'disbursement/choose-account'],
    [`${BASE}/${APP_UUID}/credit-frozen`, 'credit-frozen'],
    [`${BASE}/${APP_UUID}`, null],
    [`${BASE}/${APP_UUID}/`, null],
    [`${BASE}/${APP_UUID}/no-such-page`, null],
    [`${BASE}/start`, null],
    ['/dashboard', null],
  ])('%s is %s', (path, page) => {
    expect(applicationPageOf(path)).toBe(page);
  });
});

describe('applicationDestinationHref', () => {
  it('puts application pages under the application and the dashboard outside the app', () => {
    expect(applicationDestinationHref(APP_UUID, 'credit-locked')).toBe(
      `${BASE}/${APP_UUID}/credit-locked`,
    );
    expect(applicationDestinationHref(APP_UUID, 'dashboard')).toBe('/dashboard');
  });
});
