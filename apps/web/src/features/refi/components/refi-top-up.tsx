import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { TCelsiusTopUpCollateral, TRefinancingApplication } from '@pledge/contract';
import { REFI_TOP_UP_STATES, WALLET_ADDRESS_TIMEOUT_MS } from '@pledge/domain';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { FactList } from '../../../ui/fact-list.js';
import { ScreenLoading } from '../../../ui/layout/app-layout.js';
import { PageHeading } from '../../../ui/page-heading.js';
import { Stepper } from '../../../ui/stepper/stepper.js';
import { coinAmountText, formatDateTime } from '../../collateral/collateral-display.js';
import { CollateralTransactions } from '../../collateral/components/collateral-transactions.js';
import { VerifyButton } from '../../collateral/components/verify-button.js';
import { useVerifyAction, type TVerifyLabels } from '../../collateral/hooks/use-verify-action.js';
import { displayUsd } from '../../dashboard/display.js';
import { formatLtv } from '../../offer/format.js';
import { refusalMessage } from '../../renewal/api/api-message.js';
import { refiApplicationsQueryKey, setCachedRefiApplication } from '../api/refi-applications.js';
import { confirmRefinancing } from '../api/refi-choices.js';
import { refiStateQueryKey, useRefiState } from '../api/refi-state.js';
import { topUpEstimateQueryKey, useTopUpEstimate } from '../api/top-up-estimate.js';
import {
  celsiusLoansName,
  rateChoices,
  TOP_UP_STEPS,
  topUpProgress,
  topUpStepIndex,
} from '../refi-loans.js';
import { RefiApplicationRoute } from './refi-application-route.js';
import type { TRefiListState } from './refi-list.js';
import { RefiDepositAddress } from './refi-deposit-address.js';
import { RefiEnded } from './refi-ended.js';

export const TOP_UP_TITLE = 'Deposit required collateral';

export const TOP_UP_SENT_LABELS: TVerifyLabels = {
  not: 'I have sent my top-up',
  sending: 'Confirming…',
  verified: 'Thanks, we’re watching for it',
  error: 'Error',
};

function Estimate({ estimate }: { estimate: TCelsiusTopUpCollateral }) {
  return (
    <FactList
      kind="collateral__amounts"
      facts={[
        { label: 'Current LTV', value: formatLtv(estimate.currentLtv) },
        { label: 'LTV after your top-up', value: formatLtv(estimate.targetLtv) },
        { label: 'Collateral now', value: coinAmountText(estimate.existingCollateral) },
        {
          label: 'Top-up required',
          value: <strong>{coinAmountText(estimate.topUpCoinAmount)}</strong>,
        },
        {
          label: `Price of 1 ${estimate.existingCollateral.type}`,
          value: (
            <>
              {displayUsd(estimate.valueOfOne)}{' '}
              <span className="field__note">as of {formatDateTime(estimate.priceAsOf)}</span>
            </>
          ),
        },
        ...(estimate.expiresAt === null
          ? []
          : [{ label: 'Deposit by', value: formatDateTime(estimate.expiresAt) }]),
      ]}
    />
  );
}

/** What has arrived and what is still to send, following the deposits as they come. */
function TopUpReceived({ estimate }: { estimate: TCelsiusTopUpCollateral }) {
  const type = estimate.topUpCoinAmount.type;
  const progress = topUpProgress(estimate);
  const isConfirming = progress.confirming !== '0';
  return (
    <FactList
      kind="collateral__amounts"
      className="refi-top-up__received"
      aria-live="polite"
      facts={[
        {
          label: 'Received',
          value: (
            <>
              {progress.received} {type}
              {isConfirming && (
                <span className="field__note">
                  {' '}
                  and {progress.confirming} {type} confirming
                </span>
              )}
            </>
          ),
        },
        {
          label: 'Still to send',
          value: (
            <strong>
              {progress.remaining} {type}
            </strong>
          ),
        },
      ]}
    />
  );
}

