import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import type { TRefinancingApplication } from '@pledge/contract';
import { ScreenLoading } from '../../../ui/layout/app-layout.js';
import { PendingData } from '../../application/components/application-load-error.js';
import { useSession } from '../../session/use-session.js';
import { useRefiApplications } from '../api/refi-applications.js';
import { RefiNotFound } from './refi-not-found.js';

/** What a refinancing page of one application and offer is given once they are there. */
export interface TRefiApplicationPage {
  identityUuid: string;
  app: TRefinancingApplication;
  offerUuid: string;
  /** Every refinancing application of the borrower, the page's own among them. */
  applications: readonly TRefinancingApplication[];
}

/**
 * A refinancing page about one application and offer of the address (`:appUuid/:offerUuid`): the
 * loader, the failure to load or "not found" stand in its place until the signed-in borrower's
 * application is there with that offer (`hasOffer`).
 */
export function RefiApplicationRoute({
  title,
  hasOffer,
  children,
}: {
  title: string;
  hasOffer: (app: TRefinancingApplication, offerUuid: string) => boolean;
  children: (page: TRefiApplicationPage) => ReactNode;
}) {
  const { appUuid = '', offerUuid = '' } = useParams();
  const session = useSession();
  const identityUuid = session.status === 'signed-in' ? session.identity.uuid : '';
  const applications = useRefiApplications(identityUuid);
  if (session.status !== 'signed-in') return <ScreenLoading />;
  if (applications.data === undefined) {
    return <PendingData query={applications} what="your loans" />;
  }
  const app = applications.data.find((candidate) => candidate.appUuid === appUuid);
  if (app === undefined || !hasOffer(app, offerUuid)) return <RefiNotFound title={title} />;
  return children({ identityUuid, app, offerUuid, applications: applications.data });
}
