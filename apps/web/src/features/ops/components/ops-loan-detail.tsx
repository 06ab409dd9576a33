import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import {
  ZPostOpsReversePaymentBody,
  ZPostOpsSurplusPayoutBody,
  ZPostOpsWirePaymentBody,
  type TLedgerEntry,
  type TServicingPayment,
} from '@pledge/contract';
import { formatUsd } from '@pledge/domain';
import { isApiError } from '../../../api/client.js';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { NumericField } from '../../../ui/numeric-field/numeric-field.js';
import { PageHeading } from '../../../ui/page-heading.js';
import { refusalMessage } from '../../loan/api/refusal.js';
import { nextPaymentWords, pastDueWords } from '../../loan/due-words.js';
import { displayDate } from '../../loan/loan-dates.js';
import { useSingleFlight } from '../../loan/use-single-flight.js';
import {
  checkPaymentAmount,
  formatLtv,
  PAYMENT_STATUS_WORDS,
  paymentDescription,
} from '../../loan/loan-view.js';
import { useOpsLoan, useRecordWire, useReversePayment } from '../api/ops-loans.js';
import { useRecordSurplusPayout } from '../api/ops-surplus-payout.js';
import { formatDateTime, shortId } from '../format.js';
import { OpsConfirmDialog, OpsReasonField } from './ops-confirm-dialog.js';
import { OpsFacts, OpsSection } from './ops-facts.js';
import { useConfirmationKey, WireEvidenceFields, wireEvidenceErrors } from './ops-record-dialog.js';
import { OpsTable } from './ops-table.js';

/** Payments an agent may still reverse: money counted that did not (or should not) arrive. */
export function isReversible(payment: Pick<TServicingPayment, 'status'>): boolean {
  return payment.status === 'PENDING' || payment.status === 'SETTLED';
}

type TWireErrors = Partial<Record<'amount' | 'reference' | 'receivedOn', string>>;

/** The contract's messages for a wire's evidence, by field; empty when it is fine. */
export function wireErrors(
  input: { amount: string; reference: string; receivedOn: string },
  balanceCents: number,
): TWireErrors {
  const errors: TWireErrors = {};
  const amount = checkPaymentAmount(input.amount, balanceCents);
  if (amount.error !== null) errors.amount = amount.error;
  const parsed = ZPostOpsWirePaymentBody.safeParse({
    amountCents: amount.cents ?? 1,
    reference: input.reference,
    receivedOn: input.receivedOn,
  });
  const evidence = wireEvidenceErrors(
    parsed.error?.issues ?? [],
    'receivedOn',
    input.receivedOn,
    'Give the day the wire arrived',
  );
  return { ...errors, ...evidence };
}

function RecordWireDialog({
  loanUuid,
  balanceCents,
  onClose,
}: {
  loanUuid: string;
  balanceCents: number;
  onClose: () => void;
}) {
  const wire = useRecordWire(loanUuid);
  const submitOnce = useSingleFlight();
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [receivedOn, setReceivedOn] = useState('');
  const [errors, setErrors] = useState<TWireErrors>({});
  const { key, edited } = useConfirmationKey(wire.reset);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = wireErrors({ amount, reference, receivedOn }, balanceCents);
    setErrors(found);
    const cents = checkPaymentAmount(amount, balanceCents).cents;
    if (Object.keys(found).length > 0 || cents === null) return;
    submitOnce((done) =>
      wire.mutate(
        { body: { amountCents: cents, reference: reference.trim(), receivedOn }, key },
        { onError: done },
      ),
    );
  }

  return (
    <OpsConfirmDialog
      formId="ops-record-wire"
      title="Record a wire"
      description="Proposed to a second agent: once approved, the wire is settled and credited to the loan, and shows in the borrower’s history."
      confirmLabel="Propose wire"
      isPending={wire.isPending}
      error={wire.isError ? new Error(refusalMessage(wire.error)) : null}
      onClose={onClose}
      onSubmit={onSubmit}
      proposal={wire.data ?? null}
    >
      <NumericField
        label="Amount received (USD)"
        prefix="$"
        allowCommas
        maxDecimals={2}
        isRequired
        value={amount}
        error={errors.amount}
        onValueChange={(text) => edited(() => setAmount(text))}
      />
      <WireEvidenceFields
        referenceDescription="The bank’s reference of the wire: the evidence kept with the payment."
        dayLabel="Received on"
        reference={reference}
        day={receivedOn}
        referenceError={errors.reference}
        dayError={errors.receivedOn}
        onReferenceChange={(text) => edited(() => setReference(text))}
        onDayChange={(text) => edited(() => setReceivedOn(text))}
      />
    </OpsConfirmDialog>
  );
}

