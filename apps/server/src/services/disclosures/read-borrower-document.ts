/** The PDF bytes of one of the caller's disclosures, checked against the SHA-256 recorded for it. */
import { and, eq } from 'drizzle-orm';
import { disclosureDocuments } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TDocumentDeps } from './disclosure-record.js';
import { isDisclosureDocumentKind } from './disclosure-texts.js';
import { assertOwnBorrowerPath, type TBorrowerDocumentsInput } from './list-borrower-documents.js';
import { readDisclosurePdf } from './store-disclosure-document.js';

export function documentNotFound(): HttpError {
  return new HttpError(404, 'NOT_FOUND', 'Document not found');
}

/** The download name: the kind's file name, or a neutral one. */
function downloadName(kind: string): string {
  if (!isDisclosureDocumentKind(kind)) return 'document.pdf';
  return kind.toLowerCase().replaceAll('_', '-') + '.pdf';
}

export async function readBorrowerDocument(
  deps: Pick<TDocumentDeps, 'db' | 'store'>,
  input: TBorrowerDocumentsInput & { docUuid: string },
): Promise<{ bytes: Buffer; fileName: string }> {
  await assertOwnBorrowerPath(deps.db, input);
  const [row] = await deps.db
    .select()
    .from(disclosureDocuments)
    .where(
      and(
        eq(disclosureDocuments.uuid, input.docUuid),
        eq(disclosureDocuments.applicationUuid, input.appUuid),
        eq(disclosureDocuments.identityUuid, input.identityUuid),
      ),
    );
  if (row === undefined) throw documentNotFound();
  const bytes = await readDisclosurePdf(deps.store, row);
  return { bytes, fileName: downloadName(row.kind) };
}
