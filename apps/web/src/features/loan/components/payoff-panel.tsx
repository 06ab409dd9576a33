import { useState, type FormEvent } from 'react';
import type { TPayoffQuote, TServicingLoan } from '@pledge/contract';
import { CRYPTO_HOLD_AFTER_ACH_PAYOFF_DAYS, formatUsd, payoffPendingNotice } from '@pledge/domain';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { newIdempotencyKey } from '../api/idempotency-key.js';
import { usePayoff, usePayoffQuote } from '../api/loan-mutations.js';
import { refusalMessage } from '../api/refusal.js';
import { displayDate, displayDateTime } from '../loan-dates.js';
import { loanActions } from '../loan-view.js';
import { useSingleFlight } from '../use-single-flight.js';
import { ConfirmDialog } from '../../../ui/confirm-dialog/confirm-dialog.js';
import { LoanBreakdown, LoanSection, type TLoanFact } from './loan-facts.js';

/** The lines of a quote, each part of what pays the loan off, then the total. */
export function payoffLines(quote: TPayoffQuote): TLoanFact[] {
  const { breakdown } = quote;
  return [
    { label: 'Principal', value: formatUsd(breakdown.principalCents) },
    { label: 'Origination fee', value: formatUsd(breakdown.originationFeeCents) },
    { label: 'Deferred interest', value: formatUsd(breakdown.deferredInterestCents) },
    {
      label: `Interest to ${displayDate(quote.payoffDate)}`,
      value: formatUsd(breakdown.accruedInterestCents),
    },
    { label: 'Fees', value: formatUsd(breakdown.feesCents) },
    { label: 'Prepayment penalty', value: formatUsd(breakdown.prepaymentPenaltyCents) },
    { label: 'Payoff amount', value: formatUsd(quote.amountCents), isTotal: true },
  ];
}

function PayoffDialog({
  loan,
  quote,
  onClose,
}: {
  loan: TServicingLoan;
  quote: TPayoffQuote;
  onClose: () => void;
}) {
  const payoff = usePayoff(loan.loanUuid);
  const submitOnce = useSingleFlight();
  // One payoff per confirmation, however often it is clicked.
  const [key] = useState(newIdempotencyKey);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submitOnce((done) => payoff.mutate({ quoteUuid: quote.quoteUuid, key }, { onError: done }));
  }

  const hasPendingPayments = (quote.pendingPaymentsCents ?? 0) > 0;
  const account =
    loan.debitAccount === null
      ? 'your linked bank account'
      : `${loan.debitAccount.name} ····${loan.debitAccount.mask}`;
  return (
    <ConfirmDialog
      formId="loan-payoff-form"
      title="Pay off your loan"
      description={`${formatUsd(quote.amountCents)} is debited from ${account} by ACH.`}
      confirmLabel={`Pay off ${formatUsd(quote.amountCents)}`}
      isPending={payoff.isPending}
      error={payoff.isError ? refusalMessage(payoff.error) : null}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <p className="loan-dialog-facts">
        Once it is paid your loan closes, and you can ask for your collateral back once your bank
        has settled the payoff{hasPendingPayments ? ' and the payments it counts' : ''}. After an
        ACH payoff the crypto is held for {CRYPTO_HOLD_AFTER_ACH_PAYOFF_DAYS} days before it is
        returned.
      </p>
    </ConfirmDialog>
  );
}

/**
 * The payoff: a quote (amount, breakdown, valid until, and the payments in it the bank may still
 * return), then paying it.
 */
export function PayoffPanel({ loan }: { loan: TServicingLoan }) {
  const quote = usePayoffQuote(loan.loanUuid);
  const [isConfirming, setIsConfirming] = useState(false);
  const pendingNotice =
    quote.data === undefined ? null : payoffPendingNotice(quote.data.pendingPaymentsCents ?? 0);
  // Without a bank account to debit, the quote is paid by wire (the instructions are on the page).
  const { canPay: canPayByAch } = loanActions(loan);
  const wire = loan.paymentOptions.wire;

  return (
    <LoanSection id="payoff" title="Pay off your loan">
      <p>There is no prepayment penalty. A quote holds the amount that pays the loan off.</p>
      {quote.data !== undefined && (
        <>
          <LoanBreakdown lines={payoffLines(quote.data)} />
          <p>Valid until {displayDateTime(quote.data.validUntil)}.</p>
          {pendingNotice !== null && <Alert>{pendingNotice}</Alert>}
          {!canPayByAch && wire !== null && (
            <p>
              To pay it off, wire {formatUsd(quote.data.amountCents)} before then, quoting the
              reference <strong>{wire.reference}</strong>, to the account under{' '}
              <a href="#loan-section-pay-by-wire">Pay by wire</a>.
            </p>
          )}
        </>
      )}
      {quote.isError && <Alert variant="error">{refusalMessage(quote.error)}</Alert>}
      <div className="loan-actions">
        {quote.data !== undefined && canPayByAch && (
          <Button isFullWidth={false} aria-haspopup="dialog" onClick={() => setIsConfirming(true)}>
            Pay off {formatUsd(quote.data.amountCents)}
          </Button>
        )}
        <Button
          variant={quote.data === undefined ? 'primary' : 'secondary'}
          isFullWidth={false}
          isLoading={quote.isPending}
          onClick={() => quote.mutate()}
        >
          {quote.data === undefined ? 'Get a payoff quote' : 'Get a new quote'}
        </Button>
      </div>
      {isConfirming && canPayByAch && quote.data !== undefined && (
        <PayoffDialog loan={loan} quote={quote.data} onClose={() => setIsConfirming(false)} />
      )}
    </LoanSection>
  );
}
