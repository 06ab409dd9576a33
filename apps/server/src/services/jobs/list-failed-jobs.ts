/**
 * The console's failed jobs: every kind, retrying or dead, newest failure first, in keyset pages on
 * (failure time, job id).
 */
import type { TGetOpsFailedJobsQuery, TGetOpsFailedJobsResponse } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { HttpError } from '../../http/errors.js';
import { listFailedAndRetryingJobs } from '../../jobs/dead-letters.js';
import { toFailedJobView } from './failed-job-view.js';

export const INVALID_JOBS_CURSOR_MESSAGE =
  'This page link is no longer valid. Start from the first page';

/** `<failure time in µs>_<job id>` of the last job of the previous page. */
const CURSOR_PATTERN = /^(-?\d{1,18})_([1-9]\d{0,17})$/;

function cursorOf(job: { failedAtUs: string; id: string }): string {
  return `${job.failedAtUs}_${job.id}`;
}

function afterCursor(cursor: string): { failedAtUs: string; id: string } {
  const match = CURSOR_PATTERN.exec(cursor);
  if (match?.[1] === undefined || match[2] === undefined) {
    throw new HttpError(400, 'VALIDATION_ERROR', INVALID_JOBS_CURSOR_MESSAGE, {
      cursor: [INVALID_JOBS_CURSOR_MESSAGE],
    });
  }
  return { failedAtUs: match[1], id: match[2] };
}

export async function listFailedJobs(
  deps: { db: TDb },
  query: TGetOpsFailedJobsQuery,
): Promise<TGetOpsFailedJobsResponse> {
  const rows = await listFailedAndRetryingJobs(deps.db, {
    limit: query.limit + 1,
    ...(query.cursor === undefined ? {} : { after: afterCursor(query.cursor) }),
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toFailedJobView),
    nextCursor: rows.length > query.limit && last !== undefined ? cursorOf(last) : null,
  };
}
