/**
 * The console's controlled actions (packages/domain controlled-actions.ts): the list waiting for a
 * second agent, and approving or rejecting one; and how a route proposes one.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import {
  getControlledActions,
  postApproveControlledAction,
  postRejectControlledAction,
  type TEndpoint,
  type ZControlledAction,
} from '@pledge/contract';
import { OPS_MONEY_PROPOSALS_PER_MINUTE } from '@pledge/domain';
import type { z } from 'zod';
import { callerUuidOf } from '../../http/auth.js';
import { route, type TRouteInput, type TRouteOptions } from '../../http/route.js';
import type {
  TControlDeps,
  TControlledPayloads,
  TPayloadKind,
} from '../../services/controls/controlled-action-handlers.js';
import {
  approveControlledAction,
  rejectControlledAction,
} from '../../services/controls/decide-controlled-action.js';
import { listControlledActions } from '../../services/controls/list-controlled-actions.js';
import { proposeControlledAction } from '../../services/controls/propose-controlled-action.js';
import { requiredIdempotencyKey } from '../../services/servicing/idempotency-key.js';

/** The pace of the routes that propose or decide a money move. */
export const OPS_MONEY_ROUTE_LIMIT = { max: OPS_MONEY_PROPOSALS_PER_MINUTE, timeWindow: 60_000 };

/** A money move's proposal: keyed by its Idempotency-Key header (required), at the money pace. */
export const OPS_MONEY_PROPOSAL = { isKeyed: true, rateLimit: OPS_MONEY_ROUTE_LIMIT } as const;

type TProposalEndpoint = TEndpoint & {
  control: TPayloadKind;
  response: typeof ZControlledAction;
};

/**
 * Serves an endpoint that proposes the controlled action its contract names (`control`): the
 * caller is the maker, `payloadOf` reads the action's payload from the request, and a keyed
 * proposal takes its key from the Idempotency-Key header (required); an unkeyed one has none.
 */
export function proposalRoute<E extends TProposalEndpoint>(
  app: FastifyInstance,
  deps: TControlDeps,
  endpoint: E,
  payloadOf: (input: TRouteInput<E>) => TControlledPayloads[E['control']],
  options: TRouteOptions & { isKeyed?: boolean } = {},
): void {
  const { isKeyed = false, ...routeOptions } = options;
  // The endpoint answers the proposal: its response is ZControlledAction.
  route(
    app,
    endpoint,
    (input) =>
      proposeControlledAction(deps, {
        kind: endpoint.control,
        payload: payloadOf(input),
        agentUuid: callerUuidOf(input.request),
        idempotencyKey: isKeyed ? requiredIdempotencyKey(input.request) : null,
      }) as Promise<z.output<E['response']>>,
    routeOptions,
  );
}

export const opsControlledActionsRoutes: FastifyPluginAsync<TControlDeps> = async (app, deps) => {
  route(app, getControlledActions, ({ query }) => listControlledActions(deps.db, query));
  route(
    app,
    postApproveControlledAction,
    ({ params, request }) =>
      approveControlledAction(deps, {
        proposalId: params.proposalId,
        agentUuid: callerUuidOf(request),
      }),
    { rateLimit: OPS_MONEY_ROUTE_LIMIT },
  );
  route(app, postRejectControlledAction, ({ params, body, request }) =>
    rejectControlledAction(deps, {
      proposalId: params.proposalId,
      agentUuid: callerUuidOf(request),
      reason: body.reason,
    }),
  );
};
