import { applicationEntryRoute } from '@pledge/domain';
import { Navigate, useParams } from 'react-router';
import { visitContinuation } from '../../api/page-visit.js';
import { useFreshApplication } from '../../features/application/api/get-application.js';
import { applicationDestinationHref } from '../../features/application/application-route.js';
import { ApplicationLoadError } from '../../features/application/components/application-load-error.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { ScreenLoading } from '../../ui/layout/app-layout.js';

export const handle: TRouteHandle = { title: 'Your application' };

/** /{appUuid}: no page of its own; the application's state decides where it leads (document 1 §2). */
export function ApplicationEntryPage() {
  const { appUuid = '' } = useParams();
  const application = useFreshApplication(appUuid);
  if (!application.isFresh || application.data === undefined) {
    return application.isError && !application.isFetching ? (
      <ApplicationLoadError error={application.error} onRetry={() => void application.refetch()} />
    ) : (
      <ScreenLoading />
    );
  }
  const destination = applicationEntryRoute({
    state: application.data.state,
    isRollForward: application.data.isRollForward,
  });
  // The page it leads to takes the application just fetched rather than asking for it again.
  return (
    <Navigate
      replace
      to={applicationDestinationHref(appUuid, destination)}
      state={visitContinuation()}
    />
  );
}

export { ApplicationEntryPage as Component };
