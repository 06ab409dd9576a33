/** Refinancing a defunct lender's loans: the borrower's R/ calls (document 2 §7). */
import type { FastifyPluginAsync } from 'fastify';
import {
  getCelsiusApplications,
  getRefiDocumentText,
  getRefiDownloadDocument,
  getRefiUnsignedDocuments,
  postCelsiusCollateralCalculate,
  postCelsiusRefiBorrowerConfirmation,
  postCelsiusRefiCoinReturn,
  postCreateCelsiusApplication,
  postRefiSelectOffer,
  postRefiSignDocument,
  postRefiStabilization,
} from '@pledge/contract';
import { callerApplicationOf, callerUuidOf } from '../../http/auth.js';
import { pdfDownload } from '../../http/pdf-download.js';
import { route } from '../../http/route.js';
import { signatureOrigin } from '../../http/signature-origin.js';
import { calculateCelsiusTopUp } from '../../services/refi/calculate-celsius-top-up.js';
import { confirmRefi } from '../../services/refi/confirm-refi.js';
import { createCelsiusApplication } from '../../services/refi/create-celsius-application.js';
import { listCelsiusApplications } from '../../services/refi/list-celsius-applications.js';
import type { TRefiDeps } from '../../services/refi/refi-deps.js';
import {
  listRefiUnsignedDocuments,
  readRefiDocument,
  readRefiDocumentText,
  signRefiDocument,
} from '../../services/refi/refi-documents.js';
import { requestRefiCoinReturn } from '../../services/refi/request-refi-coin-return.js';
import { selectRefiOffer } from '../../services/refi/select-refi-offer.js';
import { setRefiStabilization } from '../../services/refi/set-refi-stabilization.js';

export const refiRoutes: FastifyPluginAsync<TRefiDeps> = async (app, deps) => {
  route(app, postCreateCelsiusApplication, ({ body, request }) =>
    createCelsiusApplication(deps, {
      identityUuid: callerUuidOf(request),
      celsiusLoanId: body.celsiusLoanId,
    }),
  );
  route(app, getCelsiusApplications, ({ params, request }) =>
    listCelsiusApplications(deps, {
      identityUuid: callerUuidOf(request),
      borrowerUuid: params.identityUuid,
    }),
  );
  route(app, postRefiSelectOffer, ({ params, body, request }) =>
    selectRefiOffer(deps, { ...callerApplicationOf(request, params), offerUuid: body.offerUuid }),
  );
  route(app, postRefiStabilization, ({ params, body, request }) =>
    setRefiStabilization(deps, { ...callerApplicationOf(request, params), optIn: body.optIn }),
  );
  route(app, getRefiUnsignedDocuments, ({ params, request }) =>
    listRefiUnsignedDocuments(deps, {
      ...callerApplicationOf(request, params),
      borrowerUuid: params.identityUuid,
    }),
  );
  route(app, getRefiDownloadDocument, async ({ params, request, reply }) => {
    const document = await readRefiDocument(deps, {
      identityUuid: callerUuidOf(request),
      docUuid: params.docUuid,
    });
    return pdfDownload(reply, document);
  });
  route(app, postRefiSignDocument, ({ params, request }) =>
    signRefiDocument(deps, {
      identityUuid: callerUuidOf(request),
      docUuid: params.docUuid,
      ...signatureOrigin(request),
    }),
  );
  route(app, postCelsiusCollateralCalculate, ({ params, body, request }) =>
    calculateCelsiusTopUp(deps, {
      ...callerApplicationOf(request, params),
      offerUuid: body.offerUuid,
    }),
  );
  route(app, postCelsiusRefiBorrowerConfirmation, ({ params, body, request }) =>
    confirmRefi(deps, { ...callerApplicationOf(request, params), body }),
  );
  route(app, postCelsiusRefiCoinReturn, ({ params, body, request }) =>
    requestRefiCoinReturn(deps, {
      ...callerApplicationOf(request, params),
      returnAddress: body.returnAddress,
    }),
  );
  route(app, getRefiDocumentText, ({ params, request }) =>
    readRefiDocumentText(deps, { identityUuid: callerUuidOf(request), docUuid: params.docUuid }),
  );
};
