import { useEffect, useRef } from 'react';
import { Progress } from '../../../ui/progress/progress.js';

/**
 * While the server decides on the details. It takes focus when it replaces the form, so keyboard
 * and screen-reader users are not left on a button that is gone.
 */
export function DetailsChecking({ isInternational }: { isInternational: boolean }) {
  const status = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) {
      status.current?.focus();
    }
  }, []);
  return (
    <div ref={status} className="details-checking" role="status" tabIndex={-1}>
      <Progress label={isInternational ? 'Reviewing your details…' : 'Checking your credit…'} />
      <p className="field__note">This usually takes a few seconds. Please keep this page open.</p>
    </div>
  );
}
