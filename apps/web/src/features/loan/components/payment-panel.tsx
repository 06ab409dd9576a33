import { useState, type FormEvent } from 'react';
import type { TDeferralPreview, TServicingLoan, TServicingPayment } from '@pledge/contract';
import { formatUsd } from '@pledge/domain';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { NumericField } from '../../../ui/numeric-field/numeric-field.js';
import { fieldRefusal, refusalMessage } from '../api/refusal.js';
import { newIdempotencyKey } from '../api/idempotency-key.js';
import {
  useDeferral,
  useDeferralPreview,
  usePayment,
  useSetAutopay,
} from '../api/loan-mutations.js';
import { displayDate } from '../loan-dates.js';
import { pastDueWords } from '../due-words.js';
import { useSingleFlight } from '../use-single-flight.js';
import {
  checkPaymentAmount,
  formatLtv,
  loanActions,
  PAYMENT_STATUS_WORDS,
  ltvNowPct,
  paymentFieldText,
  suggestedPaymentCents,
  typedCents,
} from '../loan-view.js';
import { ltvPreviewWords, paymentPreview } from '../loan-health.js';
import { ConfirmDialog } from '../../../ui/confirm-dialog/confirm-dialog.js';
import { LoanBreakdown, LoanFacts, LoanSection, type TLoanFact } from './loan-facts.js';
import { LoanSwitch } from './loan-switch.js';

/** "Checking ····6789", or a plain phrase when no account is linked. */
function debitAccountWords(loan: Pick<TServicingLoan, 'debitAccount'>): string {
  const account = loan.debitAccount;
  return account === null ? 'your linked bank account' : `${account.name} ····${account.mask}`;
}

/**
 * A payment: the amount (what is due, or what the caller offers, such as the payment that brings
 * the LTV back under the warning level) and the LTV it would give, then confirm.
 */
export function PaymentDialog({
  loan,
  initialAmountCents,
  onClose,
  onPaid,
}: {
  loan: TServicingLoan;
  initialAmountCents?: number;
  onClose: () => void;
  onPaid: (payment: TServicingPayment) => void;
}) {
  const payment = usePayment(loan.loanUuid);
  const submitOnce = useSingleFlight();
  const [amountText, setAmountText] = useState(() =>
    paymentFieldText(initialAmountCents ?? suggestedPaymentCents(loan)),
  );
  // One key per amount confirmed: a second click or a retry sends the same payment again, which the
  // server answers without paying twice; another amount is another payment.
  const [key, setKey] = useState(newIdempotencyKey);
  const [amountError, setAmountError] = useState<string | null>(null);

  function onAmountChange(text: string) {
    setAmountText(text);
    setAmountError(null);
    setKey(newIdempotencyKey());
    payment.reset();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const check = checkPaymentAmount(amountText, loan.balances.totalCents);
    setAmountError(check.error);
    const amountCents = check.cents;
    if (amountCents === null) return;
    submitOnce((done) =>
      payment.mutate({ amountCents, key }, { onSuccess: onPaid, onError: done }),
    );
  }

  const typed = typedCents(amountText);
  // The server's words for the amount go under the field; any other refusal under the form.
  const serverAmountError = payment.isError ? fieldRefusal(payment.error, 'amountCents') : null;
  const fieldError = amountError ?? serverAmountError;
  const ltvAfter = paymentPreview(loan, typed);
  return (
    <ConfirmDialog
      formId="loan-payment-form"
      title="Make a payment"
      description={`The amount is debited from ${debitAccountWords(loan)} by ACH.`}
      confirmLabel={typed === null || typed < 1 ? 'Pay now' : `Pay ${formatUsd(typed)}`}
      isPending={payment.isPending}
      error={payment.isError && fieldError === null ? refusalMessage(payment.error) : null}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <NumericField
        label="Amount (US dollars)"
        description={`Up to your balance of ${formatUsd(loan.balances.totalCents)}.`}
        prefix="$"
        allowCommas
        isRequired
        value={amountText}
        error={fieldError ?? undefined}
        onValueChange={onAmountChange}
      />
      {ltvAfter !== null && loan.risk.ltvPct !== null && (
        <div className="loan-dialog-facts">
          <LoanBreakdown
            lines={[
              { label: 'LTV now', value: formatLtv(loan.risk.ltvPct) },
              {
                label: 'LTV after this payment',
                value: ltvPreviewWords(ltvAfter),
                isTotal: true,
              },
            ]}
          />
        </div>
      )}
    </ConfirmDialog>
  );
}

function DeferralDialog({
  loan,
  preview,
  onClose,
  onDeferred,
}: {
  loan: TServicingLoan;
  preview: TDeferralPreview;
  onClose: () => void;
  onDeferred: () => void;
}) {
  const deferral = useDeferral(loan.loanUuid);
  const submitOnce = useSingleFlight();
  // One deferral per confirmation, however often it is clicked.
  const [key] = useState(newIdempotencyKey);
  const isRefused = preview.refusedReason !== null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isRefused) return;
    submitOnce((done) => deferral.mutate({ key }, { onSuccess: onDeferred, onError: done }));
  }

  const lines: TLoanFact[] = [
    { label: 'Interest deferred', value: formatUsd(preview.interestCents) },
    { label: 'New balance', value: formatUsd(preview.newBalanceCents) },
    { label: 'New LTV', value: formatLtv(preview.newLtv), isTotal: true },
  ];
  const ltvNow = ltvNowPct(loan);
  if (ltvNow !== null) {
    lines.splice(2, 0, { label: 'LTV now', value: formatLtv(ltvNow) });
  }
  return (
    <ConfirmDialog
      formId="loan-deferral-form"
      title="Defer this month’s interest"
      description="The interest is added to your balance instead of being paid now; interest then runs on it too."
      confirmLabel={isRefused ? null : `Defer ${formatUsd(preview.interestCents)}`}
      isPending={deferral.isPending}
      error={deferral.isError ? refusalMessage(deferral.error) : null}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <div className="loan-dialog-facts">
        <LoanBreakdown lines={lines} />
      </div>
      {loan.ltv !== null && (
        <p className="loan-dialog-facts">
          A margin call starts at an LTV of {formatLtv(loan.ltv.marginCallLtvPct)}.
        </p>
      )}
      {preview.refusedReason !== null && (
        <Alert variant="warn" title="This payment cannot be deferred">
          {preview.refusedReason}
        </Alert>
      )}
    </ConfirmDialog>
  );
}

