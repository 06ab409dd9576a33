/**
 * The console's partner calls (issue 39): webhook endpoints and API keys are created under four
 * eyes (a proposal, a second agent approves), their secret is shown once to the agent who proposed
 * them, deliveries are listed with every attempt, and events are replayed.
 */
import { z } from 'zod/mini';
import { PARTNER_API_SCOPES } from '@pledge/domain';
import { defineEndpoint } from '../../define-endpoint.js';
import { ZControlledAction } from '../../entities/controlled-action.js';
import { ZIsoDateTime, ZOrgCode } from '../../wire.js';
import { OPS } from '../ops-base.js';
import { ZControlledActionParams } from '../post-decide-controlled-action.js';

const ZShortText = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));

export const ZPostOpsWebhookEndpointBody = z.object({
  brand: ZOrgCode,
  /** https, resolving to public addresses; `sandbox:webhooks/inbox` in the sandbox. */
  url: z.string().check(z.trim(), z.minLength(1), z.maxLength(2_000)),
  description: ZShortText,
});
export type TPostOpsWebhookEndpointBody = z.infer<typeof ZPostOpsWebhookEndpointBody>;

export const postOpsWebhookEndpoint = defineEndpoint({
  method: 'POST',
  path: `${OPS}/partner/webhook-endpoints`,
  auth: 'agent',
  summary: 'Propose a partner webhook endpoint (a different agent approves)',
  body: ZPostOpsWebhookEndpointBody,
  response: ZControlledAction,
  status: 202,
  control: 'CREATE_WEBHOOK_ENDPOINT',
});

export const ZPartnerApiScope = z.enum(PARTNER_API_SCOPES);

export const ZPostOpsPartnerApiKeyBody = z.object({
  brand: ZOrgCode,
  label: ZShortText,
  scopes: z.array(ZPartnerApiScope).check(z.minLength(1), z.maxLength(PARTNER_API_SCOPES.length)),
  /** The key this one replaces: it keeps working for the overlap, then stops. */
  rotatesKeyId: z.optional(z.string().check(z.maxLength(64))),
});
export type TPostOpsPartnerApiKeyBody = z.infer<typeof ZPostOpsPartnerApiKeyBody>;

export const postOpsPartnerApiKey = defineEndpoint({
  method: 'POST',
  path: `${OPS}/partner/api-keys`,
  auth: 'agent',
  summary: 'Propose a partner API key, or the rotation of one (a different agent approves)',
  body: ZPostOpsPartnerApiKeyBody,
  response: ZControlledAction,
  status: 202,
  control: 'CREATE_PARTNER_API_KEY',
});

export const ZPostOpsRevealPartnerSecretResponse = z.object({
  kind: z.enum(['WEBHOOK_ENDPOINT', 'API_KEY']),
  /** The endpoint's id, or the key's public id. */
  id: z.string(),
  /** The signing secret (whsec_…) or the whole API key (pk_….…): shown this once. */
  secret: z.string(),
});
export type TPostOpsRevealPartnerSecretResponse = z.infer<
  typeof ZPostOpsRevealPartnerSecretResponse
>;

export const postOpsRevealPartnerSecret = defineEndpoint({
  method: 'POST',
  path: `${OPS}/partner/secrets/:proposalId/reveal`,
  auth: 'agent',
  summary: 'Show, once, the secret of an approved endpoint or key to the agent who proposed it',
  params: ZControlledActionParams,
  response: ZPostOpsRevealPartnerSecretResponse,
});

export const ZPartnerDeliveryAttempt = z.object({
  attemptedAt: ZIsoDateTime,
  statusCode: z.nullable(z.int()),
  isSuccess: z.boolean(),
  error: z.nullable(z.string()),
  latencyMs: z.int(),
  responseBody: z.nullable(z.string()),
});

export const ZPartnerDelivery = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  eventType: z.string(),
  appUuid: z.uuid(),
  status: z.enum(['PENDING', 'DELIVERED', 'GAVE_UP']),
  isReplay: z.boolean(),
  attempts: z.array(ZPartnerDeliveryAttempt),
  nextAttemptAt: ZIsoDateTime,
  createdAt: ZIsoDateTime,
});
export type TPartnerDelivery = z.infer<typeof ZPartnerDelivery>;

