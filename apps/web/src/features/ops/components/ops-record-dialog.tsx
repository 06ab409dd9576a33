import { useState } from 'react';
import type { TControlledAction } from '@pledge/contract';
import { WIRE_REFERENCE_MAX_LENGTH } from '@pledge/domain';
import { TextField } from '../../../ui/text-field/text-field.js';
import { newIdempotencyKey } from '../../loan/api/idempotency-key.js';
import { NoteField } from './evidence-fields.js';
import { OpsConfirmDialog, type TOpsCall } from './ops-confirm-dialog.js';

/**
 * One key per confirmation: a second click or a retry records once. Any edit of the evidence makes
 * the next confirmation a new one and clears the last refusal (`reset`).
 */
export function useConfirmationKey(reset: () => void) {
  const [key, setKey] = useState(newIdempotencyKey);
  function edited(apply: () => void) {
    apply();
    setKey(newIdempotencyKey());
    reset();
  }
  return { key, edited };
}

type TIssue = { path: readonly PropertyKey[]; message: string };

/**
 * A wire's evidence as the contract checked it, by field: the reference's first message, and the
 * day's (`noDayMessage` when no day was given).
 */
export function wireEvidenceErrors<TDay extends string>(
  issues: readonly TIssue[],
  dayField: TDay,
  day: string,
  noDayMessage: string,
): Partial<Record<'reference' | TDay, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (field === 'reference') errors.reference ??= issue.message;
    if (field === dayField) errors[dayField] ??= day === '' ? noDayMessage : issue.message;
  }
  return errors as Partial<Record<'reference' | TDay, string>>;
}

/**
 * A wire's evidence as the agent types it: the bank's reference and the day it moved, each edit
 * making the next confirmation a new one (useConfirmationKey). `fields` are WireEvidenceFields'.
 */
export function useWireEvidence(reset: () => void) {
  const [reference, setReference] = useState('');
  const [day, setDay] = useState('');
  const { key, edited } = useConfirmationKey(reset);
  return {
    reference,
    day,
    key,
    edited,
    fields: {
      reference,
      day,
      onReferenceChange: (text: string) => edited(() => setReference(text)),
      onDayChange: (text: string) => edited(() => setDay(text)),
    },
  };
}

/** A wire's evidence, both required: the bank's reference of the wire and the day it moved. */
export function WireEvidenceFields({
  referenceDescription,
  dayLabel,
  reference,
  day,
  referenceError,
  dayError,
  onReferenceChange,
  onDayChange,
}: {
  referenceDescription: string;
  dayLabel: string;
  reference: string;
  day: string;
  referenceError: string | undefined;
  dayError: string | undefined;
  onReferenceChange: (text: string) => void;
  onDayChange: (text: string) => void;
}) {
  return (
    <>
      <TextField
        label="Wire reference"
        description={referenceDescription}
        isRequired
        maxLength={WIRE_REFERENCE_MAX_LENGTH}
        value={reference}
        error={referenceError}
        onChange={(event) => onReferenceChange(event.target.value)}
      />
      <TextField
        label={dayLabel}
        type="date"
        isRequired
        value={day}
        error={dayError}
        onChange={(event) => onDayChange(event.target.value)}
      />
    </>
  );
}

/** What a contract's schema makes of a body: the body, or the issues of its fields. */
export type TParsed<TBody> =
  { success: true; data: TBody } | { success: false; error: { issues: readonly TIssue[] } };

/**
 * The proposal of a record that names its evidence (a payment reference, a transaction) with an
 * optional note: the contract's schema checks both, by field, before the proposal is sent.
 */
export function ReferenceProposalDialog<TBody, TArgs>({
  field,
  label,
  schema,
  argsOf,
  ...dialog
}: {
  formId: string;
  title: string;
  description: string;
  confirmLabel: string;
  /** The evidence's field in the request's body. */
  field: string;
  label: string;
  schema: { safeParse: (input: unknown) => TParsed<TBody> };
  call: TOpsCall<TArgs, TControlledAction>;
  /** The proposal's arguments, with the body the schema passed. */
  argsOf: (body: TBody) => TArgs;
  onClose: () => void;
}) {
  const [evidence, setEvidence] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function checkedArgs() {
    const parsed = schema.safeParse({
      [field]: evidence,
      ...(note.trim() === '' ? {} : { note }),
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
        ),
      );
      return null;
    }
    setErrors({});
    return argsOf(parsed.data);
  }

  return (
    <OpsConfirmDialog {...dialog} argsOf={checkedArgs}>
      <TextField
        label={label}
        isRequired
        maxLength={200}
        value={evidence}
        error={errors[field]}
        onChange={(event) => setEvidence(event.target.value)}
      />
      <NoteField value={note} error={errors.note} onValueChange={setNote} />
    </OpsConfirmDialog>
  );
}
