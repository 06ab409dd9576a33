import { Link, useLocation } from 'react-router';
import { useBrand } from '../../brand/brand-context.js';
import { paths } from '../../config/paths.js';
import { audienceForPath } from '../../features/session/sign-in-paths.js';
import { useSession, type TSession } from '../../features/session/use-session.js';
import { useSignOut } from '../../features/session/use-sign-out.js';
import { useStartSignIn } from '../../features/session/use-start-sign-in.js';
import { Button } from '../button/button.js';

function SessionNav({ session }: { session: TSession }) {
  const { pathname } = useLocation();
  const { startSignIn, isStarting } = useStartSignIn(session.audience);
  const { signOut, isSigningOut } = useSignOut(session);

  if (session.status === 'pending') {
    // A held sign-in being checked, which mostly holds: the signed-in nav's room is kept (two
    // lines on a phone), so that the page does not jump down when it shows.
    return (
      <div className="site-nav site-nav--pending" aria-hidden="true">
        <span className="site-nav__email">&nbsp;</span>
        <span className="site-nav__button-room" />
      </div>
    );
  }
  if (session.status === 'signed-in') {
    return (
      <nav className="site-nav" aria-label="Account">
        {/* One line whatever its length (up to 254 characters), cut with an ellipsis; the whole
            address stays in the text for screen readers and in the title on hover. */}
        <span className="site-nav__email" title={session.identity.email}>
          <span className="visually-hidden">Signed in as </span>
          {session.identity.email}
        </span>
        {session.audience === 'customer' && (
          <Link
            className="site-nav__link"
            to={paths.dashboard.getHref()}
            aria-current={pathname === paths.dashboard.getHref() ? 'page' : undefined}
          >
            Dashboard
          </Link>
        )}
        <Button
          variant="secondary"
          isFullWidth={false}
          className="site-nav__button"
          isLoading={isSigningOut}
          onClick={() => void signOut()}
        >
          Sign out
        </Button>
      </nav>
    );
  }
  // On the sign-in page itself there is nothing to start.
  if (pathname === paths.login.getHref()) return null;
  return (
    <nav className="site-nav" aria-label="Account">
      <Button
        variant="secondary"
        isFullWidth={false}
        className="site-nav__button"
        isLoading={isStarting}
        onClick={() => void startSignIn()}
      >
        Login
      </Button>
    </nav>
  );
}

/** The header of every page: the brand, and the visitor's session (document 2 §2). */
export function SiteHeader() {
  const brand = useBrand();
  const { pathname } = useLocation();
  const session = useSession(audienceForPath(pathname));
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link className="brand-link" to={paths.start.getHref()}>
          {/* The company name beside the logo names the link, so the image is decorative. */}
          <img className="brand-link__logo" src={brand.logoUrl} alt="" width="32" height="32" />
          <span>{brand.companyName}</span>
        </Link>
        <SessionNav session={session} />
      </div>
    </header>
  );
}