/**
 * The surplus a liquidation left owed back to the borrower: the credit balance of SURPLUS_PAYABLE
 * in the loan's ledger, in cents (0 when none is owed); null when no sale ever left one.
 */
export function surplusOwedOf(ledger: readonly Pick<TLedgerEntry, 'account' | 'amountCents'>[]) {
  const entries = ledger.filter((entry) => entry.account === 'SURPLUS_PAYABLE');
  if (entries.length === 0) return null;
  const credit = entries.reduce((sum, entry) => sum + entry.amountCents, 0);
  return credit === 0 ? 0 : -credit;
}

type TSurplusPayoutErrors = Partial<Record<'reference' | 'sentOn', string>>;

/** The contract's messages for the surplus wire's evidence, by field; empty when it is fine. */
export function surplusPayoutErrors(
  input: { reference: string; sentOn: string },
  owedCents: number,
): TSurplusPayoutErrors {
  const parsed = ZPostOpsSurplusPayoutBody.safeParse({
    amountCents: owedCents,
    reference: input.reference,
    sentOn: input.sentOn,
  });
  return wireEvidenceErrors(
    parsed.error?.issues ?? [],
    'sentOn',
    input.sentOn,
    'Give the day the wire was sent',
  );
}

function RecordSurplusPayoutDialog({
  loanUuid,
  owedCents,
  onClose,
}: {
  loanUuid: string;
  owedCents: number;
  onClose: () => void;
}) {
  const payout = useRecordSurplusPayout(loanUuid);
  const submitOnce = useSingleFlight();
  const [reference, setReference] = useState('');
  const [sentOn, setSentOn] = useState('');
  const [errors, setErrors] = useState<TSurplusPayoutErrors>({});
  const { key, edited } = useConfirmationKey(payout.reset);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = surplusPayoutErrors({ reference, sentOn }, owedCents);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    submitOnce((done) =>
      payout.mutate(
        { body: { amountCents: owedCents, reference: reference.trim(), sentOn }, key },
        { onError: done },
      ),
    );
  }

  return (
    <OpsConfirmDialog
      formId="ops-record-surplus-payout"
      title="Record surplus payout"
      description={`The whole surplus of ${formatUsd(owedCents)} owed to the borrower after the liquidation, wired back in one payment. Once a second agent approves, it clears the surplus owed against cash.`}
      confirmLabel="Propose payout"
      isPending={payout.isPending}
      error={payout.isError ? new Error(refusalMessage(payout.error)) : null}
      onClose={onClose}
      onSubmit={onSubmit}
      proposal={payout.data ?? null}
    >
      <WireEvidenceFields
        referenceDescription="The bank’s reference of the wire sent: the evidence kept with the payout."
        dayLabel="Sent on"
        reference={reference}
        day={sentOn}
        referenceError={errors.reference}
        dayError={errors.sentOn}
        onReferenceChange={(text) => edited(() => setReference(text))}
        onDayChange={(text) => edited(() => setSentOn(text))}
      />
    </OpsConfirmDialog>
  );
}

