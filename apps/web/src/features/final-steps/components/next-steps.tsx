import { isTransitional, KRANG_STATE_POLL_MS, nextStepsRedirect } from '@pledge/domain';
import { ScreenLoading } from '../../../ui/layout/app-layout.js';
import { PageHeading } from '../../../ui/page-heading.js';
import { Progress } from '../../../ui/progress/progress.js';
import { ApplicationLoadError } from '../../application/components/application-load-error.js';
import { usePageApplication } from '../../application/hooks/use-page-application.js';
import { useFinalSteps } from '../api/get-final-steps.js';
import { FinalStepsChecklist } from './final-steps-checklist.js';

const TITLE = 'Final steps';

/**
 * /{appUuid}/next-steps: the checklist while the application is being processed; any other state
 * sends the borrower to the page for it (document 1 §4). While the server is still deciding on the
 * details the page waits, polling the application.
 */
export function NextSteps() {
  const { appUuid, application, standIn } = usePageApplication(
    ({ state }) => nextStepsRedirect(state),
    { pollMsWhile: (state) => (isTransitional(state) ? KRANG_STATE_POLL_MS : false) },
  );
  const hasChecklist = application !== undefined && !isTransitional(application.state);
  const finalSteps = useFinalSteps(appUuid, { enabled: hasChecklist });

  if (application === undefined) return standIn;
  if (!hasChecklist) {
    return (
      <section className="panel">
        <PageHeading>{TITLE}</PageHeading>
        <div role="status">
          <Progress label="We’re still processing your application…" />
          <p className="field__note">Your final steps appear here in a moment.</p>
        </div>
      </section>
    );
  }
  if (finalSteps.data === undefined) {
    return finalSteps.isError ? (
      <ApplicationLoadError
        error={finalSteps.error}
        onRetry={() => void finalSteps.refetch()}
        what="your final steps"
      />
    ) : (
      <ScreenLoading />
    );
  }
  return (
    <section className="panel next-steps">
      <PageHeading>{TITLE}</PageHeading>
      <p>Complete these steps to get your loan.</p>
      <FinalStepsChecklist application={application} finalSteps={finalSteps.data} />
    </section>
  );
}
