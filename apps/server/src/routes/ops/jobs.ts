import type { FastifyPluginAsync } from 'fastify';
import { getOpsFailedJobs, postOpsDiscardFailedJob, postOpsRetryFailedJob } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { callerUuidOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import { discardFailedJobAsAgent } from '../../services/jobs/discard-failed-job.js';
import { listFailedJobs } from '../../services/jobs/list-failed-jobs.js';
import { retryFailedJobAsAgent } from '../../services/jobs/retry-failed-job.js';

/** Per client address: the list is read as agents work, retries and discards are made by hand. */
export const OPS_JOBS_READS_PER_IP_PER_MINUTE = 120;
export const OPS_JOBS_ACTIONS_PER_IP_PER_MINUTE = 30;

export const opsJobsRoutes: FastifyPluginAsync<{ db: TDb; sandbox: boolean }> = async (
  app,
  { db, sandbox },
) => {
  route(app, getOpsFailedJobs, ({ query }) => listFailedJobs({ db }, query), {
    rateLimit: { max: OPS_JOBS_READS_PER_IP_PER_MINUTE, timeWindow: '1 minute' },
  });
  route(
    app,
    postOpsRetryFailedJob,
    ({ params, body, request }) =>
      retryFailedJobAsAgent(
        { db, sandbox },
        { jobId: params.jobId, agentUuid: callerUuidOf(request), reason: body.reason },
      ),
    { rateLimit: { max: OPS_JOBS_ACTIONS_PER_IP_PER_MINUTE, timeWindow: '1 minute' } },
  );
  route(
    app,
    postOpsDiscardFailedJob,
    ({ params, body, request }) =>
      discardFailedJobAsAgent(
        { db },
        { jobId: params.jobId, agentUuid: callerUuidOf(request), reason: body.reason },
      ),
    { rateLimit: { max: OPS_JOBS_ACTIONS_PER_IP_PER_MINUTE, timeWindow: '1 minute' } },
  );
};
