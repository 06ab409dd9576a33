import { describe, expect, it } from 'vitest';
import { DEFAULT_LANDING, hostedSignInPath, returnPathFor } from './sign-in-paths.js';

describe('returnPathFor', () => {
  it.each([
    [
      'customer',
      '/account/crypto-backed-loan/start?state=OH',
      '/account/crypto-backed-loan/start?state=OH',
    ],
    ['customer', '/celsius-refi', '/celsius-refi'],
    ['customer', undefined, DEFAULT_LANDING.customer],
    ['customer', '', DEFAULT_LANDING.customer],
    ['customer', '/', DEFAULT_LANDING.customer],
    ['customer', '//evil.example', DEFAULT_LANDING.customer],
    ['customer', 'https://evil.example', DEFAULT_LANDING.customer],
    ['customer', '/Account', DEFAULT_LANDING.customer],
    ['customer', '/a\\evil.example', DEFAULT_LANDING.customer],
    ['customer', '/a\r\nSet-Cookie: x=1', DEFAULT_LANDING.customer],
    ['agent', undefined, '/ops'],
    ['agent', '/ops/banners', '/ops/banners'],
  ] as const)('%s %j → %j', (audience, redirectUrl, expected) => {
    expect(returnPathFor(audience, redirectUrl)).toBe(expected);
  });
});

describe('hostedSignInPath', () => {
  it('names the audience, return path and nonce of a begun sign-in', () => {
    expect(hostedSignInPath('customer', { redirectUrl: '/a?b=c&d', nonce: 'n1' })).toBe(
      '/auth/login?audience=customer&redirectUrl=%2Fa%3Fb%3Dc%26d&nonce=n1',
    );
  });

  it('is the plain sign-in page after a customer logout, and the agent one after an agent logout', () => {
    expect(hostedSignInPath('customer')).toBe('/auth/login');
    expect(hostedSignInPath('agent')).toBe('/auth/login?audience=agent');
  });
});
