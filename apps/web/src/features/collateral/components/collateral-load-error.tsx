import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { ScreenLoading } from '../../../ui/layout/app-layout.js';
import { PageHeading } from '../../../ui/page-heading.js';

interface TCollateralLoadErrorProps {
  /** The page's own title and panel class: the page keeps its heading when its data fails. */
  title: string;
  className: string;
  error: Error;
  onRetry: () => void;
}

/** A collateral page, with what went wrong and a retry, when its collateral could not be loaded. */
function CollateralLoadError({ title, className, error, onRetry }: TCollateralLoadErrorProps) {
  return (
    <section className={`panel ${className}`}>
      <PageHeading>{title}</PageHeading>
      <Alert variant="error" title="We couldn’t load your collateral">
        {error.message}
      </Alert>
      <div className="page-actions">
        <Button type="button" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </section>
  );
}

/**
 * A collateral page until its collateral is in: the loader while it loads, then, once it could
 * not be loaded, the page's own heading with what went wrong and a retry.
 */
export function CollateralPending({
  title,
  className,
  query,
}: Pick<TCollateralLoadErrorProps, 'title' | 'className'> & {
  query: { isError: boolean; error: Error | null; refetch: () => unknown };
}) {
  if (!query.isError || query.error === null) return <ScreenLoading />;
  return (
    <CollateralLoadError
      title={title}
      className={className}
      error={query.error}
      onRetry={() => void query.refetch()}
    />
  );
}
