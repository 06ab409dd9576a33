import { useCallback, useLayoutEffect, useRef, useState, type ChangeEvent, type Ref } from 'react';
import { TextField, type TTextFieldProps } from '../text-field/text-field.js';
import { useLiveRegion } from '../live-region/live-region.js';
import { numericEditError, type TNumericTextRules } from './numeric-text.js';

export interface TNumericFieldProps
  extends
    Omit<TTextFieldProps, 'type' | 'inputMode' | 'value' | 'defaultValue' | 'onChange'>,
    TNumericTextRules {
  /** The text as typed (commas kept for cash); controlled when given. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (text: string) => void;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref !== null && ref !== undefined) ref.current = value;
}

/**
 * A decimal number input: the decimal keypad on phones, at most `maxDecimals` decimals (6 by
 * default, document 2 §5) and commas only where allowed. An edit that breaks those rules is
 * refused, the caret stays where it was, and a screen reader hears why.
 */
export function NumericField({
  value,
  defaultValue = '',
  onValueChange,
  allowCommas = false,
  maxDecimals,
  ref,
  ...fieldProps
}: TNumericFieldProps) {
  const [uncontrolledValue, setUncontrolledValue] = useState(defaultValue);
  const text = value ?? uncontrolledValue;
  const input = useRef<HTMLInputElement | null>(null);
  const caretAfterRefusal = useRef<number | null>(null);
  const [refusals, setRefusals] = useState(0);
  const { announce, liveRegion } = useLiveRegion();

  const setInputRef = useCallback(
    (element: HTMLInputElement | null) => {
      input.current = element;
      assignRef(ref, element);
    },
    [ref],
  );

  // After a refused edit React puts the old text back; put the caret back where it was too.
  useLayoutEffect(() => {
    const caret = caretAfterRefusal.current;
    if (caret === null || input.current === null) return;
    input.current.setSelectionRange(caret, caret);
    caretAfterRefusal.current = null;
  }, [refusals]);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const next = event.target.value.trim();
    const refusal = numericEditError(next, { allowCommas, maxDecimals });
    if (refusal !== null) {
      const caret = event.target.selectionStart ?? next.length;
      caretAfterRefusal.current = Math.max(0, caret - (next.length - text.length));
      setRefusals((count) => count + 1);
      announce(refusal);
      return;
    }
    if (value === undefined) setUncontrolledValue(next);
    onValueChange?.(next);
  }

  return (
    <>
      <TextField
        {...fieldProps}
        ref={setInputRef}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={onChange}
      />
      {liveRegion}
    </>
  );
}
