import { useState } from 'react';
import { WIRE_REFERENCE_MAX_LENGTH } from '@pledge/domain';
import { TextField } from '../../../ui/text-field/text-field.js';
import { toastQueue } from '../../../ui/toast/toast-queue.js';
import { newIdempotencyKey } from '../../loan/api/idempotency-key.js';
import { OPS_TOAST_TIMEOUT_MS } from './ops-actions-panel.js';

/** Tells the agent that what the dialog recorded went through. */
export function toastRecorded(title: string): void {
  toastQueue.add({ variant: 'success', title }, { timeout: OPS_TOAST_TIMEOUT_MS });
}

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
