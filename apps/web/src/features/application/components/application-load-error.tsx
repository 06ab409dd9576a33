import { Link } from 'react-router';
import { ScreenLoading } from '../../../ui/layout/app-layout.js';
import { isApiError } from '../../../api/client.js';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { PageHeading } from '../../../ui/page-heading.js';

interface TApplicationLoadErrorProps {
  error: Error;
  onRetry: () => void;
  /** What could not be loaded ("your application", "your final steps"). */
  what?: string;
}

/**
 * In place of a page whose data could not be loaded: a missing application (another borrower's id
 * answers 404 too) leads to the dashboard; any other failure can be retried.
 */
export function ApplicationLoadError({
  error,
  onRetry,
  what = 'your application',
}: TApplicationLoadErrorProps) {
  const isNotFound = isApiError(error) && error.status === 404;
  return (
    <section className="panel">
      <PageHeading>{isNotFound ? 'Application not found' : `We couldn’t load ${what}`}</PageHeading>
      {isNotFound ? (
        <p>
          We couldn’t find this application in your account. Your applications and loans are on your
          dashboard.
        </p>
      ) : (
        <Alert variant="error" title="Something went wrong">
          {error.message}
        </Alert>
      )}
      <div className="page-actions">
        {!isNotFound && (
          <Button type="button" onClick={onRetry}>
            Try again
          </Button>
        )}
        <Link
          className={isNotFound ? 'button' : 'button button--secondary'}
          to={paths.dashboard.getHref()}
        >
          Go to your dashboard
        </Link>
      </div>
    </section>
  );
}

interface TPendingQuery {
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * What a page shows until its data is in: a loader while it loads (or loads again), and the error
 * with a retry once the last try has failed.
 */
export function PendingData({ query, what }: { query: TPendingQuery; what?: string }) {
  if (query.isError && !query.isFetching && query.error !== null) {
    return (
      <ApplicationLoadError
        error={query.error}
        onRetry={() => void query.refetch()}
        {...(what === undefined ? {} : { what })}
      />
    );
  }
  return <ScreenLoading />;
}
