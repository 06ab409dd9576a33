import type { ChangeEvent, ComponentPropsWithRef, MouseEvent, ReactNode } from 'react';
import {
  FieldDescription,
  FieldError,
  RequiredTag,
  type TFieldStateProps,
  useField,
} from '../field/field-parts.js';
import { useEditBeforeHydration } from '../field/edits-before-hydration.js';

type TNativeCheckboxProps = Omit<
  ComponentPropsWithRef<'input'>,
  | 'type'
  | 'disabled'
  | 'readOnly'
  | 'required'
  | 'aria-invalid'
  | 'aria-describedby'
  | 'aria-readonly'
  | 'children'
>;

export interface TCheckboxProps extends TNativeCheckboxProps, TFieldStateProps {
  label: ReactNode;
  onCheckedChange?: (isChecked: boolean) => void;
}

/**
 * A native checkbox with its label, hint and error. Read-only keeps it focusable and readable but
 * refuses the change (a native checkbox ignores `readonly`).
 */
export function Checkbox({
  label,
  description,
  error,
  isRequired = false,
  isDisabled = false,
  isReadOnly = false,
  onCheckedChange,
  onChange,
  onClick,
  id,
  className,
  ref,
  ...inputProps
}: TCheckboxProps) {
  const field = useField(id, { description, error, isDisabled, isReadOnly }, 'checkbox', className);
  const { ids, isInvalid, errorMessage } = field;
  const controlRef = useEditBeforeHydration(ref);

  function onInputClick(event: MouseEvent<HTMLInputElement>) {
    if (isReadOnly) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  }

  function onInputChange(event: ChangeEvent<HTMLInputElement>) {
    // React reports the change of a cancelled click too.
    if (isReadOnly) return;
    onChange?.(event);
    onCheckedChange?.(event.target.checked);
  }

  return (
    <div className={field.className}>
      {errorMessage !== null && <FieldError id={ids.errorId} message={errorMessage} />}
      <div className="checkbox__row">
        <input
          {...inputProps}
          ref={controlRef}
          id={ids.controlId}
          type="checkbox"
          className="checkbox__input"
          disabled={isDisabled}
          required={isRequired}
          aria-readonly={isReadOnly || undefined}
          aria-invalid={isInvalid || undefined}
          aria-describedby={field.describedBy()}
          onClick={onInputClick}
          onChange={onInputChange}
        />
        <label className="checkbox__label" htmlFor={ids.controlId}>
          {label}
        </label>
        {isRequired && <RequiredTag />}
      </div>
      {description !== undefined && (
        <FieldDescription id={ids.descriptionId}>{description}</FieldDescription>
      )}
    </div>
  );
}