export const ZWebhookEndpoint = z.object({
  id: z.uuid(),
  brand: z.string(),
  url: z.string(),
  description: z.string(),
  status: z.enum(['ACTIVE', 'DISABLED']),
  failingSince: z.nullable(ZIsoDateTime),
  disabledAt: z.nullable(ZIsoDateTime),
  createdAt: ZIsoDateTime,
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

export const ZGetOpsWebhookEndpointsResponse = z.object({ endpoints: z.array(ZWebhookEndpoint) });

export const getOpsWebhookEndpoints = defineEndpoint({
  method: 'GET',
  path: `${OPS}/partner/webhook-endpoints`,
  auth: 'agent',
  summary: 'Partner webhook endpoints, newest first',
  response: ZGetOpsWebhookEndpointsResponse,
});

export const ZWebhookEndpointParams = z.object({ endpointId: z.uuid() });

/** The console lists this many deliveries of an endpoint at most, newest first. */
export const PARTNER_DELIVERIES_LIST_MAX = 100;

export const ZGetOpsWebhookDeliveriesResponse = z.object({ deliveries: z.array(ZPartnerDelivery) });

export const getOpsWebhookDeliveries = defineEndpoint({
  method: 'GET',
  path: `${OPS}/partner/webhook-endpoints/:endpointId/deliveries`,
  auth: 'agent',
  summary: 'The latest deliveries of an endpoint with the status and latency of every attempt',
  params: ZWebhookEndpointParams,
  response: ZGetOpsWebhookDeliveriesResponse,
});

/**
 * One event (`eventId`), or every event of the endpoint's brand in a time range (`from`, `to`: at
 * most a week).
 */
const ZBoundedDateTime = ZIsoDateTime.check(z.maxLength(40));

export const ZPostOpsWebhookReplayBody = z.object({
  eventId: z.optional(z.uuid()),
  from: z.optional(ZBoundedDateTime),
  to: z.optional(ZBoundedDateTime),
});
export type TPostOpsWebhookReplayBody = z.infer<typeof ZPostOpsWebhookReplayBody>;

export const PARTNER_REPLAY_MAX_EVENTS = 5_000;

export const postOpsWebhookReplay = defineEndpoint({
  method: 'POST',
  path: `${OPS}/partner/webhook-endpoints/:endpointId/replay`,
  auth: 'agent',
  summary: 'Send one event, or every event of a time range, to an endpoint again',
  params: ZWebhookEndpointParams,
  body: ZPostOpsWebhookReplayBody,
  response: z.object({ replayed: z.int() }),
});

/** A partner API key as the console shows it: never its secret, which is kept only as a digest. */
export const ZPartnerApiKey = z.object({
  /** The public id, the part of the key before the dot (`pk_…`). */
  keyId: z.string(),
  brand: z.string(),
  label: z.string(),
  scopes: z.array(z.string()),
  createdAt: ZIsoDateTime,
  /** Set once the key is rotated: it works until then (the overlap), then stops. */
  expiresAt: z.nullable(ZIsoDateTime),
  revokedAt: z.nullable(ZIsoDateTime),
  lastUsedAt: z.nullable(ZIsoDateTime),
  /** The public id of the key this one replaced. */
  replacesKeyId: z.nullable(z.string()),
});
export type TPartnerApiKey = z.infer<typeof ZPartnerApiKey>;

/** The console lists this many keys at most, newest first. */
export const PARTNER_API_KEYS_LIST_MAX = 200;

export const ZGetOpsPartnerApiKeysResponse = z.object({ keys: z.array(ZPartnerApiKey) });

export const getOpsPartnerApiKeys = defineEndpoint({
  method: 'GET',
  path: `${OPS}/partner/api-keys`,
  auth: 'agent',
  summary: 'Partner API keys (never their secret), newest first',
  response: ZGetOpsPartnerApiKeysResponse,
});

/** An approved endpoint or key whose secret its proposer (the caller) has not read yet. */
export const ZPartnerSecretWaiting = z.object({
  proposalId: z.uuid(),
  kind: z.enum(['WEBHOOK_ENDPOINT', 'API_KEY']),
  /** The endpoint's id, or the key's public id. */
  id: z.string(),
  approvedAt: ZIsoDateTime,
});
export type TPartnerSecretWaiting = z.infer<typeof ZPartnerSecretWaiting>;

export const ZGetOpsPartnerSecretsResponse = z.object({ secrets: z.array(ZPartnerSecretWaiting) });

export const getOpsPartnerSecrets = defineEndpoint({
  method: 'GET',
  path: `${OPS}/partner/secrets`,
  auth: 'agent',
  summary: 'The secrets of approved endpoints and keys the calling agent proposed and has not read',
  response: ZGetOpsPartnerSecretsResponse,
});
