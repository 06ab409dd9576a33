/** The payout destination of one of the caller's applications, as a payout page shows it again. */
import type { TGetDisbursementResponse } from '@pledge/contract';
import { eq } from 'drizzle-orm';
import { disbursementAccounts } from '../../db/schema/index.js';
import { findOwnedApplication } from '../applications/application-record.js';
import { toDisbursementView, type TDisbursementDeps } from './disbursement-record.js';

export async function getSavedDisbursement(
  deps: Pick<TDisbursementDeps, 'db' | 'cipher'>,
  input: { identityUuid: string; appUuid: string },
): Promise<TGetDisbursementResponse> {
  await findOwnedApplication(deps.db, input.identityUuid, input.appUuid);
  const [row] = await deps.db
    .select()
    .from(disbursementAccounts)
    .where(eq(disbursementAccounts.applicationUuid, input.appUuid))
    .limit(1);
  return { disbursement: row === undefined ? null : toDisbursementView(deps.cipher, row) };
}
