/** The decrypted bytes of an uploaded ID, for an agent's review. */
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
  return { bytes, contentType: row.contentType, fileName: row.fileName };
}
