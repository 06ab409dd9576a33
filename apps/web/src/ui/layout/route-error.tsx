import { useEffect, useState } from 'react';
import { isRouteErrorResponse, Link } from 'react-router';
import { paths } from '../../config/paths.js';
import { PageHeading } from '../page-heading.js';
import {
  diagnoseCodeLoadFailure,
  isChunkLoadError,
  type TCodeLoadFailure,
} from './code-load-failure.js';
import { useRouteTitle } from './use-route-title.js';

const CODE_LOAD_TEXTS: Record<TCodeLoadFailure, { heading: string; text: string }> = {
  updated: {
    heading: 'This page has been updated',
    text: 'A newer version of this page is available. Reload to continue.',
  },
  offline: {
    heading: 'This page could not be loaded',
    text: 'We could not reach the server. Check your connection, then reload the page.',
  },
  failed: {
    heading: 'This page could not be loaded',
    text: 'Part of this page did not arrive. Reload to try again.',
  },
};

/** A screen whose code did not arrive: says why once the file has been asked for again. */
function CodeLoadFailure({ error }: { error: unknown }) {
  const [failure, setFailure] = useState<TCodeLoadFailure | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void diagnoseCodeLoadFailure(error).then((found) => {
      if (isCurrent) setFailure(found);
    });
    return () => {
      isCurrent = false;
    };
  }, [error]);
  if (failure === null) {
    return (
      <section className="panel">
        <PageHeading>This page could not be loaded</PageHeading>
        <p role="status">Checking why…</p>
      </section>
    );
  }
  const { heading, text } = CODE_LOAD_TEXTS[failure];
  return (
    <section className="panel">
      <PageHeading>{heading}</PageHeading>
      <p>{text}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </section>
  );
}

/** Shown inside the layout when a screen fails to load or throws while rendering. */
export function RouteError({ error }: { error: unknown }) {
  useRouteTitle(undefined);
  if (isChunkLoadError(error)) return <CodeLoadFailure error={error} />;
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
