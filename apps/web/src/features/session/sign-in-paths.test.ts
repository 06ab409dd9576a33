import { describe, expect, it } from 'vitest';
import {
  audienceForPath,
  forcedSignInMode,
  loginPageHref,
  safeReturnPath,
} from './sign-in-paths.js';

describe('audienceForPath', () => {
  it.each([
    ['/ops', 'agent'],
    ['/ops/ui-kit', 'agent'],
    ['/opsx', 'customer'],
    ['/dashboard', 'customer'],
    ['/account/crypto-backed-loan/celsius-refi', 'customer'],
  ])('%s needs a %s', (path, audience) => {
    expect(audienceForPath(path)).toBe(audience);
  });
});

describe('forcedSignInMode', () => {
  it.each([
    ['?signInMode=broker', 'broker'],
    ['?signInMode=legacy', 'legacy'],
    ['?signInMode=other', undefined],
    ['?state=OH', undefined],
    ['', undefined],
  ])('%s forces %s', (search, mode) => {
    expect(forcedSignInMode(search)).toBe(mode);
  });
});

describe('safeReturnPath', () => {
  it.each([
    ['customer', '/dashboard?tab=1', '/dashboard?tab=1'],
    [
      'customer',
      '/account/crypto-backed-loan/start?state=OH',
      '/account/crypto-backed-loan/start?state=OH',
    ],
    ['customer', 'https://evil.example', '/account/crypto-backed-loan'],
    ['customer', '//evil.example/path', '/account/crypto-backed-loan'],
    ['customer', '/Dashboard', '/account/crypto-backed-loan'],
    ['customer', null, '/account/crypto-backed-loan'],
    ['agent', '', '/ops'],
    ['agent', '/ops/ui-kit', '/ops/ui-kit'],
  ] as const)('%s returning to %j goes to %s', (audience, path, expected) => {
    expect(safeReturnPath(audience, path)).toBe(expected);
  });
});

describe('loginPageHref', () => {
  it('names the audience only for agents, and carries the return path and a forced mode', () => {
    expect(loginPageHref({ audience: 'customer' })).toBe('/auth/login');
    expect(loginPageHref({ audience: 'agent' })).toBe('/auth/login?audience=agent');
    expect(
      loginPageHref({ audience: 'customer', redirectUrl: '/dashboard?a=1', signInMode: 'legacy' }),
    ).toBe('/auth/login?redirectUrl=%2Fdashboard%3Fa%3D1&signInMode=legacy');
  });
});
