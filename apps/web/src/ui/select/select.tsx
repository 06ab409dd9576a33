import type { ChangeEvent, ComponentPropsWithRef, ReactNode } from 'react';
import { FieldHeading, type TFieldStateProps, useField } from '../field/field-parts.js';
import { useEditBeforeHydration } from '../field/edits-before-hydration.js';

export interface TSelectOption {
  value: string;
  label: string;
  isDisabled?: boolean;
}

type TNativeSelectProps = Omit<
  ComponentPropsWithRef<'select'>,
  'disabled' | 'required' | 'aria-invalid' | 'aria-describedby' | 'children' | 'multiple'
>;

export interface TSelectProps extends TNativeSelectProps, TFieldStateProps {
  label: ReactNode;
  options: readonly TSelectOption[];
  /** The empty first choice ("Select a state"); without it the first option is preselected. */
  placeholder?: string;
  onValueChange?: (value: string) => void;
}

/**
 * The platform's own select: the phone's native picker, type-ahead and full keyboard support for
 * free. A select cannot be read-only, so a read-only one is shown as a read-only text input with the
 * chosen label, and the value still goes with the form.
 */
export function Select({
  label,
  options,
  placeholder,
  description,
  error,
  isRequired = false,
  isDisabled = false,
  isReadOnly = false,
  onValueChange,
  onChange,
  id,
  className,
  ref,
  ...selectProps
}: TSelectProps) {
  const field = useField(id, { description, error, isDisabled, isReadOnly }, className);
  const { ids, isInvalid } = field;
  const controlRef = useEditBeforeHydration(ref);
  const ariaDescribedBy = field.describedBy();

  function onSelectChange(event: ChangeEvent<HTMLSelectElement>) {
    onChange?.(event);
    onValueChange?.(event.target.value);
  }

  const readOnlyValue = String(selectProps.value ?? selectProps.defaultValue ?? '');
  const control = isReadOnly ? (
    <>
      <input
        id={ids.controlId}
        className="input"
        readOnly
        required={isRequired}
        value={options.find((option) => option.value === readOnlyValue)?.label ?? ''}
        aria-invalid={isInvalid || undefined}
        aria-describedby={ariaDescribedBy}
      />
      {selectProps.name !== undefined && (
        <input type="hidden" name={selectProps.name} value={readOnlyValue} />
      )}
    </>
  ) : (
    <select
      {...selectProps}
      ref={controlRef}
      id={ids.controlId}
      className="select"
      disabled={isDisabled}
      required={isRequired}
      aria-invalid={isInvalid || undefined}
      aria-describedby={ariaDescribedBy}
      onChange={onSelectChange}
    >
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={option.isDisabled}>
          {option.label}
        </option>
      ))}
    </select>
  );

  return (
    <div className={field.className}>
      <FieldHeading {...field.heading} label={label} isRequired={isRequired} />
      {control}
    </div>
  );
}
