import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { disbursementPageRedirect, type TDisbursementPageRail } from '@pledge/domain';
import { ScreenLoading } from '../../../ui/layout/app-layout.js';
import { useApplication } from '../../application/api/get-application.js';
import { applicationDestinationHref } from '../../application/application-route.js';
import { ApplicationLoadError } from '../../application/components/application-load-error.js';

/**
 * A payout page of one rail: an international borrower who opens a US bank page goes to the USDC
 * page, a US borrower who opens the USDC page goes to the bank choice (the domain decides). The
 * server refuses the other rail too; this keeps the borrower from filling in a form in vain.
 */
export function DisbursementRailGuard({
  rail,
  children,
}: {
  rail: TDisbursementPageRail;
  children: ReactNode;
}) {
  const { appUuid = '' } = useParams();
  const application = useApplication(appUuid);
  if (application.data === undefined) {
    return application.isError ? (
      <ApplicationLoadError error={application.error} onRetry={() => void application.refetch()} />
    ) : (
      <ScreenLoading />
    );
  }
  const redirect = disbursementPageRedirect({
    isInternational: application.data.isInternational,
    rail,
  });
  if (redirect !== null) {
    return <Navigate replace to={applicationDestinationHref(appUuid, redirect)} />;
  }
  return children;
}