/** Logs (and only logs) an address that has not arrived in WALLET_ADDRESS_TIMEOUT_MS (§8). */
function useWalletAddressTimeout(isAwaited: boolean) {
  useEffect(() => {
    if (!isAwaited) return;
    const timer = setTimeout(() => {
      console.error(`The deposit address did not arrive within ${WALLET_ADDRESS_TIMEOUT_MS} ms`);
    }, WALLET_ADDRESS_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [isAwaited]);
}

function TopUp({
  identityUuid,
  app,
  offerUuid,
  applications,
}: {
  identityUuid: string;
  app: TRefinancingApplication;
  offerUuid: string;
  applications: readonly TRefinancingApplication[];
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { appUuid } = app;
  // From "I have sent" until its status is re-fetched, the state is not polled (document 2 §4).
  const [isVerifying, setIsVerifying] = useState(false);
  const refiState = useRefiState(appUuid, { enabled: true, isPaused: isVerifying });
  const state = refiState.data?.state ?? app.state;
  const isRequested = REFI_TOP_UP_STATES.includes(state);
  const estimate = useTopUpEstimate(appUuid, offerUuid, {
    enabled: state !== 'CANCELLED',
    isTopUpRequested: isRequested,
  });
  const wallet = estimate.data?.wallet ?? null;
  useWalletAddressTimeout(isRequested && estimate.data !== undefined && wallet === null);

  // A new state (a deposit seen, the full amount in) is written into the cached list at once, so
  // the next page (the disclosures) opens on it rather than on the state before, then the list
  // and the estimate are read again.
  const seenState = useRef(state);
  const polled = refiState.data;
  useEffect(() => {
    if (seenState.current === state) return;
    seenState.current = state;
    if (polled !== undefined && polled.state === state) {
      setCachedRefiApplication(queryClient, identityUuid, {
        ...app,
        state: polled.state,
        stage: polled.stage,
      });
    }
    void queryClient.invalidateQueries({ queryKey: refiApplicationsQueryKey(identityUuid) });
    void queryClient.invalidateQueries({ queryKey: topUpEstimateQueryKey(appUuid, offerUuid) });
  }, [app, appUuid, identityUuid, offerUuid, polled, queryClient, state]);

  const request = useMutation({
    mutationFn: () => confirmRefinancing(appUuid, offerUuid),
    onSuccess: (answer) => {
      setCachedRefiApplication(queryClient, identityUuid, answer);
      queryClient.setQueryData(refiStateQueryKey(appUuid), {
        state: answer.state,
        stage: answer.stage,
      });
    },
    onError: (error) => {
      // The prior state stays as it was; back to the list, which says why (document 2 §8).
      const back: TRefiListState = {
        title: 'Your top-up was not requested',
        error: refusalMessage(error),
      };
      void navigate(paths.refinance.list.getHref(), { state: back });
    },
  });
  const sent = useVerifyAction({
    action: async () => {
      setIsVerifying(true);
      try {
        const answer = await confirmRefinancing(appUuid, offerUuid, true);
        setCachedRefiApplication(queryClient, identityUuid, answer);
      } catch (error) {
        setIsVerifying(false);
        throw error;
      }
    },
    onVerified: () => {
      void refiState.refetch().finally(() => setIsVerifying(false));
    },
  });

  const stepIndex = topUpStepIndex(state);
  const type =
    estimate.data?.existingCollateral.type ?? app.selectedOffer?.collateral.type ?? 'BTC';
  if (state === 'CANCELLED') {
    // Nothing is to deposit any more: the page is about the ended refinancing and its coins.
    return (
      <section className="panel collateral refi-top-up">
        <PageHeading>Refinancing of {celsiusLoansName(app.celsiusLoanNumbers)}</PageHeading>
        <RefiEnded identityUuid={identityUuid} app={app} applications={applications} />
      </section>
    );
  }
  return (
    <section className="panel collateral refi-top-up">
      <PageHeading>{TOP_UP_TITLE}</PageHeading>
      <p>
        Your {celsiusLoansName(app.celsiusLoanNumbers)} needs more collateral for this offer. The
        top-up brings its LTV down to the rate’s limit.
      </p>
      {stepIndex >= 0 && (
        <Stepper steps={TOP_UP_STEPS} currentIndex={stepIndex} label="Top-up progress" />
      )}
      <section className="collateral__section" aria-labelledby="refi-estimate-heading">
        <h2 id="refi-estimate-heading">Your top-up estimate</h2>
        {estimate.data !== undefined ? (
          <Estimate estimate={estimate.data} />
        ) : estimate.isError ? (
          <Alert variant="error" title="We couldn’t calculate your top-up">
            {estimate.error.message}
          </Alert>
        ) : (
          <ScreenLoading />
        )}
      </section>
      {!isRequested && stepIndex < 0 && (
        <div className="page-actions">
          <Button isLoading={request.isPending} onClick={() => request.mutate()}>
            Continue to deposit
          </Button>
          <Link className="button button--secondary" to={paths.refinance.list.getHref()}>
            Back to your loans
          </Link>
        </div>
      )}
      {(state === 'CELSIUS_TOP_UP_REQUESTED' || state === 'CELSIUS_WAITING_FOR_TOP_UP') && (
        <>
          <RefiDepositAddress wallet={wallet} type={type} />
          {wallet !== null && estimate.data !== undefined && (
            <>
              <section className="collateral__section" aria-labelledby="refi-received-heading">
                <h2 id="refi-received-heading">Your top-up so far</h2>
                <TopUpReceived estimate={estimate.data} />
              </section>
              <CollateralTransactions transactions={wallet.transactions} type={type} />
            </>
          )}
          <section className="collateral__section" aria-labelledby="refi-sent-heading">
            <h2 id="refi-sent-heading">Sent your top-up?</h2>
            {state === 'CELSIUS_TOP_UP_REQUESTED' ? (
              <>
                <p id="refi-sent-note" className="field__note">
                  Tell us once you have sent it; this page follows the deposit until it is
                  confirmed.
                </p>
                <VerifyButton
                  state={sent.state}
                  labels={TOP_UP_SENT_LABELS}
                  describedBy="refi-sent-note"
                  onClick={() => void sent.run()}
                />
              </>
            ) : (
              <p role="status">
                We’re watching for your deposit. This page updates once it is confirmed on chain.
              </p>
            )}
          </section>
        </>
      )}
      {state === 'CELSIUS_FULL_COLLATERAL_RECEIVED' && (
        <Alert variant="success" title="Full collateral received" isLive>
          <p>Your top-up has arrived. Review and sign your disclosures to finish.</p>
          <Link className="button" to={paths.refinance.disclosures.getHref(appUuid, offerUuid)}>
            Review Loan Agreement
          </Link>
        </Alert>
      )}
      {(state === 'WAITING_FOR_COLLATERAL' || state === 'COMPLETE') && (
        <Alert variant="success" title="Your top-up is complete" isLive>
          <p>
            {state === 'COMPLETE' ? 'Your loan is refinanced.' : 'We are setting up your new loan.'}{' '}
            <Link to={paths.refinance.list.getHref()}>See your Celsius loans</Link>
          </p>
        </Alert>
      )}
    </section>
  );
}

/**
 * /celsius-refi/{appUuid}/{offerUuid}/collateral-top-up (document 2 §2, §4): the top-up estimate;
 * once requested the deposit address, the tracker through the CELSIUS states and 'I have sent my
 * top-up'; then the way to the disclosures.
 */
export function RefiTopUp() {
  return (
    <RefiApplicationRoute
      title={TOP_UP_TITLE}
      hasOffer={(app, offerUuid) => rateChoices(app).some((offer) => offer.uuid === offerUuid)}
    >
      {(page) => <TopUp {...page} />}
    </RefiApplicationRoute>
  );
}