function ReversePaymentDialog({
  payment,
  onClose,
}: {
  payment: TServicingPayment;
  onClose: () => void;
}) {
  const reverse = useReversePayment();
  const submitOnce = useSingleFlight();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZPostOpsReversePaymentBody.safeParse({ reason });
    const error = parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Give a reason');
    setReasonError(error);
    if (error !== null) return;
    submitOnce((done) =>
      reverse.mutate(
        { paymentUuid: payment.paymentUuid, reason: reason.trim() },
        { onError: done },
      ),
    );
  }

  return (
    <OpsConfirmDialog
      formId="ops-reverse-payment"
      title={`Reverse the payment of ${formatUsd(payment.amountCents)}?`}
      description={`${paymentDescription(payment)} of ${displayDate(payment.createdAt)}. Once a second agent approves, reversing entries put the amount back on the loan’s balance.`}
      confirmLabel="Propose reversal"
      isPending={reverse.isPending}
      error={reverse.isError ? new Error(refusalMessage(reverse.error)) : null}
      onClose={onClose}
      onSubmit={onSubmit}
      proposal={reverse.data ?? null}
    >
      <OpsReasonField
        value={reason}
        error={reasonError}
        onChange={(event) => setReason(event.target.value)}
      />
    </OpsConfirmDialog>
  );
}

function BackLink() {
  return (
    <p className="ops-back">
      <Link to={paths.opsLoans.getHref()}>All loans</Link>
    </p>
  );
}

/**
 * One funded loan as an agent sees it: balances, payments (reversible), the ledger, a wire, and the
 * surplus a liquidation left owed back with the record of its payout.
 */
