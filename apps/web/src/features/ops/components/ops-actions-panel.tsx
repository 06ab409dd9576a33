import { useState } from 'react';
import {
  ZPostOpsProposePayoffBody,
  ZPostOpsProposeReleaseFundsBody,
  type TOpsApplicationDetail,
} from '@pledge/contract';
import {
  centsToUsd,
  PAYOFF_METHOD_LABELS,
  PAYOFF_METHODS,
  parseCashInput,
  type TPayoffMethod,
} from '@pledge/domain';
import { Select } from '../../../ui/select/select.js';
import { TextField } from '../../../ui/text-field/text-field.js';
import { useOpsAction } from '../api/post-ops-action.js';
import {
  isOpsActionAvailable,
  opsActionHold,
  OPS_ACTIONS,
  type TOpsAction,
} from '../ops-actions.js';
import { AmountReceivedField, NoteField } from './evidence-fields.js';
import { OpsConfirmDialog, OpsReasonField, toastDone, useOpsReason } from './ops-confirm-dialog.js';
import type { TOpsDetailAction } from './ops-detail-panel.js';
import { OpsPayoffFigure } from './ops-payoff-figure.js';

const PAYMENT_METHOD_OPTIONS = PAYOFF_METHODS.map((method) => ({
  value: method,
  label: PAYOFF_METHOD_LABELS[method],
}));

/** Shown when an action that needs a payment method is confirmed without one. */
export const PAYMENT_METHOD_REQUIRED = 'Choose a payment method';

function isPayoffMethod(value: string): value is TPayoffMethod {
  return (PAYOFF_METHODS as readonly string[]).includes(value);
}

/** Shown when a payoff's amount is missing or not a dollar amount. */
export const PAYOFF_AMOUNT_REQUIRED = 'Give the amount received, in dollars';

type TEvidenceErrors = Partial<Record<'reference' | 'amount' | 'paidOn' | 'note', string>>;

/** The contract's messages for the evidence of a proposal, by field; empty when it is fine. */
function evidenceErrors(
  action: TOpsAction,
  evidence: { reference: string; note: string; method: string; amount: string; paidOn: string },
): TEvidenceErrors {
  const errors: TEvidenceErrors = {};
  const cents = parseCashInput(evidence.amount.replace(/[$,\s]/g, ''));
  const parsed =
    action.needsPaymentMethod === true
      ? ZPostOpsProposePayoffBody.safeParse({
          method: evidence.method === '' ? 'ACH' : evidence.method,
          reference: evidence.reference,
          amount: cents === null ? -1 : centsToUsd(cents),
          paidOn: evidence.paidOn,
          note: evidence.note,
        })
      : ZPostOpsProposeReleaseFundsBody.safeParse({
          reference: evidence.reference,
          note: evidence.note,
        });
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0];
    if (field === 'reference' || field === 'paidOn' || field === 'note') {
      errors[field] ??= issue.message;
    }
    if (field === 'amount') errors.amount = PAYOFF_AMOUNT_REQUIRED;
  }
  if (errors.paidOn !== undefined && evidence.paidOn === '')
    errors.paidOn = 'Give the payment date';
  return errors;
}

function ConfirmAction({
  action,
  appUuid,
  onClose,
}: {
  action: TOpsAction;
  appUuid: string;
  onClose: () => void;
}) {
  const mutation = useOpsAction(appUuid);
  const reason = useOpsReason();
  const [method, setMethod] = useState('');
  const [shownMethodError, setShownMethodError] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [amount, setAmount] = useState('');
  const [paidOn, setPaidOn] = useState('');
  const [shownEvidenceErrors, setShownEvidenceErrors] = useState<TEvidenceErrors>({});

  function argsOf() {
    if (action.needsReason && reason.check() === null) return null;
    let payoffMethod: TPayoffMethod | undefined;
    let isValid = true;
    if (action.needsPaymentMethod === true) {
      const isMethod = isPayoffMethod(method);
      setShownMethodError(isMethod ? null : PAYMENT_METHOD_REQUIRED);
      if (isMethod) payoffMethod = method;
      else isValid = false;
    }
    if (action.needsReference === true) {
      const errors = evidenceErrors(action, { reference, note, method, amount, paidOn });
      setShownEvidenceErrors(errors);
      if (Object.keys(errors).length > 0) isValid = false;
    }
    if (!isValid) return null;
    const cents = parseCashInput(amount.replace(/[$,\s]/g, ''));
    return {
      action: action.id,
      reason: reason.field.value.trim(),
      method: payoffMethod,
      reference: reference.trim(),
      note: note.trim(),
      ...(cents === null ? {} : { amount: centsToUsd(cents) }),
      ...(paidOn === '' ? {} : { paidOn }),
    };
  }

  return (
    <OpsConfirmDialog
      formId={`ops-action-${action.id}`}
      title={action.question}
      description={action.consequence}
      confirmLabel={action.label}
      call={mutation}
      argsOf={argsOf}
      onDone={() => toastDone(action.done)}
      onClose={onClose}
    >
      {action.needsReason && <OpsReasonField {...reason.field} />}
      {action.needsPaymentMethod === true && (
        <Select
          label="Payment method"
          description="How the borrower paid the loan off; it decides how long the collateral is held."
          placeholder="Select a method"
          isRequired
          options={PAYMENT_METHOD_OPTIONS}
          value={method}
          error={shownMethodError ?? undefined}
          onValueChange={setMethod}
        />
      )}
      {action.needsReference === true && (
        <TextField
          label={action.needsPaymentMethod === true ? 'Payment reference' : 'Transfer reference'}
          description="The bank's reference of the transfer, for the approving agent to check."
          isRequired
          maxLength={200}
          value={reference}
          error={shownEvidenceErrors.reference}
          onChange={(event) => setReference(event.target.value)}
        />
      )}
      {action.needsPaymentMethod === true && (
        <>
          {/* A loan is identified by its application: loanUuid = appUuid. */}
          <OpsPayoffFigure loanUuid={appUuid} />
          <AmountReceivedField
            value={amount}
            error={shownEvidenceErrors.amount}
            onValueChange={setAmount}
          />
          <TextField
            label="Paid on"
            type="date"
            description="The day the payment arrived."
            isRequired
            value={paidOn}
            error={shownEvidenceErrors.paidOn}
            onChange={(event) => setPaidOn(event.target.value)}
          />
        </>
      )}
      {action.needsReference === true && (
        <NoteField value={note} error={shownEvidenceErrors.note} onValueChange={setNote} />
      )}
    </OpsConfirmDialog>
  );
}

/**
 * The agent's actions on the application. An action is held (its button disabled, with the reason)
 * when the application's state (the domain's state machine) or its uploads do not allow it; each
 * asks for confirmation, and for a reason where the server keeps one.
 */
export function applicationActions(detail: TOpsApplicationDetail): TOpsDetailAction[] {
  const appUuid = detail.application.appUuid;
  return OPS_ACTIONS.map((action) => ({
    id: action.id,
    label: action.label,
    isPrimary: action.id === 'propose-release',
    hold: isOpsActionAvailable(action.id, detail)
      ? null
      : (opsActionHold(action.id, detail) ?? action.unavailable),
    confirm: (onClose) => <ConfirmAction action={action} appUuid={appUuid} onClose={onClose} />,
  }));
}
