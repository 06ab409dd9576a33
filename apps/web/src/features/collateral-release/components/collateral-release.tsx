import { useState } from 'react';
import type {
  TApplication,
  TCollateralInfo,
  TPostCollateralReleaseResponse,
} from '@pledge/contract';
import { PageHeading } from '../../../ui/page-heading.js';
import { FactList } from '../../../ui/fact-list.js';
import { usePageApplication } from '../../application/hooks/use-page-application.js';
import { coinName } from '../../collateral/collateral-display.js';
import { CollateralTransactions } from '../../collateral/components/collateral-transactions.js';
import { useSettledCollateral } from '../api/collateral-release-queries.js';
import { heldAmountText, holdText, RELEASE_TITLE, RETURN_TIMING_TEXT } from '../release-texts.js';
import { releasableAmount, releasePageRedirect, releaseView } from '../release-view.js';
import { ReleaseForm } from './release-form.js';
import { ReleaseStatus } from './release-status.js';
import { CollateralPending } from '../../collateral/components/collateral-load-error.js';

function ReleaseDetails({
  application,
  collateral,
}: {
  application: TApplication;
  collateral: TCollateralInfo;
}) {
  const [answer, setAnswer] = useState<TPostCollateralReleaseResponse | null>(null);
  const type = collateral.requiredCoinAmount.type;
  const held = releasableAmount(collateral);
  const view = releaseView({ stage: application.stage, collateral, answer });
  return (
    <section className="panel collateral-release">
      <PageHeading>{RELEASE_TITLE}</PageHeading>
      <p>
        {collateral.liquidationRemainder === undefined
          ? 'Your loan is paid off. Tell us where to send your collateral back.'
          : 'The sale of part of your collateral repaid your loan in full. Tell us where to send the coins left back.'}
      </p>
      <FactList
        kind="collateral-release__facts"
        facts={[
          { label: 'Coin', value: coinName(type) },
          { label: 'Collateral held', value: heldAmountText(held) },
        ]}
      />
      <section className="collateral-release__section" aria-labelledby="release-timing-heading">
        <h2 id="release-timing-heading">When you get it back</h2>
        <p>{RETURN_TIMING_TEXT}</p>
        <p>{holdText(collateral.payoff)}</p>
      </section>
      {view.kind === 'form' ? (
        <ReleaseForm
          appUuid={application.appUuid}
          held={held}
          lastReleaseFailed={view.lastReleaseFailed}
          onAnswer={setAnswer}
        />
      ) : (
        <ReleaseStatus status={view.status} request={view.request} held={held} />
      )}
      {collateral.wallet !== null && (
        <CollateralTransactions transactions={collateral.wallet.transactions} type={type} />
      )}
    </section>
  );
}

/**
 * /{appUuid}/collateral-release (document 1 §2): the collateral of a paid-off loan, its deposit
 * transactions, when it comes back, and the return address while a release can be asked for. A
 * loan a liquidation closed with nothing owed returns the coins the sale left on the same page.
 * Any other application goes where its entry leads.
 */
export function CollateralRelease() {
  const { appUuid, application: data, standIn } = usePageApplication(releasePageRedirect);
  const collateral = useSettledCollateral(appUuid, { enabled: data !== undefined });

  if (data === undefined) return standIn;
  if (collateral.data === undefined) {
    return (
      <CollateralPending title={RELEASE_TITLE} className="collateral-release" query={collateral} />
    );
  }
  return <ReleaseDetails application={data} collateral={collateral.data} />;
}
