import { useState, type ChangeEvent, type ReactNode } from 'react';
import { formatUsd, usdToCents } from '@pledge/domain';
import { FieldHeading, type TFieldStateProps, useField } from '../field/field-parts.js';

/** Slider defaults of document 2 §5 (and §9): 0 to 100, or the minimum plus 100. */
export const SLIDER_DEFAULT_MIN = 0;
export const SLIDER_DEFAULT_SPAN = 100;

/** The slider's range: minimum 0 and maximum 100 by default, or minimum + 100 with only a minimum. */
export function sliderRange(min?: number, max?: number): { min: number; max: number } {
  const lower = min ?? SLIDER_DEFAULT_MIN;
  return { min: lower, max: max ?? lower + SLIDER_DEFAULT_SPAN };
}

/** A slider value in US dollars as shown: "$5,000", or "$5,000.50" when it has cents. */
export function formatSliderUsd(dollars: number): string {
  return formatUsd(usdToCents(dollars), { decimals: Number.isInteger(dollars) ? 0 : 2 });
}

export interface TSliderProps extends Omit<TFieldStateProps, 'isRequired'> {
  label: ReactNode;
  /** In US dollars; controlled when given. */
  value?: number;
  defaultValue?: number;
  onValueChange?: (dollars: number) => void;
  min?: number;
  max?: number;
  step?: number;
  name?: string;
  id?: string;
  className?: string;
}

/**
 * A US-dollar slider on the native range input (arrow keys, Page Up/Down, Home/End for free). The
 * value is spoken in dollars, and the footer shows the bounds in dollars (document 2 §5).
 */
export function Slider({
  label,
  value,
  defaultValue,
  onValueChange,
  min: minProp,
  max: maxProp,
  step = 1,
  description,
  error,
  isDisabled = false,
  isReadOnly = false,
  name,
  id,
  className,
}: TSliderProps) {
  const field = useField(id, { description, error, isDisabled, isReadOnly }, 'slider', className);
  const { ids, isInvalid } = field;
  const { min, max } = sliderRange(minProp, maxProp);
  const [uncontrolledValue, setUncontrolledValue] = useState(defaultValue ?? min);
  const current = value ?? uncontrolledValue;

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    // A range input ignores `readonly`; a controlled value that is not updated stays put.
    if (isReadOnly) return;
    const next = Number(event.target.value);
    if (value === undefined) setUncontrolledValue(next);
    onValueChange?.(next);
  }

  return (
    <div className={field.className}>
      <FieldHeading {...field.heading} label={label} />
      <input
        id={ids.controlId}
        type="range"
        className="slider__input"
        name={name}
        min={min}
        max={max}
        step={step}
        value={current}
        disabled={isDisabled}
        aria-readonly={isReadOnly || undefined}
        aria-valuetext={formatSliderUsd(current)}
        aria-invalid={isInvalid || undefined}
        aria-describedby={field.describedBy()}
        onChange={onChange}
      />
      <div className="slider__footer">
        <span>
          <span className="visually-hidden">Minimum </span>
          {formatSliderUsd(min)}
        </span>
        <span>
          <span className="visually-hidden">Maximum </span>
          {formatSliderUsd(max)}
        </span>
      </div>
    </div>
  );
}
