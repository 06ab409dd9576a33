import { describe, expect, it } from 'vitest';
import {
  SIGN_IN_EXPERIMENT_KEYS,
  decideSignInMode,
  isUnauthenticatedAnswer,
  type TSignInMode,
} from './sign-in.js';

describe('decideSignInMode', () => {
  const cases: readonly (readonly [boolean, TSignInMode | undefined, boolean, TSignInMode])[] = [
    [false, undefined, false, 'legacy'],
    [true, undefined, false, 'broker'],
    [false, undefined, true, 'broker'],
    [false, 'broker', false, 'broker'],
    [true, 'legacy', false, 'legacy'],
    [false, 'legacy', true, 'legacy'],
    [true, 'legacy', true, 'legacy'],
    [true, 'broker', true, 'broker'],
  ];
  it.each(cases)(
    'lookup %s, forced %s, flag %s → %s',
    (brokerLookupSucceeded, forcedMode, experimentFlagOn, mode) => {
      expect(
        decideSignInMode({
          brokerLookupSucceeded,
          experimentFlagOn,
          ...(forcedMode === undefined ? {} : { forcedMode }),
        }),
      ).toBe(mode);
    },
  );
});

describe('SIGN_IN_EXPERIMENT_KEYS', () => {
  it('has one key per audience', () => {
    expect(SIGN_IN_EXPERIMENT_KEYS).toEqual({
      customer: 'fe-plc-broker-login-customer',
      agent: 'fe-plc-broker-login-agent',
    });
  });
});

describe('isUnauthenticatedAnswer', () => {
  it.each([
    [401, undefined, true],
    [401, 'anything', true],
    [403, 'Unauthenticated', true],
    [403, 'Forbidden', false],
    [403, undefined, false],
    [403, 'unauthenticated', false],
    [404, 'Unauthenticated', false],
    [500, null, false],
    [200, null, false],
  ] as const)('%i %o → %s', (status, message, expected) => {
    expect(isUnauthenticatedAnswer(status, message)).toBe(expected);
  });
});
