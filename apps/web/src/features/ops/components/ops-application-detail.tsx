import { Link, useParams } from 'react-router';
import { isApiError } from '../../../api/client.js';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { PageHeading } from '../../../ui/page-heading.js';
import { formatDollars } from '../../offer/format.js';
import { useOpsApplication } from '../api/get-ops-application.js';
import { formatDateTime, shortId } from '../format.js';
import { OpsActionsPanel } from './ops-actions-panel.js';
import {
  AuditTrailSection,
  BorrowerSection,
  CollateralSection,
  DisbursementSection,
  DocumentsSection,
  FinalStepsSection,
  IdentityDocumentsSection,
  OfferSection,
} from './ops-detail-sections.js';
import { OpsFacts } from './ops-facts.js';
import { HolderNameReviewSection, ProposalsSection } from './ops-reviews.js';

function BackLink() {
  return (
    <p className="ops-back">
      <Link to={paths.ops.getHref()}>All applications</Link>
    </p>
  );
}

/** One application as an agent sees it, with the actions the state allows. */
export function OpsApplicationDetail() {
  const { appUuid = '' } = useParams();
  const query = useOpsApplication(appUuid);

  if (query.isPending) {
    return (
      <section className="ops-page">
        <BackLink />
        <p className="loading" role="status">
          Loading the application…
        </p>
      </section>
    );
  }
  if (query.isError) {
    const isNotFound =
      isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <section className="ops-page">
        <BackLink />
        <PageHeading>
          {isNotFound ? 'Application not found' : 'The application could not be loaded'}
        </PageHeading>
        {isNotFound ? (
          <p>No application has the id {appUuid}.</p>
        ) : (
          <>
            <Alert variant="error" title="Something went wrong">
              {query.error.message}
            </Alert>
            <Button isFullWidth={false} onClick={() => void query.refetch()}>
              Try again
            </Button>
          </>
        )}
      </section>
    );
  }

  const detail = query.data;
  const { application } = detail;
  return (
    <section className="ops-page ops-detail">
      <BackLink />
      <PageHeading>Application {shortId(application.appUuid)}</PageHeading>
      <OpsFacts
        facts={[
          ['Application id', application.appUuid],
          ['State', <span className="ops-state">{application.state}</span>],
          ['Stage', application.stage],
          [
            'Flow',
            [
              application.isInternational ? 'International' : 'Domestic',
              application.isRollForward ? 'renewal' : null,
              application.isCelsiusRefi ? 'refinancing' : null,
            ]
              .filter((part) => part !== null)
              .join(', '),
          ],
          [
            'Loan amount',
            application.selectedOffer === null
              ? null
              : formatDollars(application.selectedOffer.amount),
          ],
          ['Created', formatDateTime(application.createdAt)],
          ['Updated', formatDateTime(application.updatedAt)],
        ]}
      />
      <OpsActionsPanel detail={detail} />
      <ProposalsSection detail={detail} />
      <HolderNameReviewSection detail={detail} />
      <div className="ops-detail__grid">
        <OfferSection detail={detail} />
        <BorrowerSection detail={detail} />
        <FinalStepsSection detail={detail} />
        <DisbursementSection detail={detail} />
      </div>
      <IdentityDocumentsSection detail={detail} />
      <DocumentsSection detail={detail} />
      <CollateralSection detail={detail} />
      <AuditTrailSection detail={detail} />
    </section>
  );
}
