import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { postTelemetryEvent, postTelemetrySession } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { route } from '../../http/route.js';
import { openTelemetrySession } from '../../services/telemetry/open-session.js';
import { recordTelemetryEvent } from '../../services/telemetry/record-event.js';

/** Per client address: a tab opens a session (up to 3 tries) and sends an event per page. */
export const TELEMETRY_SESSIONS_PER_IP_PER_MINUTE = 60;
export const TELEMETRY_EVENTS_PER_IP_PER_MINUTE = 300;

/**
 * Tracking is open to visitors; a valid borrower token, when one comes along, ties the session
 * and its events to the identity. An invalid token is ignored, not refused.
 */
async function optionalIdentity(app: FastifyInstance, request: FastifyRequest) {
  const principal = await app.authVerifier(request, 'bearer');
  return principal?.audience === 'bearer' ? principal.identityUuid : null;
}

export const telemetryRoutes: FastifyPluginAsync<{ db: TDb }> = async (app, { db }) => {
  route(
    app,
    postTelemetrySession,
    async ({ params, body, request }) =>
      openTelemetrySession(db, {
        context: params.context,
        session: body,
        identityUuid: await optionalIdentity(app, request),
      }),
    { rateLimit: { max: TELEMETRY_SESSIONS_PER_IP_PER_MINUTE, timeWindow: '1 minute' } },
  );
  route(
    app,
    postTelemetryEvent,
    async ({ params, body, request }) => {
      await recordTelemetryEvent(db, {
        context: params.context,
        event: body,
        identityUuid: await optionalIdentity(app, request),
      });
    },
    { rateLimit: { max: TELEMETRY_EVENTS_PER_IP_PER_MINUTE, timeWindow: '1 minute' } },
  );
};
