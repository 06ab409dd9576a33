import { getServicingStatement, type TStatementSummary } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';
import { saveFile } from '../../documents/api/download-document.js';

/** "statement-2025-02-10.pdf": one file per cycle, sorted by date in a folder. */
export function statementFileName(statement: Pick<TStatementSummary, 'cycleDate'>): string {
  return `statement-${statement.cycleDate}.pdf`;
}

/** Fetches a monthly statement's PDF and saves it. */
export async function downloadStatement(
  loanUuid: string,
  statement: Pick<TStatementSummary, 'statementUuid' | 'cycleDate'>,
): Promise<void> {
  const bytes = await apiRequest(getServicingStatement, {
    params: { loanUuid, statementUuid: statement.statementUuid },
  });
  saveFile(new Uint8Array(bytes), statementFileName(statement), 'application/pdf');
}
