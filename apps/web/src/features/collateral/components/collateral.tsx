import type { TApplication, TCollateralInfo } from '@pledge/contract';
import { collateralPageRedirect, COLLATERAL_DISPLAY_NAMES, toCoinQuantity } from '@pledge/domain';
import { PageHeading } from '../../../ui/page-heading.js';
import { FactList } from '../../../ui/fact-list.js';
import { usePageApplication } from '../../application/hooks/use-page-application.js';
import { useCollateralCalculation } from '../api/get-collateral-calculation.js';
import { useLastSignedAt } from '../api/get-signed-at.js';
import { coinAmountText } from '../collateral-display.js';
import { CollateralConfirmationForm } from './collateral-confirmation-form.js';
import { CollateralDeadline } from './collateral-deadline.js';
import { CollateralNotFound } from './collateral-not-found.js';
import { CollateralTransactions } from './collateral-transactions.js';
import { DepositAddress } from './deposit-address.js';
import { TestDeposit } from './test-deposit.js';
import { CollateralPending } from './collateral-load-error.js';

const TITLE = 'Post collateral';

interface TCollateralDetailsProps {
  application: TApplication;
  collateral: TCollateralInfo;
  isWaitingForWallet: boolean;
  onRetry: () => void;
}

function CollateralDetails({
  application,
  collateral,
  isWaitingForWallet,
  onRetry,
}: TCollateralDetailsProps) {
  const { appUuid, identityUuid } = application;
  const signedAt = useLastSignedAt(appUuid, identityUuid, { enabled: true });
  const { requiredCoinAmount, remainingCoinAmountDue, wallet } = collateral;
  const type = requiredCoinAmount.type;
  return (
    <section className="panel collateral">
      <PageHeading>{TITLE}</PageHeading>
      <p>
        Send your {COLLATERAL_DISPLAY_NAMES[type]} to the deposit address below. Your loan moves on
        once the full amount is confirmed on chain.
      </p>
      <FactList
        kind="collateral__amounts"
        facts={[
          { label: 'Required collateral', value: coinAmountText(requiredCoinAmount) },
          { label: 'Remaining due', value: coinAmountText(remainingCoinAmountDue) },
          ...(wallet === null
            ? []
            : application.isRollForward
              ? // The address holds the loan's own coins too: a renewal counts what came for its top-up.
                [
                  {
                    label: 'Received for your top-up',
                    value: coinAmountText({
                      coinQuantity: toCoinQuantity(requiredCoinAmount.coinQuantity)
                        .minus(toCoinQuantity(remainingCoinAmountDue.coinQuantity))
                        .toFixed(),
                      type,
                    }),
                  },
                ]
              : [
                  {
                    label: 'Received so far',
                    value: coinAmountText(wallet.currentTotalCoinBalance),
                  },
                ]),
        ]}
      />
      <CollateralDeadline signedAt={signedAt.data} />
      <CollateralNotFound collateral={collateral} />
      <DepositAddress
        wallet={wallet}
        type={type}
        isWaitingForWallet={isWaitingForWallet}
        onRetry={onRetry}
      />
      {wallet !== null && (
        <TestDeposit
          appUuid={appUuid}
          minVerifyAmount={collateral.microDepositVerify?.minVerifyAmount ?? null}
          hasOptedIn={collateral.microDepositVerify?.borrowerOptIn ?? false}
        />
      )}
      {wallet !== null && <CollateralTransactions transactions={wallet.transactions} type={type} />}
      <CollateralConfirmationForm
        appUuid={appUuid}
        initialWalletType={collateral.walletSourceType}
      />
    </section>
  );
}

/**
 * /{appUuid}/collateral: where to send the collateral, while it is awaited (document 1 §2, §5). In
 * any other state the borrower goes where the application's state leads.
 */
export function Collateral() {
  const { appUuid, application: data, standIn } = usePageApplication(collateralPageRedirect);
  const calculation = useCollateralCalculation(appUuid, { enabled: data !== undefined });

  if (data === undefined) return standIn;
  if (calculation.data === undefined) {
    return <CollateralPending title={TITLE} className="collateral" query={calculation} />;
  }
  return (
    <CollateralDetails
      application={data}
      collateral={calculation.data}
      isWaitingForWallet={calculation.isWaitingForWallet}
      onRetry={() => void calculation.refetch()}
    />
  );
}
