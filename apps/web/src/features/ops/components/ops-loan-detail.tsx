import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  ZPostOpsSurplusPayoutBody,
  ZPostOpsWirePaymentBody,
  type TGetOpsLoanResponse,
  type TLedgerEntry,
  type TServicingPayment,
} from '@pledge/contract';
import { formatUsd } from '@pledge/domain';
import { paths } from '../../../config/paths.js';
import { Button } from '../../../ui/button/button.js';
import { nextPaymentWords, pastDueWords } from '../../loan/due-words.js';
import { displayDate } from '../../loan/loan-dates.js';
import {
  checkPaymentAmount,
  formatLtv,
  PAYMENT_STATUS_WORDS,
  paymentDescription,
} from '../../loan/loan-view.js';
import { useOpsLoan, useRecordWire, useReversePayment } from '../api/ops-loans.js';
import { useRecordSurplusPayout } from '../api/ops-surplus-payout.js';
import { formatDateTime, shortId } from '../format.js';
import { AmountReceivedField } from './evidence-fields.js';
import { OpsConfirmDialog, OpsReasonDialog } from './ops-confirm-dialog.js';
import { OpsDetailPanel, type TOpsDetail, type TOpsDetailAction } from './ops-detail-panel.js';
import { OpsTableSection } from './ops-facts.js';
import { useWireEvidence, WireEvidenceFields, wireEvidenceErrors } from './ops-record-dialog.js';
import type { TOpsColumn } from './ops-table.js';

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
  const [amount, setAmount] = useState('');
  const evidence = useWireEvidence(wire.reset);
  const [errors, setErrors] = useState<TWireErrors>({});

  function argsOf() {
    const { reference, day: receivedOn, key } = evidence;
    const found = wireErrors({ amount, reference, receivedOn }, balanceCents);
    setErrors(found);
    const cents = checkPaymentAmount(amount, balanceCents).cents;
    if (Object.keys(found).length > 0 || cents === null) return null;
    return { body: { amountCents: cents, reference: reference.trim(), receivedOn }, key };
  }

  return (
    <OpsConfirmDialog
      formId="ops-record-wire"
      title="Record a wire"
      description="Proposed to a second agent: once approved, the wire is settled and credited to the loan, and shows in the borrower’s history."
      confirmLabel="Propose wire"
      call={wire}
      argsOf={argsOf}
      onClose={onClose}
    >
      <AmountReceivedField
        value={amount}
        error={errors.amount}
        onValueChange={(text) => evidence.edited(() => setAmount(text))}
      />
      <WireEvidenceFields
        referenceDescription="The bank’s reference of the wire: the evidence kept with the payment."
        dayLabel="Received on"
        referenceError={errors.reference}
        dayError={errors.receivedOn}
        {...evidence.fields}
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
  const evidence = useWireEvidence(payout.reset);
  const [errors, setErrors] = useState<TSurplusPayoutErrors>({});

  function argsOf() {
    const { reference, day: sentOn, key } = evidence;
    const found = surplusPayoutErrors({ reference, sentOn }, owedCents);
    setErrors(found);
    if (Object.keys(found).length > 0) return null;
    return { body: { amountCents: owedCents, reference: reference.trim(), sentOn }, key };
  }

  return (
    <OpsConfirmDialog
      formId="ops-record-surplus-payout"
      title="Record surplus payout"
      description={`The whole surplus of ${formatUsd(owedCents)} owed to the borrower after the liquidation, wired back in one payment. Once a second agent approves, it clears the surplus owed against cash.`}
      confirmLabel="Propose payout"
      call={payout}
      argsOf={argsOf}
      onClose={onClose}
    >
      <WireEvidenceFields
        referenceDescription="The bank’s reference of the wire sent: the evidence kept with the payout."
        dayLabel="Sent on"
        referenceError={errors.reference}
        dayError={errors.sentOn}
        {...evidence.fields}
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
  return (
    <OpsReasonDialog
      formId="ops-reverse-payment"
      title={`Reverse the payment of ${formatUsd(payment.amountCents)}?`}
      description={`${paymentDescription(payment)} of ${displayDate(payment.createdAt)}. Once a second agent approves, reversing entries put the amount back on the loan’s balance.`}
      confirmLabel="Propose reversal"
      call={reverse}
      argsOf={(reason) => ({ paymentUuid: payment.paymentUuid, reason })}
      onClose={onClose}
    />
  );
}

const LEDGER_COLUMNS: readonly TOpsColumn<TLedgerEntry>[] = [
  { header: 'Effective', cell: (entry) => displayDate(entry.effectiveOn) },
  { header: 'Journal', cellClassName: 'ops-hash', cell: (entry) => shortId(entry.journalUuid) },
  { header: 'Kind', cell: (entry) => entry.kind },
  { header: 'Account', cell: (entry) => entry.account },
  { header: 'Amount', cell: (entry) => formatUsd(entry.amountCents) },
  {
    header: 'Reverses',
    cellClassName: 'ops-hash',
    cell: (entry) =>
      entry.reversesJournalUuid === null ? null : shortId(entry.reversesJournalUuid),
  },
];

function paymentColumns(
  onReverse: (payment: TServicingPayment) => void,
): readonly TOpsColumn<TServicingPayment>[] {
  return [
    { header: 'Created', cell: (payment) => formatDateTime(payment.createdAt) },
    { header: 'Payment', cell: paymentDescription },
    { header: 'Amount', cell: (payment) => formatUsd(payment.amountCents) },
    {
      header: 'Status',
      cell: (payment) =>
        payment.failureReason === null
          ? PAYMENT_STATUS_WORDS[payment.status]
          : `${PAYMENT_STATUS_WORDS[payment.status]}: ${payment.failureReason}`,
    },
    { header: 'Reference', cellClassName: 'ops-break', cell: (payment) => payment.reference },
    {
      header: 'Action',
      cell: (payment) =>
        isReversible(payment) ? (
          <Button
            variant="secondary"
            isFullWidth={false}
            aria-haspopup="dialog"
            aria-label={`Reverse the payment of ${formatUsd(payment.amountCents)} of ${formatDateTime(payment.createdAt)}`}
            onClick={() => onReverse(payment)}
          >
            Reverse
          </Button>
        ) : null,
    },
  ];
}

function loanDetail(
  { loan, ledger, borrowerEmail }: TGetOpsLoanResponse,
  onReverse: (payment: TServicingPayment) => void,
): TOpsDetail {
  const isOpen =
    loan.status === 'ACTIVE' || loan.status === 'MARGIN_CALL' || loan.status === 'MATURED';
  const surplusOwed = surplusOwedOf(ledger);
  const actions: TOpsDetailAction[] = [];
  if (isOpen) {
    actions.push({
      id: 'record-wire',
      label: 'Record a wire',
      isPrimary: true,
      confirm: (onClose) => (
        <RecordWireDialog
          loanUuid={loan.loanUuid}
          balanceCents={loan.balances.totalCents}
          onClose={onClose}
        />
      ),
    });
  }
  if (surplusOwed !== null && surplusOwed > 0) {
    actions.push({
      id: 'record-surplus-payout',
      label: 'Record surplus payout',
      isPrimary: true,
      confirm: (onClose) => (
        <RecordSurplusPayoutDialog
          loanUuid={loan.loanUuid}
          owedCents={surplusOwed}
          onClose={onClose}
        />
      ),
    });
  }
  return {
    title: `Loan ${shortId(loan.loanUuid)}`,
    facts: [
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
    ],
    actions,
    ...(isOpen ? {} : { actionsNote: 'The loan is closed: no payment can be recorded.' }),
    sections: (
      <>
        <OpsTableSection
          id="loan-payments"
          title="Payments"
          caption="Payments, newest first"
          columns={paymentColumns(onReverse)}
          items={loan.payments}
          rowKey={(payment) => payment.paymentUuid}
          emptyText="No payments yet."
        />
        <OpsTableSection
          id="loan-ledger"
          title="Ledger"
          caption="Ledger entries, debits positive and credits negative"
          columns={LEDGER_COLUMNS}
          items={ledger}
          rowKey={(entry) => entry.entryId}
          emptyText="No ledger entries."
        />
      </>
    ),
  };
}

/**
 * One funded loan as an agent sees it: balances, payments (reversible), the ledger, a wire, and the
 * surplus a liquidation left owed back with the record of its payout.
 */
export function OpsLoanDetail() {
  const { loanUuid = '' } = useParams();
  const query = useOpsLoan(loanUuid);
  const [reversing, setReversing] = useState<TServicingPayment | null>(null);
  return (
    <>
      <OpsDetailPanel
        query={query}
        noun="loan"
        id={loanUuid}
        back={{ href: paths.opsLoans.getHref(), label: 'All loans' }}
        detail={(data) => loanDetail(data, setReversing)}
      />
      {reversing !== null && (
        <ReversePaymentDialog payment={reversing} onClose={() => setReversing(null)} />
      )}
    </>
  );
}
