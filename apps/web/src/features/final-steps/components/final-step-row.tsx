import { Link } from 'react-router';
import { finalStepButton, type TFinalStepName, type TFinalStepStatus } from '@pledge/domain';
import { Button } from '../../../ui/button/button.js';

export interface TFinalStepRowProps {
  name: TFinalStepName;
  status: TFinalStepStatus;
  /** The row can be acted on in the application's current state. */
  isEnabled: boolean;
  /** What the step asks of the borrower. */
  description: string;
  /** Why a step that cannot be started yet waits, shown instead of nothing. */
  waitingReason: string | null;
  /** The page the row opens. */
  href: string;
}

/** One row of the checklist: the step, what it asks, and its Complete badge or button. */
export function FinalStepRow({
  name,
  status,
  isEnabled,
  description,
  waitingReason,
  href,
}: TFinalStepRowProps) {
  const control = finalStepButton({ name, status, enabled: isEnabled });
  const descriptionId = `final-step-${name.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <li className={`final-step${control.kind === 'complete-badge' ? ' final-step--complete' : ''}`}>
      <div className="final-step__text">
        <h2 className="final-step__name">{name}</h2>
        <p className="final-step__description" id={descriptionId}>
          {description}
          {control.kind === 'button' && control.disabled && waitingReason !== null && (
            <> {waitingReason}</>
          )}
        </p>
      </div>
      <div className="final-step__control">
        {control.kind === 'complete-badge' ? (
          <span className="final-step__badge">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </svg>
            Complete
          </span>
        ) : control.disabled ? (
          <Button variant="secondary" isFullWidth={false} disabled aria-describedby={descriptionId}>
            {control.label} <span className="visually-hidden">{name}</span>
          </Button>
        ) : (
          <Link className="button button--fit" to={href} aria-describedby={descriptionId}>
            {control.label} <span className="visually-hidden">{name}</span>
          </Link>
        )}
      </div>
    </li>
  );
}
