import { shouldRedirectRefiBorrower } from '@pledge/domain';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { paths } from '../../../config/paths.js';
import { ScreenLoading } from '../../../ui/layout/app-layout.js';
import { useApplication } from '../api/get-application.js';
import { applicationPageOf } from '../application-route.js';
import { ApplicationLoadError } from './application-load-error.js';

/**
 * Shows an application page once its application has loaded. A refinancing borrower may open only
 * the documents of an application: every other page sends them to the dashboard (document 1 §2).
 * The application's own entry is not a page; it leads by state to one, which this then checks.
 */
function ApplicationAccess() {
  const { appUuid = '' } = useParams();
  const { pathname } = useLocation();
  const application = useApplication(appUuid);

  if (application.data === undefined) {
    return application.isError ? (
      <ApplicationLoadError error={application.error} onRetry={() => void application.refetch()} />
    ) : (
      <ScreenLoading />
    );
  }
  const page = applicationPageOf(pathname);
  if (
    page !== null &&
    shouldRedirectRefiBorrower({ isCelsiusRefi: application.data.isCelsiusRefi, page })
  ) {
    return <Navigate replace to={paths.dashboard.getHref()} />;
  }
  return <Outlet />;
}

export default ApplicationAccess;
