/**
 * For tests of pages behind sign-in: a stored session and the identity broker's answer for it.
 *
 *   storeTestSession();
 *   mockFetch({ ...figureInfoHandlers(), ...pageHandlers });
 */
import { makeGetFigureInfo, type TIdentity } from '@pledge/contract';
import type { TSignInAudience } from '@pledge/domain';
import { setToken } from '../../api/token.js';
import { figureInfoOf } from '../../test/figure-info.js';
import { writeTokenAudience } from './session-storage.js';

export const TEST_IDENTITY: TIdentity = {
  uuid: '0f8e6a1c-3b2d-4e5f-8a9b-0c1d2e3f4a5b',
  organizationCode: 'partner',
  profileType: 'customer',
  email: 'ada@example.com',
  updatedAt: '2025-03-01T12:00:00.000Z',
  isManageable: true,
  isBroker: false,
  activeLegacyCustomerOrgs: [],
  wallet: { accountAddress: null, groupPolicyAddress: null },
};

export function makeIdentity(overrides: Partial<TIdentity> = {}): TIdentity {
  return { ...TEST_IDENTITY, ...overrides };
}

/** Stores a token as if the audience had signed in in this browser. */
export function storeTestSession(audience: TSignInAudience = 'customer'): string {
  const token = `test.${audience}.jwt`;
  writeTokenAudience(audience);
  setToken(token);
  return token;
}

/** Handlers for test/mock-fetch: the broker's figureinfo answering the identity. */
export function figureInfoHandlers(
  identity: TIdentity = TEST_IDENTITY,
  audience: TSignInAudience = 'customer',
): Record<string, () => Response> {
  return {
    [`GET ${makeGetFigureInfo(audience).path}`]: () =>
      new Response(JSON.stringify(figureInfoOf(identity, audience)), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  };
}
