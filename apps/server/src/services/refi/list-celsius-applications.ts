/**
 * GET R/borrower/{identityUuid}/celsius-application: the caller's refinancing applications, newest
 * first. Only the caller's own identity: any other answers 404.
 */
import type { TGetCelsiusApplicationsResponse } from '@pledge/contract';
import { and, desc, eq } from 'drizzle-orm';
import { applications } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TApplicationDeps } from '../applications/application-record.js';
import { toRefiViews } from './refi-record.js';

export async function listCelsiusApplications(
  deps: TApplicationDeps,
  input: { identityUuid: string; borrowerUuid: string },
): Promise<TGetCelsiusApplicationsResponse> {
  if (input.identityUuid !== input.borrowerUuid) {
    throw new HttpError(404, 'NOT_FOUND', 'Borrower not found');
  }
  const rows = await deps.db
    .select()
    .from(applications)
    .where(
      and(eq(applications.identityUuid, input.identityUuid), eq(applications.isCelsiusRefi, true)),
    )
    .orderBy(desc(applications.createdAt), desc(applications.uuid));
  return toRefiViews(deps.db, rows, deps.clock());
}
