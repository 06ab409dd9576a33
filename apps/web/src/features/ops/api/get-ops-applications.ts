import { getOpsApplications } from '@pledge/contract';
import type { TApplicationState, TLoanKind } from '@pledge/domain';
import { useOpsListPage } from './ops-fresh-query.js';

/** One page of the console's list: a state, a kind, a search, and the cursor of the page. */
export interface TOpsApplicationsPage {
  state?: TApplicationState | undefined;
  kind?: TLoanKind | undefined;
  search?: string | undefined;
  cursor?: string | undefined;
}

export const OPS_QUERY_KEY = ['ops'] as const;

/** A page of applications; the previous page stays on screen while the next one loads. */
export function useOpsApplications(page: TOpsApplicationsPage) {
  return useOpsListPage([...OPS_QUERY_KEY, 'applications', page], getOpsApplications, {
    query: page,
  });
}
