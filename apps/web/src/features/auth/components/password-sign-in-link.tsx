import { Link } from 'react-router';
import type { TSignInAudience } from '@pledge/domain';
import { loginPageHref } from '../../session/sign-in-paths.js';

/**
 * Under the code sign-in of a brand that puts it first: the way to the password form for the
 * accounts that still have one, with the same return path.
 */
export function PasswordSignInLink({
  audience,
  requestedRedirect,
}: {
  audience: TSignInAudience;
  requestedRedirect: string | null;
}) {
  const href = loginPageHref({
    audience,
    signInMode: 'legacy',
    ...(requestedRedirect === null ? {} : { redirectUrl: requestedRedirect }),
  });
  return (
    <div className="auth-panel__alternative">
      <p>
        Have a password from before? <Link to={href}>Sign in with your password</Link>
      </p>
    </div>
  );
}
