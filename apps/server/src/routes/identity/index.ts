/** The legacy identity service, kept as the fallback sign-in (document 2 §1). */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  deleteIdentitySession,
  getIdentity,
  getIdentitySessions,
  LEGACY_WALLET_HEADERS,
  postIdentityAliasConfirm,
  postIdentityAliasUndo,
  postLegacyLogin,
  postIdentitySessionsEnd,
  postIdentityStepUp,
  putIdentityAlias,
} from '@pledge/contract';
import { route } from '../../http/route.js';
import type { TIdentityDeps } from '../../services/identity/deps.js';
import { getLegacyIdentity } from '../../services/identity/get-legacy-identity.js';
import { logInWithPassword } from '../../services/identity/log-in-with-password.js';
import { confirmIdentityAlias } from '../../services/identity/confirm-identity-alias.js';
import { setIdentityAlias } from '../../services/identity/set-identity-alias.js';
import { undoEmailChange } from '../../services/identity/undo-email-change.js';
import { beginStepUp } from '../../services/identity/begin-step-up.js';
import { endSession } from '../../services/identity/end-session.js';
import { listSessions } from '../../services/identity/list-sessions.js';
import { signOutEverywhere } from '../../services/identity/sign-out-everywhere.js';
import { requestOrigin, withRetryAfter } from '../identity-broker/request-origin.js';
import { callerUuidOf, principalOf } from '../../http/auth.js';

export const legacyIdentityRoutes: FastifyPluginAsync<{
  identity: TIdentityDeps;
  /** The public origin of links in e-mails; the sandbox falls back to the request's own. */
  publicOrigin?: string | undefined;
}> = async (app, { identity: deps, publicOrigin }) => {
  // Outside the sandbox a link never takes its origin from a request header (a forged Host would
  // send the undo link elsewhere): without PUBLIC_ORIGIN the link is a path on the same site.
  const linkOrigin = (request: FastifyRequest) =>
    publicOrigin ?? (deps.sandbox ? `${request.protocol}://${request.host}` : '');

  route(app, postLegacyLogin, ({ body, request, reply }) =>
    withRetryAfter(reply, () =>
      logInWithPassword(deps, { body, origin: requestOrigin(request, deps.sandbox) }),
    ),
  );

  route(app, getIdentity, async ({ request, reply }) => {
    const answer = await getLegacyIdentity(deps, callerUuidOf(request), deps.clock());
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

  route(app, postIdentityAliasConfirm, ({ body, request, reply }) =>
    withRetryAfter(reply, () =>
      confirmIdentityAlias(deps, {
        identityUuid: callerUuidOf(request),
        tokenId: principalOf(request).token?.id,
        body,
        linkOrigin: linkOrigin(request),
      }),
    ),
  );

  route(app, postIdentityAliasUndo, ({ body, request, reply }) =>
    withRetryAfter(reply, () =>
      undoEmailChange(deps, { body, origin: requestOrigin(request, deps.sandbox) }),
    ),
  );

  route(app, postIdentityStepUp, ({ request, reply }) =>
    withRetryAfter(reply, () => beginStepUp(deps, { identityUuid: callerUuidOf(request) })),
  );

  route(app, getIdentitySessions, ({ request }) =>
    listSessions(deps, {
      identityUuid: callerUuidOf(request),
      tokenId: principalOf(request).token?.id,
    }),
  );

  route(app, deleteIdentitySession, ({ params, request }) =>
    endSession(deps, { identityUuid: callerUuidOf(request), sessionId: params.sessionId }),
  );

  route(app, postIdentitySessionsEnd, ({ request }) =>
    signOutEverywhere(deps, { identityUuid: callerUuidOf(request) }),
  );
};
