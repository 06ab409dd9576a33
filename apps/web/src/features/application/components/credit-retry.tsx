import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { useCreditRetry } from '../api/post-credit-retry.js';

interface TCreditRetryProps {
  /** What the borrower must have done first, e.g. 'unlocked your credit file'. */
  done: string;
}

/**
 * The way back from a locked or frozen credit file: once the borrower has lifted it, the server
 * runs the soft credit check again (within the days the rules allow) and the details page waits
 * for the new decision.
 */
export function CreditRetry({ done }: TCreditRetryProps) {
  const { appUuid = '' } = useParams();
  const navigate = useNavigate();
  const retry = useCreditRetry(appUuid);

  function onRetry() {
    retry.mutate(undefined, {
      onSuccess: () => {
        void navigate(paths.application.details.getHref(appUuid), { replace: true });
      },
    });
  }

  return (
    <div className="outcome-page__retry">
      <p>Have you {done}? We can run the soft credit check again now.</p>
      {retry.isError && (
        <Alert variant="error" title="We couldn’t run the credit check again">
          {retry.error.message}
        </Alert>
      )}
      <Button isFullWidth={false} isLoading={retry.isPending} onClick={onRetry}>
        Check my credit again
      </Button>
    </div>
  );
}
