/**
 * The application's identity document as the domain's funding rules read it (TIdentityDocumentFact):
 * APPROVED only when the Verify Identity step is completed (every required upload approved, the
 * additional document included where the brand asks for one), so that an approved additional
 * document never stands in for a rejected ID.
 */
import type { TIdentityDocumentFact } from '@pledge/domain';
import type { TDb } from '../../db/pool.js';
import { areAdditionalDocumentsRequired } from './additional-documents-required.js';
import { identityStatusOf, uploadsNewestFirst } from './identity-step-status.js';

export async function identityDocumentFactOf(
  db: TDb,
  application: { uuid: string; organization: string },
): Promise<TIdentityDocumentFact> {
  const uploads = await uploadsNewestFirst(db, application.uuid);
  if (uploads.length === 0) return 'NONE';
  const status = identityStatusOf(uploads, {
    additionalDocumentRequired: await areAdditionalDocumentsRequired(db, application.organization),
  });
  if (status === 'COMPLETED') return 'APPROVED';
  if (uploads.some((upload) => upload.reviewStatus === 'PENDING')) return 'PENDING';
  return uploads.some((upload) => upload.reviewStatus === 'REJECTED') ? 'REJECTED' : 'NONE';
}
