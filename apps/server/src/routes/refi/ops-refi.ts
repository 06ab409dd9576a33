/**
 * The agent console's refinancing calls: the loan tape, the payoffs owed to the estate and the coins
 * ended refinancings received.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  getRefiCoinReturns,
  getRefiEstatePayoffs,
  getRefiTapeLoans,
  postConfirmRefiEstatePayoff,
  postRefiCoinReturn,
  postRefiTapeImport,
  postRefiTapeLoanBorrower,
  postRefiTapePreview,
  REFI_TAPE_CONTENT_TYPE,
} from '@pledge/contract';
import { callerUuidOf } from '../../http/auth.js';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { proposeControlledAction } from '../../services/controls/propose-controlled-action.js';
import type { TControlDeps } from '../../services/controls/controlled-action-handlers.js';
import { assertTapeValid, previewRefiTape } from '../../services/refi/import-refi-tape.js';
import { listRefiCoinReturns } from '../../services/refi/refi-coin-return-ops.js';
import { listRefiEstatePayoffs, listRefiTapeLoans } from '../../services/refi/refi-ops.js';

/** The CSV text of a tape request: text/csv only (415 otherwise), never empty (400). */
function tapeCsvOf(request: FastifyRequest): string {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== REFI_TAPE_CONTENT_TYPE) {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the tape as text/csv');
  }
  const csv = typeof request.body === 'string' ? request.body : '';
  if (csv.trim() === '') {
    throw new HttpError(400, 'VALIDATION_ERROR', 'The file is empty', {
      csv: ['The file is empty'],
    });
  }
  return csv;
}

export const opsRefiRoutes: FastifyPluginAsync<TControlDeps> = async (app, deps) => {
  // Scoped to this plugin: only the tape calls read text/csv.
  app.addContentTypeParser(
    REFI_TAPE_CONTENT_TYPE,
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, body);
    },
  );
  route(app, postRefiTapePreview, ({ request }) =>
    previewRefiTape(deps, { csv: tapeCsvOf(request) }),
  );
  route(app, postRefiTapeImport, async ({ request }) => {
    const csv = tapeCsvOf(request);
    // A bad file answers every bad row by line, as the preview does, before anything is proposed.
    assertTapeValid(csv);
    return proposeControlledAction(deps, {
      kind: 'TAPE_IMPORT',
      payload: { csv },
      agentUuid: callerUuidOf(request),
      idempotencyKey: null,
    });
  });
  route(app, getRefiTapeLoans, ({ query }) => listRefiTapeLoans(deps, query));
  route(app, postRefiTapeLoanBorrower, ({ params, body, request }) =>
    proposeControlledAction(deps, {
      kind: 'TAPE_REASSIGN',
      payload: { loanId: params.loanId, ...body },
      agentUuid: callerUuidOf(request),
      idempotencyKey: null,
    }),
  );
  route(app, getRefiEstatePayoffs, ({ query }) => listRefiEstatePayoffs(deps, query));
  route(app, postConfirmRefiEstatePayoff, ({ params, body, request }) =>
    proposeControlledAction(deps, {
      kind: 'ESTATE_PAYOFF',
      payload: { payoffUuid: params.payoffUuid, ...body },
      agentUuid: callerUuidOf(request),
      idempotencyKey: null,
    }),
  );
  route(app, getRefiCoinReturns, ({ query }) => listRefiCoinReturns(deps, query));
  route(app, postRefiCoinReturn, ({ params, body, request }) =>
    proposeControlledAction(deps, {
      kind: 'REFI_COIN_RETURN',
      payload: { appUuid: params.appUuid, ...body },
      agentUuid: callerUuidOf(request),
      idempotencyKey: null,
    }),
  );
};
