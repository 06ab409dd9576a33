import { useId, type ReactNode } from 'react';

/** Progress as a whole percent: the value over the maximum (document 2 §5), kept within 0-100. */
export function progressPercent(value: number, max: number): number {
  if (!(max > 0) || !Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, Math.round((value / max) * 100)));
}

export interface TProgressProps {
  label: ReactNode;
  /** Omitted while the amount of work is unknown (an indeterminate bar). */
  value?: number;
  max?: number;
  className?: string;
}

/** The native <progress>, labelled, with its percent shown beside the label. */
export function Progress({ label, value, max = 100, className }: TProgressProps) {
  const id = useId();
  const percent = value === undefined ? null : progressPercent(value, max);
  return (
    <div className={className === undefined ? 'progress' : `progress ${className}`}>
      <div className="progress__header">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {percent !== null && (
          // The bar itself tells assistive technology its value; this is for the eye.
          <span className="progress__percent" aria-hidden="true">
            {percent}%
          </span>
        )}
      </div>
      <progress
        id={id}
        className="progress__bar"
        max={max}
        value={value}
        aria-valuetext={percent === null ? undefined : `${percent}%`}
      />
    </div>
  );
}