function AutopaySwitch({ loan }: { loan: TServicingLoan }) {
  const autopay = useSetAutopay(loan.loanUuid);
  const isOn = autopay.isPending ? autopay.variables : loan.autopayEnabled;
  return (
    <div>
      <LoanSwitch
        label="Autopay"
        description={`When on, the amount due is debited from ${debitAccountWords(loan)} on each due date.`}
        isOn={isOn}
        isBusy={autopay.isPending}
        onChange={(enabled) => autopay.mutate(enabled)}
      />
      {autopay.isError && <Alert variant="error">{refusalMessage(autopay.error)}</Alert>}
    </div>
  );
}

type TOutcome = { kind: 'paid'; payment: TServicingPayment } | { kind: 'deferred' } | null;

/**
 * What became of a payment just made: sent (pending at the bank, or received), or refused by the
 * bank at once, which is an error to act on, never a success.
 */
export function PaymentOutcome({ payment }: { payment: TServicingPayment }) {
  const amount = formatUsd(payment.amountCents);
  if (payment.status === 'RETURNED' || payment.status === 'REVERSED') {
    return (
      <Alert variant="error" isLive title={`Your payment of ${amount} did not go through`}>
        <p>
          {payment.failureReason === null
            ? 'Your bank refused the debit.'
            : `Your bank refused the debit: ${payment.failureReason}.`}{' '}
          Nothing was paid. Check the account, then try again, or pay by wire.
        </p>
      </Alert>
    );
  }
  return (
    <Alert variant="success" isLive title={`Payment of ${amount} sent`}>
      <p>Status: {PAYMENT_STATUS_WORDS[payment.status]}. It is in your payment history below.</p>
    </Alert>
  );
}

/** The next payment: what is due and when, pay now, defer it, autopay. */
export function PaymentPanel({ loan }: { loan: TServicingLoan }) {
  const actions = loanActions(loan);
  const preview = useDeferralPreview(loan.loanUuid);
  const [dialog, setDialog] = useState<'pay' | 'defer' | null>(null);
  const [outcome, setOutcome] = useState<TOutcome>(null);
  const next = loan.nextPayment;

  const pastDue = next === null ? null : pastDueWords(next);
  const pastDueFacts: TLoanFact[] = pastDue === null ? [] : [{ label: 'Past due', value: pastDue }];
  const facts: TLoanFact[] =
    loan.status === 'MATURED'
      ? [
          {
            label: 'Due now',
            value: formatUsd(loan.maturity.amountDueCents),
            isTotal: true,
          },
          { label: 'Matured on', value: displayDate(loan.maturity.maturityDate) },
          ...pastDueFacts,
        ]
      : next === null
        ? []
        : [
            { label: 'Amount due', value: formatUsd(next.amountCents), isTotal: true },
            { label: 'Due on', value: displayDate(next.dueDate) },
            ...pastDueFacts,
          ];

  function openDeferral() {
    setOutcome(null);
    preview.mutate(undefined, { onSuccess: () => setDialog('defer') });
  }

  return (
    <LoanSection id="next-payment" title="Next payment">
      {facts.length > 0 ? <LoanFacts facts={facts} /> : <p>Nothing is due at the moment.</p>}
      {outcome?.kind === 'paid' && <PaymentOutcome payment={outcome.payment} />}
      {outcome?.kind === 'deferred' && (
        <Alert variant="success" isLive title="This month’s interest is deferred">
          <p>It was added to your balance.</p>
        </Alert>
      )}
      {(actions.canPay || actions.canDefer) && (
        <div className="loan-actions">
          {actions.canPay && (
            <Button
              isFullWidth={false}
              aria-haspopup="dialog"
              onClick={() => {
                setOutcome(null);
                setDialog('pay');
              }}
            >
              Pay now
            </Button>
          )}
          {actions.canDefer && (
            <Button
              variant="secondary"
              isFullWidth={false}
              isLoading={preview.isPending}
              aria-haspopup="dialog"
              onClick={openDeferral}
            >
              Defer this month’s interest
            </Button>
          )}
        </div>
      )}
      {!actions.canPay && actions.canPayByWire && (
        <p>
          Your loan has no US bank account to debit: pay by wire, with the{' '}
          <a href="#loan-section-pay-by-wire">instructions and reference below</a>.
        </p>
      )}
      {preview.isError && <Alert variant="error">{refusalMessage(preview.error)}</Alert>}
      {actions.canSetAutopay && <AutopaySwitch loan={loan} />}
      {dialog === 'pay' && (
        <PaymentDialog
          loan={loan}
          onClose={() => setDialog(null)}
          onPaid={(payment) => {
            setDialog(null);
            setOutcome({ kind: 'paid', payment });
          }}
        />
      )}
      {dialog === 'defer' && preview.data !== undefined && (
        <DeferralDialog
          loan={loan}
          preview={preview.data}
          onClose={() => setDialog(null)}
          onDeferred={() => {
            setDialog(null);
            setOutcome({ kind: 'deferred' });
          }}
        />
      )}
    </LoanSection>
  );
}
