/**
 * A borrower's change to their own loan (autopay, a deferral): made under the loan's lock, so that
 * two requests change it in turn, and answered with the loan as it is afterwards.
 */
import type { TServicingLoan } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { buildServicingLoan, type TServicingViewDeps } from './get-servicing-loan.js';
import { loadLoan, type TLoanContext } from './servicing-record.js';

export async function changeOwnLoan(
  deps: TServicingViewDeps,
  owner: { identityUuid: string; loanUuid: string },
  change: (tx: TDb, context: TLoanContext) => Promise<void>,
): Promise<TServicingLoan> {
  await deps.db.transaction(async (tx) => {
    const context = await loadLoan(tx, owner.loanUuid, {
      identityUuid: owner.identityUuid,
      forUpdate: true,
    });
    await change(tx, context);
  });
  return buildServicingLoan(deps, await loadLoan(deps.db, owner.loanUuid));
}
