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
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import type { TControlDeps } from '../../services/controls/controlled-action-handlers.js';
import { assertTapeValid, previewRefiTape } from '../../services/refi/import-refi-tape.js';
import { listRefiCoinReturns } from '../../services/refi/refi-coin-return-ops.js';
import { listRefiEstatePayoffs, listRefiTapeLoans } from '../../services/refi/refi-ops.js';
import { proposalRoute } from '../ops/controlled-actions.js';

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
  proposalRoute(app, deps, postRefiTapeImport, ({ request }) => {
    const csv = tapeCsvOf(request);
    // A bad file answers every bad row by line, as the preview does, before anything is proposed.
    assertTapeValid(csv);
    return { csv };
  });
  route(app, getRefiTapeLoans, ({ query }) => listRefiTapeLoans(deps, query));
  proposalRoute(app, deps, postRefiTapeLoanBorrower, ({ params, body }) => ({
    loanId: params.loanId,
    ...body,
  }));
  route(app, getRefiEstatePayoffs, ({ query }) => listRefiEstatePayoffs(deps, query));
  proposalRoute(app, deps, postConfirmRefiEstatePayoff, ({ params, body }) => ({
    payoffUuid: params.payoffUuid,
    ...body,
  }));
  route(app, getRefiCoinReturns, ({ query }) => listRefiCoinReturns(deps, query));
  proposalRoute(app, deps, postRefiCoinReturn, ({ params, body }) => ({
    appUuid: params.appUuid,
    ...body,
  }));
};
