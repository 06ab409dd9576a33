/**
 * The calls a signed-in page makes first, for the server to start with the page's HTML
 * (/early-calls.js; see api/early-calls.ts for how the app takes their answers): the session check
 * of the page's audience, and what the route table says the page's screen fetches first
 * (`routeData` in router.tsx), each as the app sends it. Imported by the server renderer only: it
 * names the contract's endpoints, whose schemas a page loads with its first call, not with its
 * entry.
 */
import type { Params } from 'react-router';
import {
  getApplication,
  getCollateralProof,
  getIdentitySessions,
  getLoanStatus,
  getOpsApplication,
  getOpsLoan,
  getProfile,
  getServicingLoan,
  getUserApps,
  makeGetFigureInfo,
  type TEndpoint,
} from '@pledge/contract';
import { isPublicPath, isUuidSegment, type TSignInAudience } from '@pledge/domain';
import type { TEarlyCall } from '../api/early-calls.js';
import { endpointUrl } from '../api/endpoint-url.js';
import {
  APPLICATION_NAME,
  APPLICATION_NAME_HEADER,
} from '../features/session/api/look-up-identity.js';
import { audienceForPath } from '../features/session/sign-in-paths.js';
import { routeDataAt, type TRouteDataName } from './route-prefetch.js';
import { routes } from './router.js';

export interface TEarlyCallsPlan {
  /** The audience whose token the calls carry: none are sent with another's. */
  audience: TSignInAudience;
  calls: TEarlyCall[];
}

function call(
  endpoint: Pick<TEndpoint, 'path'>,
  params?: Record<string, string>,
  cache?: RequestCache,
): TEarlyCall {
  return { url: endpointUrl(endpoint, params), ...(cache === undefined ? {} : { cache }) };
}

/** Each route's calls, as its screen's queries make them (early-calls.test.ts holds them equal). */
const ROUTE_CALLS: Readonly<Record<TRouteDataName, (params: Params) => TEarlyCall[]>> = {
  application: ({ appUuid = '' }) =>
    isUuidSegment(appUuid) ? [call(getApplication, { appUuid })] : [],
  details: () => [call(getProfile)],
  loan: ({ loanUuid = '' }) =>
    isUuidSegment(loanUuid)
      ? [
          call(getServicingLoan, { loanUuid }, 'no-store'),
          // A loan's id is its application's.
          call(getCollateralProof, { appUuid: loanUuid }, 'no-store'),
        ]
      : [],
  dashboard: () => [call(getUserApps), call(getLoanStatus), call(getIdentitySessions)],
  opsApplication: ({ appUuid = '' }) =>
    isUuidSegment(appUuid) ? [call(getOpsApplication, { appUuid }, 'no-store')] : [],
  opsLoan: ({ loanUuid = '' }) =>
    isUuidSegment(loanUuid) ? [call(getOpsLoan, { loanUuid }, 'no-store')] : [],
};

/** The session check of an audience, as RequireSession's query asks the identity broker. */
export function sessionCheckCall(audience: TSignInAudience): TEarlyCall {
  return {
    url: endpointUrl(makeGetFigureInfo(audience)),
    headers: { [APPLICATION_NAME_HEADER]: APPLICATION_NAME },
  };
}

/** The calls the page at `pathname` makes first; null for a page anyone may see. */
export function earlyCallsAt(pathname: string): TEarlyCallsPlan | null {
  if (isPublicPath(pathname)) return null;
  const audience = audienceForPath(pathname);
  const routeCalls = routeDataAt(routes, pathname).flatMap(({ name, params }) =>
    ROUTE_CALLS[name](params),
  );
  return { audience, calls: [sessionCheckCall(audience), ...routeCalls] };
}
