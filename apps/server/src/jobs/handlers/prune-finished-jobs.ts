import { pruneFinishedJobsJob } from '../definitions/prune-finished-jobs.js';
import { registerJob } from '../job-definition.js';
import { pruneFinishedJobs, type TPruneFinishedJobsDeps } from '../prune-finished-jobs.js';

export function pruneFinishedJobsHandler(
  deps: TPruneFinishedJobsDeps & { log?: { info(object: object, message: string): void } },
) {
  return registerJob(pruneFinishedJobsJob, async () => {
    const deleted = await pruneFinishedJobs(deps);
    if (deleted > 0) deps.log?.info({ deleted }, 'pruned finished jobs');
  });
}
