export interface TStepperProps {
  /** The steps' names, in order. */
  steps: readonly string[];
  /** The current step, from 0; at or past the last index every earlier step is complete. */
  currentIndex: number;
  /** What the steps are of ("Loan progress"); names the list. */
  label: string;
  className?: string;
}

type TStepStatus = 'complete' | 'current' | 'upcoming';

function stepStatus(index: number, currentIndex: number): TStepStatus {
  if (index < currentIndex) return 'complete';
  return index === currentIndex ? 'current' : 'upcoming';
}

/**
 * Progress through N steps: an ordered list (so "2 of 4" is heard), the current step marked with
 * aria-current="step", completed steps said as completed, not only shown with a tick.
 */
export function Stepper({ steps, currentIndex, label, className }: TStepperProps) {
  return (
    <ol className={className === undefined ? 'stepper' : `stepper ${className}`} aria-label={label}>
      {steps.map((step, index) => {
        const status = stepStatus(index, currentIndex);
        return (
          <li
            key={step}
            className={`stepper__step stepper__step--${status}`}
            aria-current={status === 'current' ? 'step' : undefined}
          >
            <span className="stepper__marker" aria-hidden="true">
              {status === 'complete' ? (
                <svg viewBox="0 0 24 24" width="16" height="16" focusable="false">
                  <path d="M5 12.5l4.5 4.5L19 7.5" />
                </svg>
              ) : (
                index + 1
              )}
            </span>
            <span className="stepper__label">
              {step}
              {status === 'complete' && <span className="visually-hidden"> (completed)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
