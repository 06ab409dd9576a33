import { queryOptions } from '@tanstack/react-query';
import type { TSignInAudience } from '@pledge/domain';
import { rememberBrokerKnown } from './session-storage.js';

export const SESSION_QUERY_KEY = 'session';

/**
 * The identity behind one token for one audience. The token is part of the key: when it changes
 * (signed in, signed out, refused by the server) the session is looked up afresh.
 */
export function sessionQuery(audience: TSignInAudience, token: string, organizationCode: string) {
  return queryOptions({
    queryKey: [SESSION_QUERY_KEY, audience, token] as const,
    queryFn: async ({ signal }) => {
      // Loaded when there is a token to look up: visitors never download the identity schemas.
      const { lookUpIdentity } = await import('./api/look-up-identity.js');
      const lookup = await lookUpIdentity(audience, organizationCode, signal);
      if (lookup.source === 'broker') rememberBrokerKnown(audience);
      return lookup;
    },
    staleTime: Infinity,
  });
}
