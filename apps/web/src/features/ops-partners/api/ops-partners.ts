import { useQuery } from '@tanstack/react-query';
import {
  getOpsPartnerApiKeys,
  getOpsPartnerSecrets,
  getOpsWebhookDeliveries,
  getOpsWebhookEndpoints,
  postOpsPartnerApiKey,
  postOpsRevealPartnerSecret,
  postOpsWebhookEndpoint,
  postOpsWebhookReplay,
  type TPostOpsPartnerApiKeyBody,
  type TPostOpsWebhookEndpointBody,
  type TPostOpsWebhookReplayBody,
} from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';
import { CONTROLLED_ACTIONS_QUERY_KEY } from '../../ops/api/get-controlled-actions.js';
import { OPS_QUERY_KEY } from '../../ops/api/get-ops-applications.js';
import { opsFreshQuery } from '../../ops/api/ops-fresh-query.js';
import { useOpsChange } from '../../ops/api/use-ops-change.js';

const PARTNERS_KEY = [...OPS_QUERY_KEY, 'partners'] as const;
const SECRETS_KEY = [...PARTNERS_KEY, 'secrets'] as const;
const deliveriesKey = (endpointId: string) => [...PARTNERS_KEY, 'deliveries', endpointId] as const;

/** The webhook endpoints of every brand, newest first, read again each time the page is shown. */
export function useWebhookEndpoints() {
  return useQuery(opsFreshQuery([...PARTNERS_KEY, 'endpoints'], getOpsWebhookEndpoints));
}

/** The API keys of every brand (never their secret), newest first. */
export function usePartnerApiKeys() {
  return useQuery(opsFreshQuery([...PARTNERS_KEY, 'keys'], getOpsPartnerApiKeys));
}

/** The approved proposals of the signed-in agent whose secret is still to be read. */
export function usePartnerSecrets() {
  return useQuery(opsFreshQuery(SECRETS_KEY, getOpsPartnerSecrets));
}

/** One endpoint's latest deliveries with every attempt. */
export function useWebhookDeliveries(endpointId: string) {
  return useQuery(
    opsFreshQuery(deliveriesKey(endpointId), getOpsWebhookDeliveries, { params: { endpointId } }),
  );
}

/** Proposes an endpoint; a second agent approves it on the Approvals page. */
export function useProposeWebhookEndpoint() {
  return useOpsChange(
    (body: TPostOpsWebhookEndpointBody) => apiRequest(postOpsWebhookEndpoint, { body }),
    CONTROLLED_ACTIONS_QUERY_KEY,
  );
}

/** Proposes a key, or the rotation of one; a second agent approves it on the Approvals page. */
export function useProposePartnerApiKey() {
  return useOpsChange(
    (body: TPostOpsPartnerApiKeyBody) => apiRequest(postOpsPartnerApiKey, { body }),
    CONTROLLED_ACTIONS_QUERY_KEY,
  );
}

/**
 * Reads a secret, once: the server forgets it in the same call. The answer is kept only by the
 * component that shows it, never in the query cache.
 */
export function useRevealPartnerSecret() {
  return useOpsChange(
    (proposalId: string) => apiRequest(postOpsRevealPartnerSecret, { params: { proposalId } }),
    PARTNERS_KEY,
  );
}

/** Sends one event, or a time range of events, to an endpoint again. */
export function useReplayWebhookEvents(endpointId: string) {
  return useOpsChange(
    (body: TPostOpsWebhookReplayBody) =>
      apiRequest(postOpsWebhookReplay, { params: { endpointId }, body }),
    deliveriesKey(endpointId),
  );
}
