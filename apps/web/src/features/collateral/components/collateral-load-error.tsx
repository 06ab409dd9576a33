import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { PageHeading } from '../../../ui/page-heading.js';

interface TCollateralLoadErrorProps {
  /** The page's own title and panel class: the page keeps its heading when its data fails. */
  title: string;
  className: string;
  error: Error;
  onRetry: () => void;
}

/** A collateral page, with what went wrong and a retry, when its collateral could not be loaded. */
export function CollateralLoadError({
  title,
  className,
  error,
  onRetry,
}: TCollateralLoadErrorProps) {
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
