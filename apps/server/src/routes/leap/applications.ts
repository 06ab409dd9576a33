import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  getApplication as getApplicationEndpoint,
  getKrangState as getKrangStateEndpoint,
  getUserApps,
  postCreateApplication,
  postCreateMobileFlowApplication,
} from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import type { TClock } from '../../security/jwt.js';
import {
  createApplication,
  IDEMPOTENCY_KEY_PATTERN,
} from '../../services/applications/create-application.js';
import { getApplication } from '../../services/applications/get-application.js';
import { getKrangState } from '../../services/applications/get-krang-state.js';
import { listApplications } from '../../services/applications/list-applications.js';
import { callerApplicationOf, callerUuidOf } from '../../http/auth.js';

const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
const IDEMPOTENCY_KEY_MESSAGE = 'Use 8 to 128 letters, digits, dots, colons, dashes or underscores';

/** The Idempotency-Key header, when the client sent one. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw new HttpError(400, 'VALIDATION_ERROR', IDEMPOTENCY_KEY_MESSAGE, {
      [`headers.${IDEMPOTENCY_KEY_HEADER}`]: [IDEMPOTENCY_KEY_MESSAGE],
    });
  }
  return value;
}

export const applicationsRoutes: FastifyPluginAsync<{ db: TDb; clock: TClock }> = async (
  app,
  deps,
) => {
  route(app, postCreateApplication, ({ body, request }) =>
    createApplication(deps, {
      identityUuid: callerUuidOf(request),
      flow: 'WEB',
      body,
      idempotencyKey: idempotencyKeyOf(request),
    }),
  );
  route(app, postCreateMobileFlowApplication, ({ body, request }) =>
    createApplication(deps, {
      identityUuid: callerUuidOf(request),
      flow: 'MOBILE',
      body,
      idempotencyKey: idempotencyKeyOf(request),
    }),
  );
  route(app, getUserApps, ({ request }) => listApplications(deps, callerUuidOf(request)));
  route(app, getApplicationEndpoint, ({ params, request }) =>
    getApplication(deps, callerApplicationOf(request, params)),
  );
  route(app, getKrangStateEndpoint, ({ params, request }) =>
    getKrangState(deps.db, callerApplicationOf(request, params)),
  );
};
