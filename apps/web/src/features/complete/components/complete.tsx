import { Link } from 'react-router';
import {
  completePageRedirect,
  completionTracker,
  KRANG_STATE_POLL_MS,
  shouldPollCompletion,
} from '@pledge/domain';
import { useBrand } from '../../../brand/brand-context.js';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { PageHeading } from '../../../ui/page-heading.js';
import { Stepper } from '../../../ui/stepper/stepper.js';
import { usePageApplication } from '../../application/hooks/use-page-application.js';
import { useCompletionTelemetry } from '../hooks/use-completion-telemetry.js';
import { CompletionNext } from './completion-next.js';

const TITLE = 'Application status';

function CancelledApplication() {
  const { supportPhone } = useBrand();
  return (
    <section className="panel completion">
      <PageHeading>{TITLE}</PageHeading>
      <Alert variant="warn" title="This application was cancelled">
        <p>Your loan won’t go ahead. If you have questions, contact support at {supportPhone}.</p>
      </Alert>
      <Link className="button" to={paths.dashboard.getHref()}>
        Go to your dashboard
      </Link>
    </section>
  );
}

/**
 * /{appUuid}/complete: the loan's progress from the collateral to the funds (document 1 §4). The
 * page polls the application until it settles and reports the collateral received and the loan
 * complete; any state it does not show sends the borrower where that state leads.
 */
export function Complete() {
  const {
    appUuid,
    application: data,
    standIn,
  } = usePageApplication(completePageRedirect, {
    pollMsWhile: (state) => (shouldPollCompletion(state) ? KRANG_STATE_POLL_MS : false),
  });
  useCompletionTelemetry(appUuid, data?.state);

  if (data === undefined) return standIn;
  if (data.state === 'CANCELLED') return <CancelledApplication />;
  const tracker = completionTracker(data);
  return (
    <section className="panel completion">
      <PageHeading>{TITLE}</PageHeading>
      <Stepper steps={tracker.steps} currentIndex={tracker.currentIndex} label="Loan progress" />
      <CompletionNext application={data} />
    </section>
  );
}
