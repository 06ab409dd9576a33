/**
 * The optional test deposit (document 1 §3 microDepositVerify): before sending everything, the
 * borrower may send a small amount to check the address; it is verified once a confirmed deposit
 * of at least the minimum arrived.
 */
import type { TMicroDepositStatus } from '@pledge/contract';
import {
  MICRO_DEPOSIT_MIN_VERIFY_COINS,
  toCoinQuantity,
  type TCollateralType,
} from '@pledge/domain';
import type { TCollateralRecords } from './collateral-record.js';

export function minVerifyCoinQuantity(type: TCollateralType): string {
  return MICRO_DEPOSIT_MIN_VERIFY_COINS[type];
}

/**
 * `since`: only deposits first seen from then on verify (a renewal's address already holds the
 * loan's coins).
 */
export function microDepositStatusOf(
  type: TCollateralType,
  records: TCollateralRecords,
  options: { since?: Date } = {},
): TMicroDepositStatus {
  const minimum = minVerifyCoinQuantity(type);
  const optedInAt = records.account?.microDepositOptedInAt ?? null;
  const since = options.since?.getTime() ?? Number.NEGATIVE_INFINITY;
  const verifying = records.deposits
    .filter(
      (deposit) =>
        deposit.confirmedAt !== null &&
        deposit.firstSeenAt.getTime() >= since &&
        toCoinQuantity(deposit.amount).gte(toCoinQuantity(minimum)),
    )
    .map((deposit) => deposit.confirmedAt)
    .filter((at): at is Date => at !== null)
    .sort((a, b) => a.getTime() - b.getTime());
  const verifiedAt = optedInAt === null ? undefined : verifying[0];
  return {
    status: optedInAt === null ? 'NOT_REQUESTED' : verifiedAt ? 'VERIFIED' : 'AWAITING_DEPOSIT',
    borrowerOptIn: optedInAt !== null,
    minVerifyAmount: { coinQuantity: minimum, type },
    verifiedAt: verifiedAt?.toISOString() ?? null,
  };
}
