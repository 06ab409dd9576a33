/** The console's servicing calls: loans, one loan with its ledger, wires, reversals, reconciliation. */
import type { FastifyPluginAsync } from 'fastify';
import {
  getOpsLoan,
  getOpsLoans,
  getOpsReconciliation,
  postOpsReversePayment,
  postOpsWirePayment,
} from '@pledge/contract';
import type { TPricesPort } from '../../adapters/prices/port.js';
import type { TDb } from '../../db/pool.js';
import { callerUuidOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import type { TClock } from '../../security/jwt.js';
import { agentActor } from '../../services/ops/ops-record.js';
import { getOpsLoan as readOpsLoan } from '../../services/servicing/get-ops-loan.js';
import { requiredIdempotencyKey } from '../../services/servicing/idempotency-key.js';
import { listOpsLoans } from '../../services/servicing/list-ops-loans.js';
import { reconcileLedger } from '../../services/servicing/reconcile-ledger.js';
import { recordWirePayment } from '../../services/servicing/record-wire-payment.js';
import { reversePayment } from '../../services/servicing/reverse-payment.js';

export const opsLoansRoutes: FastifyPluginAsync<{
  db: TDb;
  clock: TClock;
  prices: TPricesPort;
}> = async (app, deps) => {
  route(app, getOpsLoans, ({ query }) => listOpsLoans(deps.db, query));
  route(app, getOpsLoan, ({ params }) => readOpsLoan(deps, params.loanUuid));
  route(app, postOpsWirePayment, ({ params, body, request }) =>
    recordWirePayment(deps, {
      loanUuid: params.loanUuid,
      body,
      idempotencyKey: requiredIdempotencyKey(request),
      actor: agentActor(callerUuidOf(request)),
    }),
  );
  route(app, postOpsReversePayment, ({ params, body, request }) =>
    reversePayment(deps, {
      paymentUuid: params.paymentUuid,
      reason: body.reason,
      actor: agentActor(callerUuidOf(request)),
    }),
  );
  route(app, getOpsReconciliation, () => reconcileLedger(deps));
};
