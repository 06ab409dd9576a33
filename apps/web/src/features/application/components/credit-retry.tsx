import { useState } from 'react';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { TApplicationState } from '@pledge/domain';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { Progress } from '../../../ui/progress/progress.js';
import { useWaitForDetailsOutcome } from '../../details/hooks/use-wait-for-details-outcome.js';
import { useCreditRetry } from '../api/post-credit-retry.js';
import { setCachedApplicationState } from '../api/get-application.js';

interface TCreditRetryProps {
  /** What the borrower must have done first, e.g. 'unlocked your credit file'. */
  done: string;
  /** The state of the page: a new check that ends here again says so. */
  state: TApplicationState;
  /** The page's finding in a few words, e.g. 'your credit file is still locked'. */
  stillText: string;
}

/**
 * What the check run again came to, when it is not a page of its own: the same finding, or no
 * decision yet within the polls of the details step (document 2 §9).
 */
type TRetryResult = { kind: 'same'; at: Date } | { kind: 'still-processing' };

function timeOf(date: Date): string {
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/**
 * The way back from a locked or frozen credit file: once the borrower has lifted it, the server
 * runs the soft credit check again (within the days the rules allow). The page shows the check
 * running, polled as after the details, and then its result: another page for a new decision (the
 * outcome page follows the application's state), or a word here when nothing changed.
 */
export function CreditRetry({ done, state, stillText }: TCreditRetryProps) {
  const { appUuid = '' } = useParams();
  const queryClient = useQueryClient();
  const retry = useCreditRetry(appUuid);
  const [isChecking, setIsChecking] = useState(false);
  const [result, setResult] = useState<TRetryResult | null>(null);
  const waitForOutcome = useWaitForDetailsOutcome(appUuid);

  async function waitForResult() {
    setIsChecking(true);
    const outcome = await waitForOutcome();
    if (outcome === null) return;
    if (outcome.kind === 'still-processing') {
      setResult({ kind: 'still-processing' });
    } else {
      if (outcome.state.state === state) setResult({ kind: 'same', at: new Date() });
      // Another state: the outcome page leads on to the page of the new decision.
      setCachedApplicationState(queryClient, appUuid, outcome.state);
    }
    setIsChecking(false);
  }

  function onRetry() {
    setResult(null);
    retry.mutate(undefined, { onSuccess: () => void waitForResult() });
  }

  const isBusy = retry.isPending || isChecking;
  return (
    <div className="outcome-page__retry">
      <p>Have you {done}? We can run the soft credit check again now.</p>
      {retry.isError && (
        <Alert variant="error" title="We couldn’t run the credit check again">
          {retry.error.message}
        </Alert>
      )}
      <div role="status">
        {isChecking && <Progress label="Checking your credit again…" />}
        {result?.kind === 'same' && (
          <Alert variant="warn" title={`We checked again at ${timeOf(result.at)}`}>
            <p>
              The credit bureau still says {stillText}. Check it at every bureau, then try again.
            </p>
          </Alert>
        )}
        {result?.kind === 'still-processing' && (
          <Alert variant="info" title="Your credit check is taking longer than usual">
            <p>
              We are still working on it and nothing more is needed from you. Your dashboard shows
              your application, and its next step as soon as the result is in.
            </p>
          </Alert>
        )}
      </div>
      <Button isFullWidth={false} isLoading={isBusy} onClick={onRetry}>
        Check my credit again
      </Button>
    </div>
  );
}
