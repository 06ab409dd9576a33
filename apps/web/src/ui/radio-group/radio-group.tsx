import { useState, type ComponentPropsWithoutRef, type MouseEvent, type ReactNode } from 'react';
import {
  FieldDescription,
  FieldError,
  RequiredTag,
  type TFieldStateProps,
  useField,
} from '../field/field-parts.js';
import { useEditBeforeHydration } from '../field/edits-before-hydration.js';

export interface TRadioOption {
  value: string;
  label: ReactNode;
  description?: ReactNode;
  isDisabled?: boolean;
}

/** One option's radio button; a choice made before the page was live is entered again. */
function RadioInput(props: Omit<ComponentPropsWithoutRef<'input'>, 'ref'>) {
  const ref = useEditBeforeHydration<HTMLInputElement>();
  return <input ref={ref} {...props} />;
}

export interface TRadioGroupProps extends TFieldStateProps {
  label: ReactNode;
  /** The radios' form name. */
  name: string;
  options: readonly TRadioOption[];
  /** The selected value; controlled when given. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  id?: string;
  className?: string;
}

/**
 * Native radios in a fieldset: arrow keys move the selection, Tab leaves the group. The group has
 * the radiogroup role so that it can say required, invalid and read-only as a whole.
 */
export function RadioGroup({
  label,
  name,
  options,
  value,
  defaultValue,
  onValueChange,
  description,
  error,
  isRequired = false,
  isDisabled = false,
  isReadOnly = false,
  id,
  className,
}: TRadioGroupProps) {
  const field = useField(
    id,
    { description, error, isDisabled, isReadOnly },
    'choice-group',
    className,
  );
  const { ids, isInvalid, errorMessage } = field;
  const [uncontrolledValue, setUncontrolledValue] = useState(defaultValue);
  const selected = value ?? uncontrolledValue;

  function select(next: string) {
    if (value === undefined) setUncontrolledValue(next);
    onValueChange?.(next);
  }

  function onRadioClick(event: MouseEvent<HTMLInputElement>) {
    // A native radio ignores `readonly`; cancelling the click keeps the current choice.
    if (isReadOnly) event.preventDefault();
  }

  return (
    <fieldset
      id={ids.controlId}
      role="radiogroup"
      className={field.className}
      disabled={isDisabled}
      aria-labelledby={ids.labelId}
      aria-required={isRequired || undefined}
      aria-invalid={isInvalid || undefined}
      aria-readonly={isReadOnly || undefined}
      aria-describedby={field.describedBy()}
    >
      <legend className="choice-group__legend">
        <span id={ids.labelId}>{label}</span>
        {isRequired && <RequiredTag />}
      </legend>
      {description !== undefined && (
        <FieldDescription id={ids.descriptionId}>{description}</FieldDescription>
      )}
      {errorMessage !== null && <FieldError id={ids.errorId} message={errorMessage} />}
      <div className="choice-group__options">
        {options.map((option) => {
          const optionId = `${ids.controlId}-${option.value}`;
          const optionDescriptionId = `${optionId}-description`;
          return (
            <div key={option.value} className="choice">
              <RadioInput
                id={optionId}
                type="radio"
                name={name}
                value={option.value}
                checked={selected === option.value}
                disabled={option.isDisabled}
                required={isRequired}
                aria-describedby={
                  option.description === undefined ? undefined : optionDescriptionId
                }
                onClick={onRadioClick}
                onChange={() => {
                  if (!isReadOnly) select(option.value);
                }}
              />
              <span className="choice__text">
                <label className="choice__label" htmlFor={optionId}>
                  {option.label}
                </label>
                {option.description !== undefined && (
                  <span id={optionDescriptionId} className="choice__description">
                    {option.description}
                  </span>
                )}
              </span>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
