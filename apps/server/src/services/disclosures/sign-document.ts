/**
 * The borrower e-signs one disclosure (document 1 §4: one at a time, in order). The signature keeps
 * the time, IP address, user agent and the SHA-256 of the signed PDF. Signing is idempotent: a
 * document already signed answers its signature again, so a retry or a double click (concurrent
 * requests wait on the application's row lock) creates one. The last signature moves the
 * application SIGN_DOCS → WAITING_FOR_COLLATERAL in the same transaction.
 */
import type { TSignDocumentResult } from '@pledge/contract';
import { HttpError } from '../../http/errors.js';
import { documentSignatures } from '../../db/schema/index.js';
import { lockOwnedApplication, applicationNotFound } from '../applications/application-record.js';
import { actors, applyTransition } from '../applications/apply-transition.js';
import { completeRenewalIfCollateralIn } from '../renewal/complete-renewal.js';
import { toDocumentView, type TDocumentDeps } from './disclosure-record.js';
import {
  documentsWithSignatures,
  type TBorrowerDocumentsInput,
} from './list-borrower-documents.js';
import { documentNotFound } from './read-borrower-document.js';

export interface TSignDocumentInput extends TBorrowerDocumentsInput {
  docUuid: string;
  ipAddress: string;
  userAgent: string;
}

export async function signDocument(
  deps: Pick<TDocumentDeps, 'db' | 'clock'>,
  input: TSignDocumentInput,
): Promise<TSignDocumentResult> {
  if (input.borrowerUuid !== input.identityUuid) throw applicationNotFound();
  return deps.db.transaction(async (tx) => {
    let application = await lockOwnedApplication(tx, input.identityUuid, input.appUuid);
    const documents = await documentsWithSignatures(tx, input.appUuid, input.identityUuid);
    const index = documents.findIndex((document) => document.row.uuid === input.docUuid);
    const target = documents[index];
    if (target === undefined) throw documentNotFound();

    let signedAt = target.signedAt;
    if (signedAt === null) {
      if (application.state !== 'SIGN_DOCS') {
        throw new HttpError(
          409,
          'NOT_SIGNABLE',
          'Documents can be signed only while they are open for signing',
        );
      }
      if (documents.slice(0, index).some((document) => document.signedAt === null)) {
        throw new HttpError(409, 'SIGN_IN_ORDER', 'Sign the earlier documents first');
      }
      signedAt = deps.clock();
      await tx.insert(documentSignatures).values({
        documentUuid: target.row.uuid,
        identityUuid: input.identityUuid,
        signedAt,
        ipAddress: input.ipAddress,
        userAgent: input.userAgent,
        documentSha256: target.row.sha256,
      });
      const unsignedAfter = documents.filter(
        (document) => document.signedAt === null && document.row.uuid !== target.row.uuid,
      );
      if (unsignedAfter.length === 0) {
        ({ application } = await applyTransition(tx, {
          appUuid: input.appUuid,
          event: 'ALL_DOCUMENTS_SIGNED',
          actor: actors.borrower(input.identityUuid),
          reason: 'all documents signed',
          at: signedAt,
        }));
        // A renewal without a top-up still due is complete with its last signature.
        application = await completeRenewalIfCollateralIn(tx, {
          renewal: application,
          actor: actors.borrower(input.identityUuid),
          at: signedAt,
        });
      }
    }
    const unsignedRemaining = documents.filter(
      (document) => document.signedAt === null && document.row.uuid !== target.row.uuid,
    ).length;
    return {
      document: toDocumentView(target.row, signedAt),
      unsignedRemaining,
      state: application.state,
      stage: application.stage,
    };
  });
}
