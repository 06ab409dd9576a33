import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';

/** What a console page's load says while it runs and when it fails. */
export type TLoadQuery = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
};

/**
 * A console page's load: a status line while it runs, and when it fails the reason with a way to
 * try again. Nothing once the data is there.
 */
export function OpsQueryStatus({
  query,
  loadingText,
  errorTitle,
}: {
  query: TLoadQuery;
  loadingText: string;
  errorTitle: string;
}) {
  return (
    <>
      {query.isPending && (
        <p className="loading" role="status">
          {loadingText}
        </p>
      )}
      {query.isError && (
        <div className="ops-applications__error">
          <Alert variant="error" title={errorTitle}>
            {query.error?.message}
          </Alert>
          <Button isFullWidth={false} onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      )}
    </>
  );
}
