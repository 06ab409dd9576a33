/** The legacy identity service, kept as the fallback sign-in (document 2 §1). */
import type { FastifyPluginAsync } from 'fastify';
import {
  getIdentity,
  LEGACY_WALLET_HEADERS,
  postLegacyLogin,
  putIdentityAlias,
} from '@pledge/contract';
import { route } from '../../http/route.js';
import type { TIdentityDeps } from '../../services/identity/deps.js';
import { getLegacyIdentity } from '../../services/identity/get-legacy-identity.js';
import { logInWithPassword } from '../../services/identity/log-in-with-password.js';
import { setIdentityAlias } from '../../services/identity/set-identity-alias.js';
import { requestOrigin, withRetryAfter } from '../identity-broker/request-origin.js';
import { callerUuidOf } from '../../http/auth.js';

export const legacyIdentityRoutes: FastifyPluginAsync<{ identity: TIdentityDeps }> = async (
  app,
  { identity: deps },
) => {
  route(app, postLegacyLogin, ({ body, request, reply }) =>
    withRetryAfter(reply, () =>
      logInWithPassword(deps, { body, origin: requestOrigin(request, deps.sandbox) }),
    ),
  );

  route(app, getIdentity, async ({ request, reply }) => {
    const answer = await getLegacyIdentity(deps.db, callerUuidOf(request), deps.clock());
    const { accountAddress, groupPolicyAddress } = answer.wallet;
    if (accountAddress !== null)
      void reply.header(LEGACY_WALLET_HEADERS.accountAddress, accountAddress);
    if (groupPolicyAddress !== null) {
      void reply.header(LEGACY_WALLET_HEADERS.groupPolicyAddress, groupPolicyAddress);
    }
    return answer.identity;
  });

  route(app, putIdentityAlias, ({ body, request, reply }) =>
    withRetryAfter(reply, () =>
      setIdentityAlias(deps, { identityUuid: callerUuidOf(request), body }),
    ),
  );
};
