import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type ClipboardEvent,
  type Ref,
} from 'react';
import { NUMERIC_INPUT_MESSAGES } from '@pledge/domain';
import { TextField, type TTextFieldProps } from '../text-field/text-field.js';
import { useLiveRegion } from '../live-region/live-region.js';
import {
  normalizeNumericText,
  numericEditError,
  type TNumericTextResult,
  type TNumericTextRules,
} from './numeric-text.js';

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
 * default, document 2 §5) and commas only where allowed. Pasted text is taken as people write
 * numbers (spaces, "$", thousands separators, a decimal comma: numeric-text.ts). An edit that
 * breaks the rules is refused or cut, the caret stays where it was, and the reason shows under the
 * field until the next edit (and is said once by the live region).
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
  const [notice, setNotice] = useState<string | null>(null);
  const { announce, liveRegion } = useLiveRegion();
  const rules = { allowCommas, maxDecimals };

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

  function refuse(message: string, caret: number) {
    caretAfterRefusal.current = Math.max(0, Math.min(caret, text.length));
    setRefusals((count) => count + 1);
    setNotice(message);
    announce(message);
  }

  function take(result: TNumericTextResult) {
    if (result.text === null) return;
    setNotice(result.message);
    if (result.message !== null) announce(result.message);
    if (value === undefined) setUncontrolledValue(result.text);
    onValueChange?.(result.text);
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const next = event.target.value.trim();
    const result =
      numericEditError(next, rules) === null
        ? { text: next, message: null }
        : normalizeNumericText(next, rules);
    if (result.text === null || result.text === text) {
      const caret = event.target.selectionStart ?? next.length;
      refuse(
        result.message ?? NUMERIC_INPUT_MESSAGES.notANumber,
        caret - (next.length - text.length),
      );
      return;
    }
    take(result);
  }

  // Pasted text is read as a whole number ("$20,000", "20 000", "1,5"), not keystroke by keystroke.
  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const target = event.currentTarget;
    const start = target.selectionStart ?? text.length;
    const end = target.selectionEnd ?? start;
    event.preventDefault();
    const pasted = `${text.slice(0, start)}${event.clipboardData.getData('text')}${text.slice(end)}`;
    const result = normalizeNumericText(pasted, rules);
    if (result.text === null) refuse(result.message ?? NUMERIC_INPUT_MESSAGES.notANumber, start);
    else take(result);
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
        notice={notice}
        onChange={onChange}
        onPaste={onPaste}
      />
      {liveRegion}
    </>
  );
}
