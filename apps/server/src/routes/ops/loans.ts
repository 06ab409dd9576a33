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
import { route } from '../../http/route.js';
import type { TControlDeps } from '../../services/controls/controlled-action-handlers.js';
import { getOpsLoan as readOpsLoan } from '../../services/servicing/get-ops-loan.js';
import { listOpsLoans } from '../../services/servicing/list-ops-loans.js';
import { reconcileLedger } from '../../services/servicing/reconcile-ledger.js';
import { OPS_MONEY_PROPOSAL, OPS_MONEY_ROUTE_LIMIT, proposalRoute } from './controlled-actions.js';

export const opsLoansRoutes: FastifyPluginAsync<TControlDeps & { prices: TPricesPort }> = async (
  app,
  deps,
) => {
  route(app, getOpsLoans, ({ query }) => listOpsLoans(deps, query));
  route(app, getOpsLoan, ({ params }) => readOpsLoan(deps, params.loanUuid));
  proposalRoute(
    app,
    deps,
    postOpsWirePayment,
    ({ params, body }) => ({ loanUuid: params.loanUuid, ...body }),
    OPS_MONEY_PROPOSAL,
  );
  proposalRoute(
    app,
    deps,
    postOpsReversePayment,
    ({ params, body }) => ({ paymentUuid: params.paymentUuid, ...body }),
    { rateLimit: OPS_MONEY_ROUTE_LIMIT },
  );
  route(app, getOpsReconciliation, () => reconcileLedger(deps));
};
