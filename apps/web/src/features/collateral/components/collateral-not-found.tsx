import type { TCollateralInfo } from '@pledge/contract';
import { isCollateralNotFound } from '@pledge/domain';
import { useBrand } from '../../../brand/brand-context.js';
import { Alert } from '../../../ui/alert/alert.js';

/** Document 1 §8, with the brand's support phone. */
export function collateralNotFoundMessage(supportPhone: string): string {
  return `Verify that the collateral was sent to the wallet address provided. We have been unable to locate your transaction. If you believe the transaction was sent, contact support at ${supportPhone}.`;
}

/**
 * 'Collateral not found': nothing has arrived a day after the borrower said they sent it (the
 * domain rule decides).
 */
export function CollateralNotFound({
  collateral,
  now = new Date(),
}: {
  collateral: TCollateralInfo | null;
  now?: Date;
}) {
  const { supportPhone } = useBrand();
  if (collateral === null) return null;
  const isNotFound = isCollateralNotFound({
    balance: collateral.wallet?.currentTotalCoinBalance.coinQuantity ?? null,
    optInAt: collateral.borrowerConfirmedAt,
    now,
  });
  if (!isNotFound) return null;
  return (
    <Alert
      variant="warn"
      title="We haven’t found your collateral yet"
      className="collateral-not-found"
    >
      <p>{collateralNotFoundMessage(supportPhone)}</p>
    </Alert>
  );
}
