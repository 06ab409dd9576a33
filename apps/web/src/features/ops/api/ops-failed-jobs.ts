import { getOpsFailedJobs, postOpsDiscardFailedJob, postOpsRetryFailedJob } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';
import { OPS_QUERY_KEY } from './get-ops-applications.js';
import { useOpsListPage } from './ops-fresh-query.js';
import { useOpsChange } from './use-ops-change.js';

export const OPS_FAILED_JOBS_QUERY_KEY = [...OPS_QUERY_KEY, 'failed-jobs'] as const;

/**
 * A page of failed background jobs, newest failure first, fetched again each time the page is
 * shown; the previous page stays on screen while the next loads.
 */
export function useOpsFailedJobs(cursor: string | undefined) {
  return useOpsListPage([...OPS_FAILED_JOBS_QUERY_KEY, cursor ?? null], getOpsFailedJobs, {
    query: cursor === undefined ? {} : { cursor },
  });
}

export type TFailedJobAction = 'retry' | 'discard';

/** Retries a failed job now, or discards it, with the agent's reason; the list is read again. */
export function useFailedJobAction(action: TFailedJobAction) {
  return useOpsChange(
    (input: { jobId: string; reason: string }) =>
      apiRequest(action === 'retry' ? postOpsRetryFailedJob : postOpsDiscardFailedJob, {
        params: { jobId: input.jobId },
        body: { reason: input.reason },
      }),
    OPS_FAILED_JOBS_QUERY_KEY,
  );
}
