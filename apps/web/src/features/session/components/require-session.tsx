import { useContext, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { isPublicPath } from '@pledge/domain';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { PageHeading } from '../../../ui/page-heading.js';
import { audienceForPath } from '../sign-in-paths.js';
import { useIsSigningOut } from '../sign-out-state.js';
import { useSession } from '../use-session.js';
import { useSessionCheckOnReturn } from '../use-session-check-on-return.js';
import { SessionGateStatus, SignInCheckFrame } from './session-gate-status.js';
import { useStartSignIn } from '../use-start-sign-in.js';

/**
 * The pages below need a signed-in visitor (document 2 §2, §6): a borrower, or an agent under
 * /ops. Anyone else is taken to sign in, and comes back to the page asked for (path and query);
 * so is a visitor whose session ended while the tab was left (checked when it is shown again).
 * Public paths (the domain's list) pass as they are.
 */
export function RequireSession() {
  const { pathname, search } = useLocation();
  const isPublic = isPublicPath(pathname);
  const audience = audienceForPath(pathname);
  const session = useSession(audience);
  const isSigningOut = useIsSigningOut();
  const isFrame = useContext(SignInCheckFrame);
  const { startSignIn } = useStartSignIn(audience);
  const startedFor = useRef<string | null>(null);
  const mustSignIn = !isPublic && !isSigningOut && session.status === 'signed-out';
  const returnPath = `${pathname}${search}`;
  useSessionCheckOnReturn(audience, !isPublic && session.status === 'signed-in');

  useEffect(() => {
    if (!mustSignIn || startedFor.current === returnPath) return;
    startedFor.current = returnPath;
    void startSignIn(returnPath);
  }, [mustSignIn, returnPath, startSignIn]);

  if (isPublic || session.status === 'signed-in') return <Outlet />;
  if (session.status === 'error') {
    return (
      <section className="panel session-gate">
        <PageHeading>We could not check your sign-in</PageHeading>
        <Alert variant="error" title={session.error.message}>
          Check your connection and try again, or sign in again.
        </Alert>
        <div className="session-gate__actions">
          <Button onClick={session.retry}>Try again</Button>
          <Button variant="secondary" onClick={() => void startSignIn(returnPath)}>
            Sign in again
          </Button>
        </div>
      </section>
    );
  }
  return <SessionGateStatus isChecking={session.status === 'pending'} beforeApp={isFrame} />;
}
