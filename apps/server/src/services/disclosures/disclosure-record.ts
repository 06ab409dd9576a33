/** Disclosure documents as stored, and as the API lists them. */
import type { TDocument } from '@pledge/contract';
import type { TEncryptedStore } from '../../adapters/storage/encrypted.js';
import type { TDb } from '../../db/pool.js';
import type { disclosureDocuments } from '../../db/schema/index.js';
import type { TClock } from '../../security/jwt.js';

export type TDisclosureRow = typeof disclosureDocuments.$inferSelect;

/** Storage area of generated disclosure PDFs. */
export const DISCLOSURES_AREA = 'disclosures';

export interface TDocumentDeps {
  db: TDb;
  store: TEncryptedStore;
  clock: TClock;
}

export function toDocumentView(row: TDisclosureRow, signedAt: Date | null): TDocument {
  return {
    uuid: row.uuid,
    type: row.kind,
    name: row.name,
    description: row.description,
    signed: signedAt !== null,
    signedAt: signedAt?.toISOString() ?? null,
  };
}
