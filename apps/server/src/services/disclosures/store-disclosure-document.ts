/**
 * Makes one disclosure document: renders its PDF, stores it encrypted (with any file kept beside
 * it) and records it with its SHA-256. The store and the database cannot share a transaction, so
 * the files go first and are deleted again when the record is not made: when recording fails, and
 * when another run recorded the same kind first (its PDF stays the one to sign). Nothing stays in
 * the store that no document names. A PDF read back is checked against that SHA-256.
 */
import { createHash } from 'node:crypto';
import type { TEncryptedStore } from '../../adapters/storage/encrypted.js';
import { newStorageKey } from '../../adapters/storage/port.js';
import type { TDb } from '../../db/pool.js';
import { disclosureDocuments } from '../../db/schema/index.js';
import { DISCLOSURES_AREA, type TDisclosureRow } from './disclosure-record.js';
import type { TDisclosureContent } from './disclosure-texts.js';
import { renderDisclosurePdf } from './render-disclosure-pdf.js';

/** The digest a document is recorded with, and its PDF checked against when read back. */
function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A document's stored PDF, checked against the SHA-256 recorded for it. */
export async function readDisclosurePdf(
  store: Pick<TEncryptedStore, 'get'>,
  row: Pick<TDisclosureRow, 'uuid' | 'storageKey' | 'sha256'>,
): Promise<Buffer> {
  const bytes = await store.get(row.storageKey);
  if (bytes === null) throw new Error(`The stored PDF of document ${row.uuid} is missing`);
  if (sha256Of(bytes) !== row.sha256) {
    throw new Error(`The stored PDF of document ${row.uuid} does not match its SHA-256`);
  }
  return bytes;
}

export interface TStoredFile {
  key: string;
  bytes: Uint8Array;
}

/**
 * Puts `files`, then runs `record`, which answers whether it recorded them (false: another run
 * did first). Unless it did, the files put are deleted; a failure's own error is the one thrown.
 */
export async function storeThenRecord(
  store: Pick<TEncryptedStore, 'put' | 'delete'>,
  files: readonly TStoredFile[],
  record: () => Promise<boolean>,
): Promise<void> {
  const stored: string[] = [];
  try {
    for (const file of files) {
      await store.put(file.key, file.bytes);
      stored.push(file.key);
    }
    if (await record()) return;
  } catch (error) {
    await Promise.allSettled(stored.map((key) => store.delete(key)));
    throw error;
  }
  for (const key of stored) await store.delete(key);
}

export interface TDisclosureToStore {
  applicationUuid: string;
  identityUuid: string;
  kind: string;
  position: number;
  content: TDisclosureContent;
  /** The lender's legal name, the PDF's author. */
  author: string;
  createdAt: Date;
  /** The brand version (brands.ts) the document was made under. */
  brandVersion: number | null;
  /** Files kept beside the PDF, named from its storage key. */
  besides?: (storageKey: string) => TStoredFile[];
}

export async function storeDisclosureDocument(
  deps: { db: TDb; store: TEncryptedStore },
  document: TDisclosureToStore,
): Promise<void> {
  const { content, createdAt } = document;
  const bytes = await renderDisclosurePdf(content, { author: document.author, createdAt });
  const storageKey = newStorageKey(DISCLOSURES_AREA);
  const files = [{ key: storageKey, bytes }, ...(document.besides?.(storageKey) ?? [])];
  await storeThenRecord(deps.store, files, async () => {
    const [row] = await deps.db
      .insert(disclosureDocuments)
      .values({
        applicationUuid: document.applicationUuid,
        identityUuid: document.identityUuid,
        kind: document.kind,
        position: document.position,
        name: content.name,
        description: content.description,
        storageKey,
        sha256: sha256Of(bytes),
        sizeBytes: bytes.length,
        brandVersion: document.brandVersion,
        createdAt,
      })
      .onConflictDoNothing()
      .returning({ uuid: disclosureDocuments.uuid });
    return row !== undefined;
  });
}
