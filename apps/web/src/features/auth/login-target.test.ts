import { describe, expect, it } from 'vitest';
import { parseLoginParams } from './login-params.js';
import { loginTarget } from './login-target.js';

const NONCE = 'b3f1c2d4e5f60718293a4b5c6d7e8f90';
const pending = (returnPath: string, audience: 'customer' | 'agent' = 'customer') => ({
  audience,
  returnPath,
  nonce: NONCE,
});

describe('loginTarget', () => {
  it.each([
    [
      'the broker’s return path for its nonce first',
      {
        brokerRedirect: '/dashboard',
        isBrokerNonce: true,
        requestedRedirect: '/faq',
        pending: null,
      },
      '/dashboard',
    ],
    [
      'the page’s return path when the nonce is the page’s own',
      {
        brokerRedirect: '/account/crypto-backed-loan',
        isBrokerNonce: false,
        requestedRedirect: '/dashboard',
        pending: null,
      },
      '/dashboard',
    ],
    [
      'the path stored when the tab left for sign-in',
      {
        brokerRedirect: null,
        isBrokerNonce: false,
        requestedRedirect: null,
        pending: pending('/dashboard?x=1'),
      },
      '/dashboard?x=1',
    ],
    [
      'nothing stored for another audience',
      {
        brokerRedirect: null,
        isBrokerNonce: false,
        requestedRedirect: null,
        pending: pending('/ops', 'agent'),
      },
      '/account/crypto-backed-loan',
    ],
    [
      'no path the rule refuses',
      {
        brokerRedirect: '//evil.example',
        isBrokerNonce: true,
        requestedRedirect: 'https://evil.example',
        pending: null,
      },
      '/account/crypto-backed-loan',
    ],
  ])('takes %s', (_, input, expected) => {
    expect(loginTarget({ audience: 'customer', ...input })).toBe(expected);
  });

  it('lands an agent on /ops by default', () => {
    expect(
      loginTarget({
        audience: 'agent',
        brokerRedirect: null,
        isBrokerNonce: false,
        requestedRedirect: null,
        pending: null,
      }),
    ).toBe('/ops');
  });
});

describe('parseLoginParams', () => {
  it('reads the broker’s hosted sign-in address', () => {
    expect(
      parseLoginParams(
        `?audience=agent&redirectUrl=%2Fops%2Fui-kit&nonce=${NONCE}&signInMode=broker`,
      ),
    ).toEqual({
      audience: 'agent',
      redirectUrl: '/ops/ui-kit',
      nonce: NONCE,
      forcedMode: 'broker',
      undoEmailChangeToken: null,
    });
  });

  it('reads the token of an undo link, and only a well-formed one', () => {
    const token = 'u'.repeat(43);
    expect(parseLoginParams(`?undoEmailChange=${token}`).undoEmailChangeToken).toBe(token);
    expect(parseLoginParams('?undoEmailChange=<script>').undoEmailChangeToken).toBeNull();
  });

  it('drops what it must not trust', () => {
    expect(
      parseLoginParams('?audience=root&redirectUrl=https%3A%2F%2Fevil.example&nonce=short'),
    ).toEqual({
      audience: 'customer',
      redirectUrl: null,
      nonce: null,
      forcedMode: undefined,
      undoEmailChangeToken: null,
    });
  });
});
