/**
 * A borrower uploads an identity file for their application (document 1 §3, §5; DESIGN §6). The
 * file is decoded for real (decode-identity-file.ts): pictures re-encoded, PDFs inspected and
 * written anew, its type the one decoded; what is stored is that clean copy, encrypted under a
 * server-chosen key, waiting for an agent's review. The same file uploaded again for the same
 * application and document type answers the first upload. An approved document is final: with the
 * application row locked, an upload that would replace it is refused (409), so that neither a
 * second upload nor an approval racing it can undo a verified ID.
 */
import { createHash } from 'node:crypto';
import type { TIdentityDocument } from '@pledge/contract';
import {
  ADDITIONAL_DOCUMENT_TYPE,
  IDENTITY_DOCUMENT_TYPES,
  IDENTITY_MESSAGES,
  identityDocumentType,
  ID_ALREADY_APPROVED_CODE,
  isIdentityUploadOpen,
  MAX_ID_FILE_BYTES,
  type TIdentityDocumentType,
} from '@pledge/domain';
import { and, eq } from 'drizzle-orm';
import { newStorageKey } from '../../adapters/storage/port.js';
import { applications, identityDocuments } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { enqueue } from '../../jobs/enqueue.js';
import {
  identityAutoReviewDedupeKey,
  identityAutoReviewJob,
} from '../../jobs/definitions/identity-auto-review.js';
import { applicationNotFound, findOwnedApplication } from '../applications/application-record.js';
import { areAdditionalDocumentsRequired } from './additional-documents-required.js';
import { decodeIdentityFile } from './decode-identity-file.js';
import { isApprovedDocumentFinal, uploadsNewestFirst } from './identity-step-status.js';
import {
  IDENTITY_DOCUMENTS_AREA,
  toIdentityDocumentView,
  type TIdentityDocumentDeps,
  type TIdentityDocumentRow,
} from './identity-document-record.js';

/** How long the sandbox's stand-in reviewer takes before approving an upload. */
export const SANDBOX_AUTO_REVIEW_DELAY_MS = 5_000;

/** File names are shown back to the borrower only; longer ones are cut. */
const FILE_NAME_MAX_CHARS = 255;

export interface TUploadIdentityDocumentInput {
  /** The signed-in borrower. */
  identityUuid: string;
  appUuid: string;
  /** The form's fields, as sent (undefined when missing). */
  documentOwnerIdentityUuid: string | undefined;
  documentType: string | undefined;
  fileName: string | undefined;
  /** The `document` file part; null when none was sent. */
  file: { bytes: Buffer; fileName: string } | null;
}

function fieldError(field: string, message: string): HttpError {
  return new HttpError(400, 'VALIDATION_ERROR', message, { [field]: [message] });
}

function isIdentityDocumentType(value: string): value is TIdentityDocumentType {
  return (IDENTITY_DOCUMENT_TYPES as readonly string[]).includes(value);
}

/** The name to show: path parts and control characters removed, never empty. */
export function displayFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base.slice(0, FILE_NAME_MAX_CHARS);
}

const IDENTITY_NOT_OPEN_MESSAGE =
  'An ID can be uploaded once the application reaches its final steps';

function notOpen(): HttpError {
  return new HttpError(409, 'IDENTITY_NOT_OPEN', IDENTITY_NOT_OPEN_MESSAGE);
}

/**
 * Under the application's row lock (the lock agents' decisions take too): the upload is still open
 * (the checklist's states, and those waiting for the release, which needs the ID) and no approved
 * document of this kind would be replaced.
 */
async function assertUploadAllowed(
  tx: TIdentityDocumentDeps['db'],
  appUuid: string,
  documentType: string,
): Promise<void> {
  const [locked] = await tx
    .select({ state: applications.state })
    .from(applications)
    .where(eq(applications.uuid, appUuid))
    .for('no key update');
  if (locked === undefined || !isIdentityUploadOpen(locked.state)) throw notOpen();
  if (isApprovedDocumentFinal(await uploadsNewestFirst(tx, appUuid), documentType)) {
    throw new HttpError(409, ID_ALREADY_APPROVED_CODE, IDENTITY_MESSAGES.alreadyApproved);
  }
}

