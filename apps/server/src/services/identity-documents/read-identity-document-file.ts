/**
 * The decrypted bytes of an uploaded ID, for an agent's review, under a name the server chose
 * (`identity-document-<uuid>.pdf`) and the type that was decoded: never the name the borrower's
 * device gave it, which could make a browser treat it as something else.
 */
import { and, eq } from 'drizzle-orm';
import { identityDocuments } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TIdentityDocumentDeps } from './identity-document-record.js';

export async function readIdentityDocumentFile(
  deps: Pick<TIdentityDocumentDeps, 'db' | 'store'>,
  input: { appUuid: string; documentUuid: string },
): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
  const [row] = await deps.db
    .select()
    .from(identityDocuments)
    .where(
      and(
        eq(identityDocuments.uuid, input.documentUuid),
        eq(identityDocuments.applicationUuid, input.appUuid),
      ),
    );
  if (row === undefined) throw new HttpError(404, 'NOT_FOUND', 'Document not found');
  const bytes = await deps.store.get(row.storageKey);
  if (bytes === null)
    throw new Error(`The stored file of identity document ${row.uuid} is missing`);
  return { bytes, contentType: row.contentType, fileName: downloadFileName(row) };
}

const EXTENSION_BY_CONTENT_TYPE: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'application/pdf': 'pdf',
};

export function downloadFileName(row: { uuid: string; contentType: string }): string {
  const extension = EXTENSION_BY_CONTENT_TYPE[row.contentType] ?? 'bin';
  return `identity-document-${row.uuid}.${extension}`;
}
