import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FieldHeading, hasError, type TFieldStateProps, useField } from '../field/field-parts.js';
import { useEditBeforeHydration } from '../field/edits-before-hydration.js';

type TNativeInputProps = Omit<
  ComponentPropsWithRef<'input'>,
  'disabled' | 'readOnly' | 'required' | 'aria-invalid' | 'aria-describedby' | 'children' | 'prefix'
>;

export interface TTextFieldProps extends TNativeInputProps, TFieldStateProps {
  label: ReactNode;
  /** Shown before the value (a "$"); decorative, so the label must say the unit too. */
  prefix?: string;
  /** Shown after the value (a "BTC"); decorative, so the label must say the unit too. */
  suffix?: string;
  /** What the field just did to the input (a refused or cut edit), shown under it until cleared. */
  notice?: string | null;
}

/**
 * A labelled text input with its hint and error. The order (label, hint, error, input) lets a
 * sighted reader see the error before the value it is about.
 */
export function TextField({
  label,
  description,
  error,
  isRequired = false,
  isDisabled = false,
  isReadOnly = false,
  prefix,
  suffix,
  notice,
  id,
  className,
  type = 'text',
  ref,
  ...inputProps
}: TTextFieldProps) {
  const field = useField(id, { description, error, isDisabled, isReadOnly }, className);
  const { ids, isInvalid } = field;
  const controlRef = useEditBeforeHydration(ref);
  const hasNotice = hasError(notice);
  return (
    <div className={field.className}>
      <FieldHeading {...field.heading} label={label} isRequired={isRequired} />
      <div className="input-group">
        {prefix !== undefined && (
          <span className="input-group__affix" aria-hidden="true">
            {prefix}
          </span>
        )}
        <input
          {...inputProps}
          ref={controlRef}
          id={ids.controlId}
          type={type}
          className="input"
          disabled={isDisabled}
          readOnly={isReadOnly}
          required={isRequired}
          aria-invalid={isInvalid || undefined}
          aria-describedby={field.describedBy(hasNotice && ids.noticeId)}
        />
        {suffix !== undefined && (
          <span className="input-group__affix" aria-hidden="true">
            {suffix}
          </span>
        )}
      </div>
      {hasNotice && (
        <p id={ids.noticeId} className="field__notice">
          {notice}
        </p>
      )}
    </div>
  );
}
