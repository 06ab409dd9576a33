/**
 * The built-in identity broker, once per audience (`/identity-broker/customer`, `/identity-broker/agent`):
 * begin a sign-in, email a code, trade it for a token, read the identity, sign out.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  makeGetFigureInfo,
  makePostLogin,
  makePostLogout,
  makePostOtpStart,
  makePostOtpVerify,
} from '@pledge/contract';
import { SIGN_IN_AUDIENCES, type TSignInAudience } from '@pledge/domain';
import { principalOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import { refuseCrossSiteRequests } from '../../http/security.js';
import { beginSignIn } from '../../services/identity/begin-sign-in.js';
import type { TIdentityDeps } from '../../services/identity/deps.js';
import { getFigureInfo } from '../../services/identity/get-figure-info.js';
import { logOut } from '../../services/identity/log-out.js';
import { startOtp } from '../../services/identity/start-otp.js';
import { verifyOtp } from '../../services/identity/verify-otp.js';
import { requestOrigin, withRetryAfter } from './request-origin.js';

type TApp = Parameters<FastifyPluginAsync>[0];

function registerLogin(app: TApp, deps: TIdentityDeps, audience: TSignInAudience) {
  route(app, makePostLogin(audience), async ({ query, request, reply }) => {
    const location = await withRetryAfter(reply, () =>
      beginSignIn(deps, { audience, query, origin: requestOrigin(request, deps.sandbox) }),
    );
    void reply.header('location', location);
  });
}

function registerAudience(app: TApp, deps: TIdentityDeps, audience: TSignInAudience) {
  const origin = (request: FastifyRequest) => requestOrigin(request, deps.sandbox);

  route(app, makePostOtpStart(audience), ({ body, request, reply }) =>
    withRetryAfter(reply, () => startOtp(deps, { audience, ...body, origin: origin(request) })),
  );

  route(app, makePostOtpVerify(audience), ({ body, request, reply }) =>
    withRetryAfter(reply, () => verifyOtp(deps, { audience, ...body, origin: origin(request) })),
  );

  route(app, makeGetFigureInfo(audience), ({ request }) =>
    getFigureInfo(deps, { identityUuid: principalOf(request).identityUuid, audience }),
  );

  route(app, makePostLogout(audience), ({ request }) =>
    logOut(deps, { audience, principal: principalOf(request) }),
  );
}

export const identityBrokerRoutes: FastifyPluginAsync<{ identity: TIdentityDeps }> = async (
  app,
  { identity },
) => {
  // A sign-in may begin with a real form POST navigation from the browser (answered by a 303 to the
  // hosted sign-in page), so the login routes alone, in a scope of their own, also read url-encoded
  // forms. Any site can post such a form without a preflight, so they refuse cross-site requests.
  // Every other route, the code and token routes here included, stays JSON-only (415 otherwise).
  await app.register(async (forms) => {
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    forms.addHook('onRequest', refuseCrossSiteRequests);
    for (const audience of SIGN_IN_AUDIENCES) registerLogin(forms, identity, audience);
  });
  for (const audience of SIGN_IN_AUDIENCES) registerAudience(app, identity, audience);
};