export function OpsLoanDetail() {
  const { loanUuid = '' } = useParams();
  const query = useOpsLoan(loanUuid);
  const [isRecordingWire, setIsRecordingWire] = useState(false);
  const [reversing, setReversing] = useState<TServicingPayment | null>(null);
  const [isRecordingSurplus, setIsRecordingSurplus] = useState(false);

  if (query.isPending) {
    return (
      <section className="ops-page">
        <BackLink />
        <p className="loading" role="status">
          Loading the loan…
        </p>
      </section>
    );
  }
  if (query.isError) {
    const isNotFound =
      isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <section className="ops-page">
        <BackLink />
        <PageHeading>{isNotFound ? 'Loan not found' : 'The loan could not be loaded'}</PageHeading>
        {isNotFound ? (
          <p>No loan has the id {loanUuid}.</p>
        ) : (
          <>
            <Alert variant="error" title="Something went wrong">
              {query.error.message}
            </Alert>
            <Button isFullWidth={false} onClick={() => void query.refetch()}>
              Try again
            </Button>
          </>
        )}
      </section>
    );
  }

  const { loan, ledger, borrowerEmail } = query.data;
  const isOpen =
    loan.status === 'ACTIVE' || loan.status === 'MARGIN_CALL' || loan.status === 'MATURED';
  const surplusOwed = surplusOwedOf(ledger);
  return (
    <section className="ops-page ops-detail">
      <BackLink />
      <PageHeading>Loan {shortId(loan.loanUuid)}</PageHeading>
      <OpsFacts
        facts={[
          ['Loan id', <span className="ops-hash">{loan.loanUuid}</span>],
          [
            'Application',
            <Link to={paths.opsApplication.getHref(loan.appUuid)} className="ops-id">
              {shortId(loan.appUuid)}
            </Link>,
          ],
          ['Borrower', <span className="ops-break">{borrowerEmail}</span>],
          ['Status', <span className="ops-state">{loan.status}</span>],
          ['Total balance', formatUsd(loan.balances.totalCents)],
          ['Principal', formatUsd(loan.balances.principalCents)],
          ['Origination fee', formatUsd(loan.balances.originationFeeCents)],
          ['Accrued interest', formatUsd(loan.balances.accruedInterestCents)],
          ['Deferred interest', formatUsd(loan.balances.deferredInterestCents)],
          ['Fees', formatUsd(loan.balances.feesCents)],
          ['Surplus owed to the borrower', surplusOwed === null ? null : formatUsd(surplusOwed)],
          ['Next payment', loan.nextPayment === null ? null : nextPaymentWords(loan.nextPayment)],
          ['Past due', loan.nextPayment === null ? null : pastDueWords(loan.nextPayment)],
          ['LTV', loan.ltv === null ? null : formatLtv(loan.ltv.ltvPct)],
          ['Autopay', loan.autopayEnabled ? 'On' : 'Off'],
          ['Funded', displayDate(loan.fundedOn)],
          ['Matures', displayDate(loan.maturityDate)],
        ]}
      />
      <OpsSection id="loan-actions" title="Actions">
        {isOpen ? (
          <Button
            isFullWidth={false}
            aria-haspopup="dialog"
            onClick={() => setIsRecordingWire(true)}
          >
            Record a wire
          </Button>
        ) : (
          <p>The loan is closed: no payment can be recorded.</p>
        )}
        {surplusOwed !== null && surplusOwed > 0 && (
          <Button
            isFullWidth={false}
            aria-haspopup="dialog"
            onClick={() => setIsRecordingSurplus(true)}
          >
            Record surplus payout
          </Button>
        )}
      </OpsSection>
      <OpsSection id="loan-payments" title="Payments">
        <OpsTable
          caption="Payments, newest first"
          columns={[
            { header: 'Created' },
            { header: 'Payment' },
            { header: 'Amount' },
            { header: 'Status' },
            { header: 'Reference', cellClassName: 'ops-break' },
            { header: 'Action' },
          ]}
          rows={loan.payments.map((payment) => ({
            key: payment.paymentUuid,
            cells: [
              formatDateTime(payment.createdAt),
              paymentDescription(payment),
              formatUsd(payment.amountCents),
              payment.failureReason === null
                ? PAYMENT_STATUS_WORDS[payment.status]
                : `${PAYMENT_STATUS_WORDS[payment.status]}: ${payment.failureReason}`,
              payment.reference,
              isReversible(payment) ? (
                <Button
                  variant="secondary"
                  isFullWidth={false}
                  aria-haspopup="dialog"
                  aria-label={`Reverse the payment of ${formatUsd(payment.amountCents)} of ${formatDateTime(payment.createdAt)}`}
                  onClick={() => setReversing(payment)}
                >
                  Reverse
                </Button>
              ) : null,
            ],
          }))}
          emptyText="No payments yet."
        />
      </OpsSection>
      <OpsSection id="loan-ledger" title="Ledger">
        <OpsTable
          caption="Ledger entries, debits positive and credits negative"
          columns={[
            { header: 'Effective' },
            { header: 'Journal', cellClassName: 'ops-hash' },
            { header: 'Kind' },
            { header: 'Account' },
            { header: 'Amount' },
            { header: 'Reverses', cellClassName: 'ops-hash' },
          ]}
          rows={ledger.map((entry) => ({
            key: entry.entryId,
            cells: [
              displayDate(entry.effectiveOn),
              shortId(entry.journalUuid),
              entry.kind,
              entry.account,
              formatUsd(entry.amountCents),
              entry.reversesJournalUuid === null ? null : shortId(entry.reversesJournalUuid),
            ],
          }))}
          emptyText="No ledger entries."
        />
      </OpsSection>
      {isRecordingWire && (
        <RecordWireDialog
          loanUuid={loan.loanUuid}
          balanceCents={loan.balances.totalCents}
          onClose={() => setIsRecordingWire(false)}
        />
      )}
      {reversing !== null && (
        <ReversePaymentDialog payment={reversing} onClose={() => setReversing(null)} />
      )}
      {isRecordingSurplus && surplusOwed !== null && surplusOwed > 0 && (
        <RecordSurplusPayoutDialog
          loanUuid={loan.loanUuid}
          owedCents={surplusOwed}
          onClose={() => setIsRecordingSurplus(false)}
        />
      )}
    </section>
  );
}
