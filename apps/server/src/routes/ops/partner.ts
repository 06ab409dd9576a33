import type { FastifyPluginAsync } from 'fastify';
import {
  getOpsPartnerApiKeys,
  getOpsPartnerSecrets,
  getOpsWebhookDeliveries,
  getOpsWebhookEndpoints,
  postOpsPartnerApiKey,
  postOpsRevealPartnerSecret,
  postOpsWebhookEndpoint,
  postOpsWebhookReplay,
} from '@pledge/contract';
import { callerUuidOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import type { TControlDeps } from '../../services/controls/controlled-action-handlers.js';
import {
  listWebhookDeliveries,
  listWebhookEndpoints,
} from '../../services/partner/list-webhook-endpoints.js';
import { listPartnerApiKeys } from '../../services/partner/list-partner-api-keys.js';
import { listPartnerSecrets } from '../../services/partner/list-partner-secrets.js';
import { replayPartnerEvents } from '../../services/partner/replay-partner-events.js';
import { revealPartnerSecret } from '../../services/partner/reveal-partner-secret.js';
import { proposalRoute } from './controlled-actions.js';

/** The console's partner endpoints, keys, deliveries and replays. */
export const opsPartnerRoutes: FastifyPluginAsync<TControlDeps> = async (app, deps) => {
  proposalRoute(app, deps, postOpsWebhookEndpoint, ({ body }) => body);
  proposalRoute(app, deps, postOpsPartnerApiKey, ({ body }) => body);
  route(app, postOpsRevealPartnerSecret, ({ params, request }) =>
    revealPartnerSecret(deps, { proposalId: params.proposalId, agentUuid: callerUuidOf(request) }),
  );
  route(app, getOpsPartnerApiKeys, () => listPartnerApiKeys(deps.db));
  route(app, getOpsPartnerSecrets, ({ request }) =>
    listPartnerSecrets(deps.db, callerUuidOf(request)),
  );
  route(app, getOpsWebhookEndpoints, () => listWebhookEndpoints(deps.db));
  route(app, getOpsWebhookDeliveries, ({ params }) =>
    listWebhookDeliveries(deps.db, params.endpointId),
  );
  route(app, postOpsWebhookReplay, ({ params, body }) =>
    replayPartnerEvents(deps, { endpointId: params.endpointId, body }),
  );
};
