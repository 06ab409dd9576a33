/** A statement's PDF, for its borrower only (404 for anyone else, or before it is rendered). */
import { and, eq } from 'drizzle-orm';
import type { TEncryptedStore } from '../../adapters/storage/encrypted.js';
import type { TDb } from '../../db/pool.js';
import { servicingStatements } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { loadLoan } from './servicing-record.js';

export async function readStatement(
  deps: { db: TDb; store: TEncryptedStore },
  input: { identityUuid: string; loanUuid: string; statementUuid: string },
): Promise<{ bytes: Buffer; fileName: string }> {
  await loadLoan(deps.db, input.loanUuid, { identityUuid: input.identityUuid });
  const [statement] = await deps.db
    .select()
    .from(servicingStatements)
    .where(
      and(
        eq(servicingStatements.uuid, input.statementUuid),
        eq(servicingStatements.loanUuid, input.loanUuid),
      ),
    );
  const notFound = new HttpError(404, 'STATEMENT_NOT_FOUND', 'Statement not found');
  if (statement?.pdfKey == null) throw notFound;
  const bytes = await deps.store.get(statement.pdfKey);
  if (bytes === null) throw notFound;
  return { bytes, fileName: `statement-${statement.cycleDate}.pdf` };
}
