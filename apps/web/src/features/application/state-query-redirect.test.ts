import { describe, expect, it } from 'vitest';
import {
  saveStatePath,
  STATE_PATH_KEY_PREFIX,
  stateQueryKey,
  stateQueryRedirect,
  forgetStatePath,
  readStatePath,
} from './state-query-redirect.js';

const STATE = '0b7e6c1a-3f2d-4e5b-9a8c-7d6e5f4a3b2c';

describe('stateQueryKey', () => {
  it.each([
    [`?state=${STATE}`, `${STATE_PATH_KEY_PREFIX}${STATE}`],
    [`?foo=1&state=${STATE}`, `${STATE_PATH_KEY_PREFIX}${STATE}`],
    ['?state=abcdefghijklmnop', `${STATE_PATH_KEY_PREFIX}abcdefghijklmnop`],
    // The offer page's residence, never a saved path.
    ['?state=OH', null],
    ['?state=abcdefghijklmno', null],
    [`?state=${'a'.repeat(129)}`, null],
    ['?state=../../etc/passwd-xxxxxxxx', null],
    ['?state=', null],
    ['', null],
    ['?countryCode=GB', null],
  ])('%s names %s', (search, key) => {
    expect(stateQueryKey(search)).toBe(key);
  });
});

describe('stateQueryRedirect', () => {
  const here = '/account/crypto-backed-loan/start?state=OH';
  it.each([
    [
      '/account/crypto-backed-loan/plaid-oauth-success',
      '/account/crypto-backed-loan/plaid-oauth-success',
    ],
    ['/dashboard', '/dashboard'],
    [here, null],
    [null, null],
    ['', null],
    ['//evil.example/path', null],
    ['https://evil.example/', null],
    ['/Account', null],
    ['javascript:alert(1)', null],
  ])('a saved %s leads to %s', (savedPath, target) => {
    expect(stateQueryRedirect({ savedPath, currentPath: here })).toBe(target);
  });
});

describe('saveStatePath, readStatePath and forgetStatePath', () => {
  it('save a path under a fresh state value that the query then names, once', () => {
    const value = saveStatePath('/account/crypto-backed-loan/start', window.localStorage);
    expect(value).not.toBeNull();
    const key = stateQueryKey(`?state=${value}`);
    expect(key).not.toBeNull();
    expect(readStatePath(key ?? '', window.localStorage)).toBe('/account/crypto-backed-loan/start');
    forgetStatePath(key ?? '', window.localStorage);
    expect(readStatePath(key ?? '', window.localStorage)).toBeNull();
  });

  it('save nothing that is not a path of this site', () => {
    expect(saveStatePath('https://evil.example/', window.localStorage)).toBeNull();
    expect(window.localStorage.length).toBe(0);
  });

  it('answer nothing when storage is unavailable', () => {
    expect(saveStatePath('/dashboard', null)).toBeNull();
    expect(readStatePath(`${STATE_PATH_KEY_PREFIX}${STATE}`, null)).toBeNull();
    expect(() => forgetStatePath(`${STATE_PATH_KEY_PREFIX}${STATE}`, null)).not.toThrow();
  });
});
