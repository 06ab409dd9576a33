import { useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import type { TApplication } from '@pledge/contract';
import { isTransitional, routeAfterDetails } from '@pledge/domain';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { ScreenLoading } from '../../../ui/layout/app-layout.js';
import { PageHeading } from '../../../ui/page-heading.js';
import { useFreshApplication } from '../../application/api/get-application.js';
import { applicationDestinationHref } from '../../application/application-route.js';
import { PendingData } from '../../application/components/application-load-error.js';
import { useSession } from '../../session/use-session.js';
import { useProfile } from '../api/get-profile.js';
import { initialDetailsValues } from '../details-form-values.js';
import { useDetailsSubmission } from '../hooks/use-details-submission.js';
import { DetailsChecking, DetailsStillProcessing } from './details-checking.js';
import { DetailsForm } from './details-form.js';

const TITLE = 'Loan details';

/** The form, prefilled once the profile (or its absence) is known. */
function PrefilledDetailsForm({
  application,
  submission,
}: {
  application: TApplication;
  submission: ReturnType<typeof useDetailsSubmission>;
}) {
  const profile = useProfile();
  const session = useSession();
  const signedInEmail = session.status === 'signed-in' ? session.identity.email : null;
  const isProfileSettled = profile.data !== undefined || profile.isError;
  if (!isProfileSettled || session.status === 'pending') return <ScreenLoading />;
  // The form takes these once, when it opens: later answers never overwrite what was typed.
  const initialValues = initialDetailsValues({
    profile: profile.data ?? null,
    signedInEmail,
    isInternational: application.isInternational,
    offerState: application.selectedOffer?.state ?? null,
    offerCountryCode: application.selectedOffer?.countryCode ?? null,
  });
  return (
    <DetailsForm
      isInternational={application.isInternational}
      initialValues={initialValues}
      onSubmit={(body) => void submission.submit(body)}
      isSubmitting={submission.phase !== 'editing'}
      serverErrors={submission.serverErrors}
      onServerErrorResolved={submission.resolveServerError}
      formError={submission.formError}
      refusalCount={submission.refusalCount}
    />
  );
}

/**
 * /{appUuid}/details: the loan details form while the offer is accepted; after the details are in,
 * the wait for the credit decision, then the page the decision leads to (document 2 §4, §9).
 */
export function LoanDetails() {
  const { appUuid = '' } = useParams();
  const application = useFreshApplication(appUuid);
  const submission = useDetailsSubmission(appUuid);
  const state = application.isFresh ? application.data?.state : undefined;
  const isServerDeciding = state !== undefined && isTransitional(state);
  const { waitForDecision } = submission;

  // Opened (or reloaded) while the server is still deciding: wait for it here.
  useEffect(() => {
    if (isServerDeciding) void waitForDecision();
  }, [isServerDeciding, waitForDecision]);

  if (!application.isFresh || application.data === undefined) {
    return <PendingData query={application} />;
  }
  const { isInternational } = application.data;
  const isStillProcessing = submission.phase === 'still-processing';
  const isChecking = !isStillProcessing && (submission.phase === 'checking' || isServerDeciding);
  const decided =
    isChecking || isStillProcessing || state === undefined ? null : routeAfterDetails(state);
  if (decided !== null) {
    return <Navigate replace to={applicationDestinationHref(appUuid, decided)} />;
  }

  return (
    <section className="panel details-page">
      <PageHeading>{TITLE}</PageHeading>
      {isStillProcessing ? (
        <DetailsStillProcessing isInternational={isInternational} />
      ) : isChecking ? (
        <DetailsChecking isInternational={isInternational} />
      ) : state === 'CREATED' ? (
        <Alert variant="info" title="Choose your offer first">
          <p>Accept a loan offer before you give your details.</p>
          <Link
            to={
              application.data.isRollForward
                ? paths.application.renew.getHref(appUuid)
                : paths.residency.getHref()
            }
          >
            Go to your offer
          </Link>
        </Alert>
      ) : (
        <>
          <p>
            {isInternational
              ? 'Tell us about yourself. We use these details for your loan agreement.'
              : 'Tell us about yourself. We use these details for your loan agreement and a soft credit check, which does not affect your credit score.'}
          </p>
          <PrefilledDetailsForm application={application.data} submission={submission} />
        </>
      )}
    </section>
  );
}
