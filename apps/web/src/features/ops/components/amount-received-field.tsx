import { NumericField } from '../../../ui/numeric-field/numeric-field.js';

/** The dollars a borrower's payment brought in, as the agent read them off the bank's record. */
export function AmountReceivedField({
  value,
  error,
  onValueChange,
}: {
  value: string;
  error: string | undefined;
  onValueChange: (text: string) => void;
}) {
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
