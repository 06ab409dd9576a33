import type { TCoinAmount, TCollateralReleaseRequest } from '@pledge/contract';
import { useBrand } from '../../../brand/brand-context.js';
import { Alert, type TAlertVariant } from '../../../ui/alert/alert.js';
import { FactList } from '../../../ui/fact-list.js';
import { STATUS_TITLES, statusText } from '../release-texts.js';
import type { TReleaseStatusKind } from '../release-view.js';

const VARIANTS: Record<TReleaseStatusKind, TAlertVariant> = {
  onItsWay: 'success',
  scheduled: 'info',
  pending: 'info',
  processing: 'info',
  noCollateral: 'warn',
  invalidAddress: 'warn',
};

/** A release already asked for: how it stands, the address in full and the request's id. */
export function ReleaseStatus({
  status,
  request,
  held,
}: {
  status: TReleaseStatusKind;
  request: TCollateralReleaseRequest;
  held: TCoinAmount;
}) {
  const { supportPhone } = useBrand();
  return (
    <section className="collateral-release__status" aria-labelledby="release-status-heading">
      <h2 id="release-status-heading" className="visually-hidden">
        Your release request
      </h2>
      <Alert variant={VARIANTS[status]} title={STATUS_TITLES[status]} isLive>
        <p>{statusText(status, held, supportPhone, request.scheduledFor)}</p>
      </Alert>
      <FactList
        kind="collateral-release__facts"
        facts={[
          {
            label: 'Return address',
            value: request.address,
            valueClassName: 'collateral-release__address',
          },
          {
            label: 'Request ID',
            value: request.requestId,
            valueClassName: 'collateral-release__address',
          },
        ]}
      />
    </section>
  );
}