async function findSameFile(
  tx: TIdentityDocumentDeps['db'],
  appUuid: string,
  documentType: string,
  sha256: string,
): Promise<TIdentityDocumentRow | undefined> {
  const [row] = await tx
    .select()
    .from(identityDocuments)
    .where(
      and(
        eq(identityDocuments.applicationUuid, appUuid),
        eq(identityDocuments.documentType, documentType),
        eq(identityDocuments.sha256, sha256),
      ),
    );
  return row;
}

export async function uploadIdentityDocument(
  deps: TIdentityDocumentDeps,
  input: TUploadIdentityDocumentInput,
): Promise<TIdentityDocument> {
  // Someone else's identity is as unknown as someone else's application.
  if (input.documentOwnerIdentityUuid !== input.identityUuid) {
    throw applicationNotFound();
  }
  const application = await findOwnedApplication(deps.db, input.identityUuid, input.appUuid);

  const documentType = input.documentType?.trim() ?? '';
  if (!isIdentityDocumentType(documentType)) {
    throw fieldError('documentType', IDENTITY_MESSAGES.idTypeRequired);
  }
  if (input.file === null) throw fieldError('document', IDENTITY_MESSAGES.idRequired);
  const { bytes } = input.file;
  if (bytes.length === 0) throw fieldError('document', IDENTITY_MESSAGES.fileEmpty);
  if (bytes.length > MAX_ID_FILE_BYTES) {
    throw new HttpError(413, 'PAYLOAD_TOO_LARGE', IDENTITY_MESSAGES.fileTooLarge, {
      document: [IDENTITY_MESSAGES.fileTooLarge],
    });
  }
  const fileName = displayFileName(input.fileName ?? input.file.fileName);
  if (fileName === '') throw fieldError('fileName', IDENTITY_MESSAGES.idRequired);

  if (!isIdentityUploadOpen(application.state)) throw notOpen();
  const additionalRequired = await areAdditionalDocumentsRequired(
    deps.db,
    application.organization,
  );
  if (documentType === ADDITIONAL_DOCUMENT_TYPE) {
    if (!additionalRequired) throw fieldError('documentType', IDENTITY_MESSAGES.idTypeRequired);
  } else if (
    (application.isInternational || additionalRequired) &&
    documentType !== identityDocumentType('PASSPORT')
  ) {
    throw fieldError('documentType', IDENTITY_MESSAGES.passportRequired);
  }

  // Only the decoded copy is kept: the borrower's bytes go no further than this function.
  const decoded = await decodeIdentityFile(bytes);
  const sha256 = createHash('sha256').update(decoded.bytes).digest('hex');
  const existing = await findSameFile(deps.db, application.uuid, documentType, sha256);
  if (existing !== undefined) return toIdentityDocumentView(existing);

  // The file is stored first, so that no row ever names a missing object; a losing racer removes
  // its copy.
  const storageKey = newStorageKey(IDENTITY_DOCUMENTS_AREA);
  await deps.store.put(storageKey, decoded.bytes);
  const at = deps.clock();
  let created: TIdentityDocumentRow | undefined;
  try {
    created = await deps.db.transaction(async (tx) => {
      await assertUploadAllowed(tx, application.uuid, documentType);
      const [row] = await tx
        .insert(identityDocuments)
        .values({
          applicationUuid: application.uuid,
          ownerIdentityUuid: input.identityUuid,
          documentType,
          fileName,
          contentType: decoded.contentType,
          sizeBytes: decoded.bytes.length,
          sha256,
          storageKey,
          uploadedAt: at,
          reviewStatus: 'PENDING',
        })
        .onConflictDoNothing()
        .returning();
      if (row !== undefined && deps.autoReview) {
        await enqueue(
          tx,
          identityAutoReviewJob,
          { documentUuid: row.uuid },
          {
            runAt: new Date(at.getTime() + SANDBOX_AUTO_REVIEW_DELAY_MS),
            dedupeKey: identityAutoReviewDedupeKey(row.uuid),
          },
        );
      }
      return row;
    });
  } catch (error) {
    await deps.store.delete(storageKey);
    throw error;
  }
  if (created !== undefined) return toIdentityDocumentView(created);
  await deps.store.delete(storageKey);
  const winner = await findSameFile(deps.db, application.uuid, documentType, sha256);
  if (winner === undefined) throw new Error('The concurrent identity upload could not be found');
  return toIdentityDocumentView(winner);
}
