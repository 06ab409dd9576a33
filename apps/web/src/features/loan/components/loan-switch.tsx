import { useId } from 'react';

/**
 * An on/off switch (a button with role switch): its label says what it turns on, its state is
 * read out as on or off. While a change is on its way the switch is busy and takes no clicks.
 */
export function LoanSwitch({
  label,
  description,
  isOn,
  isBusy,
  onChange,
}: {
  label: string;
  description?: string;
  isOn: boolean;
  isBusy: boolean;
  onChange: (isOn: boolean) => void;
}) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <div className="loan-switch">
      <button
        type="button"
        role="switch"
        className="loan-switch__control"
        aria-checked={isOn}
        aria-labelledby={labelId}
        aria-describedby={description === undefined ? undefined : descriptionId}
        aria-busy={isBusy || undefined}
        aria-disabled={isBusy || undefined}
        onClick={() => {
          // Not `disabled`: the switch keeps the keyboard focus while its change is on its way.
          if (!isBusy) onChange(!isOn);
        }}
      />
      <span id={labelId} className="loan-switch__label">
        {label}
      </span>
      {description !== undefined && (
        <p id={descriptionId} className="field__note">
          {description}
        </p>
      )}
    </div>
  );
}
