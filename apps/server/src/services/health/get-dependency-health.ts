/** The dependency report of the console: each outside dependency as its last probe found it. */
import { asc } from 'drizzle-orm';
import type { TGetOpsHealthResponse } from '@pledge/contract';
import { DEPENDENCY_HEALTH_LIST_MAX } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { dependencyProbes } from '../../db/schema/index.js';
import type { TClock } from '../../security/jwt.js';

export async function getDependencyHealth(deps: {
  db: TDb;
  clock: TClock;
}): Promise<TGetOpsHealthResponse> {
  const rows = await deps.db
    .select()
    .from(dependencyProbes)
    .orderBy(asc(dependencyProbes.dependency))
    .limit(DEPENDENCY_HEALTH_LIST_MAX);
  const now = deps.clock();
  return {
    dependencies: rows.map((row) => ({
      dependency: row.dependency,
      status: row.isUp ? 'UP' : 'DOWN',
      lastProbedAt: row.lastProbedAt.toISOString(),
      probeAgeSeconds: Math.max(0, Math.round((now.getTime() - row.lastProbedAt.getTime()) / 1000)),
      lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
      lastError:
        row.lastErrorAt === null
          ? null
          : {
              at: row.lastErrorAt.toISOString(),
              errorClass: row.lastErrorClass ?? 'Error',
              code: row.lastErrorCode,
              message: row.lastErrorMessage ?? '',
            },
    })),
    asOf: now.toISOString(),
  };
}
