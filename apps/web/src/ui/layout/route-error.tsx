import { isRouteErrorResponse, Link } from 'react-router';
import { paths } from '../../config/paths.js';
import { PageHeading } from '../page-heading.js';
import { useRouteTitle } from './use-route-title.js';

// A screen's code can fail to load after a new release replaced the old files; a reload fixes it.
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|importing a module/i.test(error.message)
  );
}

/** Shown inside the layout when a screen fails to load or throws while rendering. */
export function RouteError({ error }: { error: unknown }) {
  useRouteTitle(undefined);
  if (isChunkLoadError(error)) {
    return (
      <section className="panel">
        <PageHeading>This page has been updated</PageHeading>
        <p>A newer version of this page is available. Reload to continue.</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </section>
    );
  }
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="panel">
      <PageHeading>{isNotFound ? 'Page not found' : 'Something unexpected happened'}</PageHeading>
      <p>{isNotFound ? 'This page does not exist.' : 'Something unexpected happened. Try again'}</p>
      <Link className="button" to={paths.start.getHref()}>
        Go to the start page
      </Link>
    </section>
  );
}
