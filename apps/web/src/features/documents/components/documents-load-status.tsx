import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';

/** What a list of documents says while it loads and when it fails. */
export interface TDocumentsQuery {
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * A list of documents not loaded yet: a status line while it loads, and once it has failed why,
 * with a way to try again. `message` stands in for the error's own where the page words it itself.
 */
export function DocumentsLoadStatus({
  query,
  title,
  message,
  loadingText,
}: {
  query: TDocumentsQuery;
  title?: string;
  message?: string;
  loadingText: string;
}) {
  if (!query.isError) return <p role="status">{loadingText}</p>;
  return (
    <Alert variant="error" title={title}>
      <p>{message ?? query.error?.message}</p>
      <Button
        variant="secondary"
        isFullWidth={false}
        isLoading={query.isFetching}
        onClick={() => void query.refetch()}
      >
        Try again
      </Button>
    </Alert>
  );
}
