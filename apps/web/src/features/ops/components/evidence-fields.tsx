/** The fields of a proposal's evidence that an agent fills in from the bank's record. */
import { OPS_REASON_MAX_LENGTH } from '@pledge/domain';
import { NumericField } from '../../../ui/numeric-field/numeric-field.js';
import { TextField } from '../../../ui/text-field/text-field.js';

/** One field of the evidence: its text, the contract's message for it, and each edit's text. */
type TEvidenceFieldProps = {
  value: string;
  error: string | undefined;
  onValueChange: (text: string) => void;
};

/** The dollars a borrower's payment brought in, as the agent read them off the bank's record. */
export function AmountReceivedField({ value, error, onValueChange }: TEvidenceFieldProps) {
  return (
    <NumericField
      label="Amount received (USD)"
      prefix="$"
      allowCommas
      maxDecimals={2}
      isRequired
      value={value}
      error={error}
      onValueChange={onValueChange}
    />
  );
}

/** The note an agent may add to a proposal's evidence, kept in the audit trail. */
export function NoteField({ value, error, onValueChange }: TEvidenceFieldProps) {
  return (
    <TextField
      label="Note"
      description="Optional; kept in the audit trail."
      maxLength={OPS_REASON_MAX_LENGTH}
      value={value}
      error={error}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
}
