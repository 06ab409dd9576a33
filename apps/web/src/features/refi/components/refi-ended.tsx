import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TRefiCoinReturn, TRefinancingApplication } from '@pledge/contract';
import {
  applicationEndWords,
  INVALID_RETURN_ADDRESS_MESSAGE,
  makeReturnAddressSchema,
  toCoinQuantity,
  type TCollateralType,
} from '@pledge/domain';
import { isApiError } from '../../../api/client.js';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { coinAmountText, formatDateTime } from '../../collateral/collateral-display.js';
import { CollateralTransactions } from '../../collateral/components/collateral-transactions.js';
import {
  ReturnAddressConfirm,
  ReturnAddressForm,
  useReturnAddressEntry,
} from '../../collateral/components/return-address-form.js';
import { refusalMessage } from '../../renewal/api/api-message.js';
import { setCachedRefiApplication } from '../api/refi-applications.js';
import { requestRefiCoinReturn } from '../api/refi-coin-return.js';
import { celsiusLoansName } from '../refi-loans.js';

export const COIN_RETURN_BUTTON = 'Return my coins';

/** "0.5 ETH" and, when some are still confirming, "0.5 ETH (and 0.1 ETH still confirming)". */
export function coinsSentText(coins: TRefiCoinReturn): string {
  const confirming = toCoinQuantity(coins.confirming.coinQuantity);
  return confirming.isZero()
    ? coinAmountText(coins.confirmed)
    : `${coinAmountText(coins.confirmed)} (and ${coinAmountText(coins.confirming)} still confirming)`;
}

function CoinReturnForm({
  identityUuid,
  appUuid,
  type,
}: {
  identityUuid: string;
  appUuid: string;
  type: TCollateralType;
}) {
  const queryClient = useQueryClient();
  // The same check as the server's: present, and an address of the coin's chain.
  const entry = useReturnAddressEntry({
    check: (input) => makeReturnAddressSchema(type).safeParse(input),
    fallbackMessage: INVALID_RETURN_ADDRESS_MESSAGE,
    onChecked: () => mutation.reset(),
  });
  const { confirming } = entry;
  const mutation = useMutation({
    mutationFn: (returnAddress: string) => requestRefiCoinReturn(appUuid, returnAddress),
    onSuccess: (answer) => {
      entry.closeConfirmation();
      setCachedRefiApplication(queryClient, identityUuid, answer);
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'INVALID_RETURN_ADDRESS') {
        entry.refuse(refusalMessage(error, 'returnAddress'));
      }
    },
  });

  return (
    <>
      <ReturnAddressForm
        className="refi-ended__form"
        label={`Return address (${type})`}
        type={type}
        submitLabel={COIN_RETURN_BUTTON}
        {...entry.form}
      />
      {confirming !== null && (
        <ReturnAddressConfirm
          title="Return your coins to this address?"
          description={`Every ${type} this refinancing received goes to this address.`}
          address={confirming}
          addressClassName="refi-ended__address"
          confirmLabel={COIN_RETURN_BUTTON}
          isPending={mutation.isPending}
          error={mutation.isError ? refusalMessage(mutation.error) : null}
          onConfirm={() => {
            if (!mutation.isPending) mutation.mutate(confirming);
          }}
          onBack={entry.closeConfirmation}
        />
      )}
    </>
  );
}

