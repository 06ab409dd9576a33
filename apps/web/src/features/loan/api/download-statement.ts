import {
  getServicingLiquidationStatement,
  getServicingStatement,
  type TLiquidation,
  type TStatementSummary,
} from '@pledge/contract';
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

/** The day a liquidation sold, for its file name ("liquidation-2025-02-12.pdf"). */
function liquidationDay(liquidation: Pick<TLiquidation, 'fill' | 'createdAt'>): string {
  return (liquidation.fill?.executedAt ?? liquidation.createdAt).slice(0, 10);
}

export function liquidationStatementFileName(
  liquidation: Pick<TLiquidation, 'fill' | 'createdAt'>,
): string {
  return `liquidation-${liquidationDay(liquidation)}.pdf`;
}

/** Fetches a liquidation's statement (what was sold, at what price, and why) and saves it. */
export async function downloadLiquidationStatement(
  loanUuid: string,
  liquidation: Pick<TLiquidation, 'liquidationUuid' | 'fill' | 'createdAt'>,
): Promise<void> {
  const bytes = await apiRequest(getServicingLiquidationStatement, {
    params: { loanUuid, liquidationUuid: liquidation.liquidationUuid },
  });
  saveFile(new Uint8Array(bytes), liquidationStatementFileName(liquidation), 'application/pdf');
}
