import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
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

/**
 * The server is still deciding after every poll the details step allows (document 2 §9): the
 * borrower learns what is happening, and goes on to the dashboard, where the result will show.
 */
export function DetailsStillProcessing({ isInternational }: { isInternational: boolean }) {
  const next = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    next.current?.focus();
  }, []);
  return (
    <>
      <Alert
        variant="info"
        isLive
        title={
          isInternational
            ? 'Reviewing your details is taking longer than usual'
            : 'Your credit check is taking longer than usual'
        }
      >
        <p>
          We are still working on it and nothing more is needed from you. Your dashboard shows your
          application, and its next step as soon as the result is in.
        </p>
      </Alert>
      <div className="page-actions">
        <Link ref={next} className="button" to={paths.dashboard.getHref()} replace>
          Go to your dashboard
        </Link>
      </div>
    </>
  );
}