function CoinReturn({
  identityUuid,
  app,
  coins,
  applications,
}: {
  identityUuid: string;
  app: TRefinancingApplication;
  coins: TRefiCoinReturn;
  applications: readonly TRefinancingApplication[];
}) {
  const type = coins.confirmed.type;
  switch (coins.status) {
    case 'AWAITING_ADDRESS':
      return (
        <>
          <p>
            You sent {coinsSentText(coins)} for this refinancing. Nothing is lost: choose where they
            go.
          </p>
          <ul className="refi-ended__choices">
            <li>
              <strong>Get them back.</strong> Give the address of your {type} wallet below. Two of
              our team check the request and send every coin that arrived back to it, usually within
              1 business day.
            </li>
            <li>
              <strong>Use them for a new refinancing.</strong>{' '}
              <Link to={paths.refinance.list.getHref()}>Look the loan up again</Link> and submit it
              before giving an address, whichever offer you choose: the coins then count toward it
              (toward its top-up, when it asks one), on the same deposit address.
            </li>
          </ul>
          <CoinReturnForm identityUuid={identityUuid} appUuid={app.appUuid} type={type} />
        </>
      );
    case 'REQUESTED':
      return (
        <Alert variant="info" title="Your coins are being returned" isLive>
          <p>
            We’re returning {coinsSentText(coins)} to{' '}
            <code className="refi-ended__address">{coins.returnAddress}</code>
            {coins.requestedAt === null
              ? ''
              : `, asked for on ${formatDateTime(coins.requestedAt)}`}
            . This usually takes 1 business day. To change the address, contact support.
          </p>
        </Alert>
      );
    case 'RETURNED':
      return (
        <Alert variant="success" title="Your coins were returned">
          <p>
            {coins.returned === null ? 'Your coins' : coinAmountText(coins.returned)} went back to{' '}
            <code className="refi-ended__address">{coins.returnAddress}</code>
            {coins.returnedAt === null ? '' : ` on ${formatDateTime(coins.returnedAt)}`}.
            {coins.transactionHash === null ? '' : ` Transaction: ${coins.transactionHash}.`}
          </p>
        </Alert>
      );
    case 'CARRIED_OVER': {
      const next = applications.find((candidate) => candidate.appUuid === coins.carriedToAppUuid);
      const offerUuid = next?.selectedOffer?.uuid;
      const hasTopUp = toCoinQuantity(
        next?.rollForwardLoanDetails?.topUpAmount.coinQuantity ?? '0',
      ).gt(0);
      return (
        <Alert variant="info" title="Your coins count toward your new refinancing">
          {hasTopUp ? (
            <p>
              The coins you sent count toward the top-up of your new refinancing of the same loan.{' '}
              {next !== undefined && offerUuid !== undefined ? (
                <Link to={paths.refinance.collateralTopUp.getHref(next.appUuid, offerUuid)}>
                  See its top-up
                </Link>
              ) : (
                <Link to={paths.refinance.list.getHref()}>See your Celsius loans</Link>
              )}
            </p>
          ) : (
            <p>
              The coins you sent count toward your new refinancing of the same loan: it needs no
              top-up, and they are held with it on the same deposit address.{' '}
              <Link to={paths.refinance.list.getHref()}>See your Celsius loans</Link>
            </p>
          )}
        </Alert>
      );
    }
  }
}

/**
 * An ended refinancing (document 2 §9's 14 days ran out, or support cancelled it): what happened,
 * what the borrower can do, and where the coins already sent go.
 */
export function RefiEnded({
  identityUuid,
  app,
  applications,
}: {
  identityUuid: string;
  app: TRefinancingApplication;
  applications: readonly TRefinancingApplication[];
}) {
  const words = applicationEndWords(app.ending ?? { reason: 'BY_SUPPORT' }, {
    isRollForward: false,
    isCelsiusRefi: true,
  });
  const coins = app.coinReturn;
  const transactions = app.collateral?.wallet?.transactions ?? [];
  return (
    <>
      <Alert variant="warn" title={words.title}>
        <p>
          {words.whatHappened}
          {app.ending === undefined ? '' : ` It ended on ${formatDateTime(app.ending.at)}.`}
        </p>
        <p>{words.whatToDo}</p>
        <Link className="button button--secondary" to={paths.refinance.list.getHref()}>
          Look up {celsiusLoansName(app.celsiusLoanNumbers)} again
        </Link>
      </Alert>
      {coins !== undefined && (
        <section className="collateral__section" aria-labelledby="refi-coins-heading">
          <h2 id="refi-coins-heading">The coins you sent</h2>
          <CoinReturn
            identityUuid={identityUuid}
            app={app}
            coins={coins}
            applications={applications}
          />
          {transactions.length > 0 && coins.status !== 'CARRIED_OVER' && (
            <CollateralTransactions transactions={transactions} type={coins.confirmed.type} />
          )}
        </section>
      )}
    </>
  );
}
