/**
 * The borrower's disclosures: list (all, or still to sign), download one PDF, and e-sign one.
 * GET …/documents/unsigned is registered as its own static path, so it never reads as a docUuid.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  getBorrowerDocument,
  getBorrowerDocuments,
  getUnsignedBorrowerDocuments,
  postSignDocument,
} from '@pledge/contract';
import { pdfDownload } from '../../http/pdf-download.js';
import { route } from '../../http/route.js';
import { signatureOrigin } from '../../http/signature-origin.js';
import type { TDocumentDeps } from '../../services/disclosures/disclosure-record.js';
import { listBorrowerDocuments } from '../../services/disclosures/list-borrower-documents.js';
import { readBorrowerDocument } from '../../services/disclosures/read-borrower-document.js';
import { signDocument } from '../../services/disclosures/sign-document.js';
import { callerApplicationOf, principalOf } from '../../http/auth.js';

export const documentsRoutes: FastifyPluginAsync<TDocumentDeps> = async (app, deps) => {
  route(app, getBorrowerDocuments, ({ params, request }) =>
    listBorrowerDocuments(deps.db, {
      ...callerApplicationOf(request, params),
      borrowerUuid: params.identityUuid,
      onlyUnsigned: false,
    }),
  );
  route(app, getUnsignedBorrowerDocuments, ({ params, request }) =>
    listBorrowerDocuments(deps.db, {
      ...callerApplicationOf(request, params),
      borrowerUuid: params.identityUuid,
      onlyUnsigned: true,
    }),
  );
  route(app, getBorrowerDocument, async ({ params, request, reply }) => {
    const document = await readBorrowerDocument(deps, {
      ...callerApplicationOf(request, params),
      borrowerUuid: params.identityUuid,
      docUuid: params.docUuid,
    });
    return pdfDownload(reply, document);
  });
  // The session check reads the documents too: a document signed already is answered from it.
  route(
    app,
    postSignDocument,
    ({ params, request }) => {
      const { identityUuid, signedDocuments } = principalOf(request);
      return signDocument(deps, {
        identityUuid,
        appUuid: params.appUuid,
        borrowerUuid: params.identityUuid,
        docUuid: params.docUuid,
        ...signatureOrigin(request),
        ...(signedDocuments !== undefined ? { signedDocuments } : {}),
      });
    },
    { signedDocumentsParam: 'appUuid' },
  );
};
