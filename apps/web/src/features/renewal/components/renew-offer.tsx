import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import type { TApplication, TOffer } from '@pledge/contract';
import {
  appPath,
  applicationEntryRoute,
  COLLATERAL_DISPLAY_NAMES,
  MAX_COLLATERAL_DECIMALS,
  OFFER_INPUT_DEBOUNCE_MS,
  RENEWAL_MESSAGES,
  renewalWarnings,
} from '@pledge/domain';
import { isApiError } from '../../../api/client.js';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { NumericField } from '../../../ui/numeric-field/numeric-field.js';
import { PageHeading } from '../../../ui/page-heading.js';
import { TextField } from '../../../ui/text-field/text-field.js';
import { applicationQueryKey, useApplication } from '../../application/api/get-application.js';
import { PendingData } from '../../application/components/application-load-error.js';
import { displayUsd } from '../../dashboard/display.js';
import { OfferTermRows, OfferTerms } from '../../offer/components/offer-terms.js';
import { offerTermRows } from '../../offer/offer-term-rows.js';
import { useDebouncedValue } from '../../offer/hooks/use-debounced-value.js';
import { selectOffer } from '../../offer/api/select-offer.js';
import { refusalMessage } from '../api/api-message.js';
import { setRenewalTopUp } from '../api/set-renewal-top-up.js';

function RenewalTerms({ offer }: { offer: TOffer }) {
  const rows = offerTermRows(offer);
  return (
    <OfferTermRows
      rows={[
        rows.amount,
        rows.interestRate,
        rows.apr,
        rows.originationFee,
        rows.monthlyPayment,
        rows.term,
        rows.ltv,
        rows.collateral,
      ]}
    />
  );
}

function RenewForm({ application }: { application: TApplication }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const details = application.rollForwardLoanDetails;
  const type = details?.collateral.type ?? 'BTC';
  const savedTopUp = details?.topUpAmount.coinQuantity ?? '0';
  const [topUpText, setTopUpText] = useState(savedTopUp === '0' ? '' : savedTopUp);
  const [topUp] = useDebouncedValue(
    topUpText.trim() === '' ? '0' : topUpText,
    OFFER_INPUT_DEBOUNCE_MS,
  );
  const [topUpError, setTopUpError] = useState<string | null>(null);
  const [isAboveBand, setIsAboveBand] = useState(application.offers.length === 0);

  const pricing = useMutation({
    mutationFn: (quantity: string) => setRenewalTopUp(application.appUuid, quantity),
    onSuccess: (answer) => {
      queryClient.setQueryData(applicationQueryKey(application.appUuid), answer);
      setTopUpError(null);
      setIsAboveBand(answer.offers.length === 0);
    },
    onError: (error) => {
      setTopUpError(refusalMessage(error, 'topUpQuantity'));
      setIsAboveBand(isApiError(error) && error.code === 'LTV_TOO_HIGH');
    },
  });
  const { mutate } = pricing;
  useEffect(() => {
    // Without an offer the server is asked at once: its answer names the coins to add, before
    // anything is typed.
    if (topUp !== savedTopUp || topUpError !== null || application.offers.length === 0) {
      mutate(topUp);
    }
    // Only a settled change of the amount re-prices.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [topUp]);

  const accept = useMutation({
    mutationFn: (offerUuid: string) => selectOffer(application.appUuid, offerUuid),
    onSuccess: (answer) => {
      queryClient.setQueryData(applicationQueryKey(application.appUuid), answer);
      void navigate(appPath(application.appUuid, 'next-steps'));
    },
  });

  const offer = isAboveBand || topUpError !== null ? undefined : application.offers[0];
  const warnings = renewalWarnings({ offerLtvPct: offer?.ltv ?? null, isAboveBand });
  const isPricing = pricing.isPending || topUp !== (topUpText.trim() === '' ? '0' : topUpText);

  return (
    <div className="renew">
      <form className="panel renew__form" onSubmit={(event) => event.preventDefault()}>
        <TextField
          label="Collateral type"
          value={`${COLLATERAL_DISPLAY_NAMES[type]} (${type})`}
          isReadOnly
        />
        <p className="renew__current">
          Your loan holds {details?.collateral.coinQuantity ?? '0'} {type}.
        </p>
        <NumericField
          label={`Additional collateral (${type})`}
          description={
            isAboveBand
              ? 'Coins you add to the collateral your loan already holds: needed to renew at your current loan balance.'
              : 'Coins you add to the collateral your loan already holds (optional).'
          }
          isRequired={isAboveBand}
          suffix={type}
          maxDecimals={MAX_COLLATERAL_DECIMALS}
          value={topUpText}
          onValueChange={setTopUpText}
          error={topUpError}
        />
        <div className="renew__cash">
          <p className="renew__cash-label">Cash to borrow</p>
          <p className="renew__cash-amount">
            {offer === undefined ? '—' : displayUsd(offer.drawAmount)}
          </p>
          <p>{RENEWAL_MESSAGES.noFundsDisbursed}</p>
        </div>
        {warnings.map((warning) => (
          <Alert key={warning} variant="warn">
            {warning}
          </Alert>
        ))}
      </form>
      <OfferTerms
        headingId="renew-terms-heading"
        isUpdating={isPricing}
        updatingText="Updating your offer…"
        terms={offer === undefined ? null : <RenewalTerms offer={offer} />}
        hint={
          isAboveBand
            ? 'Add collateral to see an offer for your renewal.'
            : 'Your renewal offer is on its way.'
        }
      >
        {accept.isError && <Alert variant="error">{refusalMessage(accept.error)}</Alert>}
        <Button
          isLoading={accept.isPending}
          disabled={offer === undefined || isPricing}
          onClick={() => {
            if (offer !== undefined) accept.mutate(offer.uuid);
          }}
        >
          Accept offer
        </Button>
      </OfferTerms>
    </div>
  );
}

/**
 * /{appUuid}/renew: the offer page in renewal mode (document 1 §5): the collateral type locked, the
 * collateral amount the coins added, the cash fixed with 'No new funds will be disbursed', the two
 * warnings and the offer panel. No residency redirect. A renewal past pricing goes where its state
 * leads.
 */
export function RenewOffer() {
  const { appUuid = '' } = useParams();
  const application = useApplication(appUuid);
  if (application.data === undefined) return <PendingData query={application} />;
  const app = application.data;
  if (!app.isRollForward || app.state !== 'CREATED') {
    const entry = applicationEntryRoute(app);
    return (
      <Navigate
        replace
        to={entry === 'dashboard' ? paths.dashboard.getHref() : appPath(appUuid, entry)}
      />
    );
  }
  return (
    <>
      <PageHeading>Renew your loan</PageHeading>
      <RenewForm application={app} />
    </>
  );
}
