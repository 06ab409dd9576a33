/** Disclosure documents as stored, and as the API lists them. */
import type { TDocument } from '@pledge/contract';
import type { TEncryptedStore } from '../../adapters/storage/encrypted.js';
import type { TDb } from '../../db/pool.js';
import { type applications, disclosureDocuments } from '../../db/schema/index.js';
import type { TClock } from '../../security/jwt.js';

export type TDisclosureRow = typeof disclosureDocuments.$inferSelect;

/** The columns a document's view shows (toDocumentView). */
export const DOCUMENT_VIEW_COLUMNS = {
  uuid: disclosureDocuments.uuid,
  kind: disclosureDocuments.kind,
  name: disclosureDocuments.name,
  description: disclosureDocuments.description,
};

export type TDocumentViewRow = Pick<TDisclosureRow, keyof typeof DOCUMENT_VIEW_COLUMNS>;

/**
 * The caller's documents of an application, each with its signature's time, and the application's
 * state and stage, read in one statement (one snapshot): what a signature made already answers.
 */
export interface TSignedDocumentsRead extends Pick<
  typeof applications.$inferSelect,
  'state' | 'stage'
> {
  documents: { row: TDocumentViewRow; signedAt: Date | null }[];
}

/** Storage area of generated disclosure PDFs. */
export const DISCLOSURES_AREA = 'disclosures';

export interface TDocumentDeps {
  db: TDb;
  store: TEncryptedStore;
  clock: TClock;
}

export function toDocumentView(row: TDocumentViewRow, signedAt: Date | null): TDocument {
  return {
    uuid: row.uuid,
    type: row.kind,
    name: row.name,
    description: row.description,
    signed: signedAt !== null,
    signedAt: signedAt?.toISOString() ?? null,
  };
}
