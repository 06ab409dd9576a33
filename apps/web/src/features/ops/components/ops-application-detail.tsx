import { useParams } from 'react-router';
import type { TOpsApplicationDetail } from '@pledge/contract';
import { paths } from '../../../config/paths.js';
import { formatDollars } from '../../offer/format.js';
import { useOpsApplication } from '../api/get-ops-application.js';
import { formatDateTime, shortId } from '../format.js';
import { applicationActions } from './ops-actions-panel.js';
import {
  AuditTrailSection,
  BorrowerSection,
  CollateralSection,
  DisbursementSection,
  DocumentsSection,
  FinalStepsSection,
  IdentityDocumentsSection,
  OfferSection,
  VoidedDocumentsSection,
} from './ops-detail-sections.js';
import { OpsDetailPanel, type TOpsDetail } from './ops-detail-panel.js';
import { HolderNameReviewSection, ProposalsSection } from './ops-reviews.js';

function applicationDetail(detail: TOpsApplicationDetail): TOpsDetail {
  const { application } = detail;
  return {
    title: `Application ${shortId(application.appUuid)}`,
    facts: [
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
        application.selectedOffer === null ? null : formatDollars(application.selectedOffer.amount),
      ],
      ['Created', formatDateTime(application.createdAt)],
      ['Updated', formatDateTime(application.updatedAt)],
    ],
    actions: applicationActions(detail),
    sections: (
      <>
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
        <VoidedDocumentsSection detail={detail} />
        <CollateralSection detail={detail} />
        <AuditTrailSection detail={detail} />
      </>
    ),
  };
}

/** One application as an agent sees it, with the actions the state allows. */
export function OpsApplicationDetail() {
  const { appUuid = '' } = useParams();
  const query = useOpsApplication(appUuid);
  return (
    <OpsDetailPanel
      query={query}
      noun="application"
      id={appUuid}
      back={{ href: paths.ops.getHref(), label: 'All applications' }}
      detail={applicationDetail}
    />
  );
}
