/**
 * The collateral of a renewal that has not completed: its coins are on its loan's own address (the
 * loan's account and deposits, which the renewal takes over when it completes), while what the
 * borrower says on the renewal's collateral page ("I have sent", the wallet type, the test deposit)
 * is the renewal's own. A test deposit is a deposit first seen after the renewal opened: the coins
 * the loan already held never verify it.
 */
import { DEFAULT_WALLET_SOURCE_TYPE } from '@pledge/domain';
import type { TDb } from '../../db/pool.js';
import type { TApplicationRow } from '../applications/application-record.js';
import {
  loadCollateralRecords,
  type TCollateralAccountRow,
  type TCollateralRecords,
} from '../collateral/collateral-record.js';

/** The loan whose address holds a renewal's coins until it completes; null for any other case. */
export function renewedLoanHolding(
  application: Pick<TApplicationRow, 'isRollForward' | 'state' | 'renewsApplicationUuid'>,
): string | null {
  if (!application.isRollForward || application.state === 'COMPLETE') return null;
  return application.renewsApplicationUuid;
}

/** The renewal's choices on the loan's address: its own account, with the loan's address. */
function renewalAccount(
  renewalUuid: string,
  own: TCollateralAccountRow | undefined,
  loan: TCollateralAccountRow | undefined,
): TCollateralAccountRow | undefined {
  if (loan === undefined) return own;
  const address = { derivationIndex: loan.derivationIndex, depositAddress: loan.depositAddress };
  if (own !== undefined) return { ...own, ...address };
  // Nothing said yet on the renewal's page: none of the loan's own answers stand for it.
  return {
    ...loan,
    applicationUuid: renewalUuid,
    walletSourceType: DEFAULT_WALLET_SOURCE_TYPE,
    borrowerConfirmedAt: null,
    microDepositOptedInAt: null,
    fundedAt: null,
  };
}

export interface TRenewalCollateral {
  records: TCollateralRecords;
  /** Deposits first seen from then on may verify the renewal's test deposit. */
  testDepositSince: Date;
}

/** The collateral records a waiting renewal shows, from its loan's address and its own choices. */
export async function loadRenewalCollateral(
  db: TDb,
  renewal: Pick<TApplicationRow, 'uuid' | 'createdAt'>,
  loanUuid: string,
): Promise<TRenewalCollateral> {
  const records = await loadCollateralRecords(db, [renewal.uuid, loanUuid]);
  const own = records.get(renewal.uuid);
  const loan = records.get(loanUuid);
  return {
    records: {
      account: renewalAccount(renewal.uuid, own?.account, loan?.account),
      // Deposits recorded on the renewal itself (an address derived for it by an earlier release)
      // count as well.
      deposits: [...(loan?.deposits ?? []), ...(own?.deposits ?? [])],
      releases: [],
    },
    testDepositSince: renewal.createdAt,
  };
}
