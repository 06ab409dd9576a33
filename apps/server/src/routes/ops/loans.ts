/**
 * The console's servicing calls: loans, one loan with its ledger, reconciliation, and the proposals
 * of a wire received or a payment's reversal (controlled actions: a second agent approves).
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  getOpsLoan,
  getOpsLoans,
  getOpsReconciliation,
  postOpsReversePayment,
  postOpsWirePayment,
} from '@pledge/contract';
import type { TPricesPort } from '../../adapters/prices/port.js';
import { callerUuidOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import type { TControlDeps } from '../../services/controls/controlled-action-handlers.js';
import { proposeControlledAction } from '../../services/controls/propose-controlled-action.js';
import { getOpsLoan as readOpsLoan } from '../../services/servicing/get-ops-loan.js';
import { requiredIdempotencyKey } from '../../services/servicing/idempotency-key.js';
import { listOpsLoans } from '../../services/servicing/list-ops-loans.js';
import { reconcileLedger } from '../../services/servicing/reconcile-ledger.js';
import { OPS_MONEY_ROUTE_LIMIT } from './controlled-actions.js';

export const opsLoansRoutes: FastifyPluginAsync<TControlDeps & { prices: TPricesPort }> = async (
  app,
  deps,
) => {
  route(app, getOpsLoans, ({ query }) => listOpsLoans(deps, query));
  route(app, getOpsLoan, ({ params }) => readOpsLoan(deps, params.loanUuid));
  route(
    app,
    postOpsWirePayment,
    ({ params, body, request }) =>
      proposeControlledAction(deps, {
        kind: 'RECORD_WIRE',
        payload: { loanUuid: params.loanUuid, ...body },
        agentUuid: callerUuidOf(request),
        idempotencyKey: requiredIdempotencyKey(request),
      }),
    { rateLimit: OPS_MONEY_ROUTE_LIMIT },
  );
  route(
    app,
    postOpsReversePayment,
    ({ params, body, request }) =>
      proposeControlledAction(deps, {
        kind: 'REVERSE_PAYMENT',
        payload: { paymentUuid: params.paymentUuid, ...body },
        agentUuid: callerUuidOf(request),
        idempotencyKey: null,
      }),
    { rateLimit: OPS_MONEY_ROUTE_LIMIT },
  );
  route(app, getOpsReconciliation, () => reconcileLedger(deps));
};
