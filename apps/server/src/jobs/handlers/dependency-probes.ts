import type { TDb } from '../../db/pool.js';
import type { TClock } from '../../security/jwt.js';
import type { TDependencyProbe } from '../../services/health/dependency-probe.js';
import { runDependencyProbes } from '../../services/health/run-dependency-probes.js';
import { dependencyProbesJob } from '../definitions/dependency-probes.js';
import { registerJob } from '../job-definition.js';

export function dependencyProbesHandler(deps: {
  db: TDb;
  clock: TClock;
  probes: readonly TDependencyProbe[];
  log?: { warn(object: object, message: string): void };
}) {
  return registerJob(dependencyProbesJob, async () => {
    const outcomes = await runDependencyProbes(deps, deps.probes);
    for (const outcome of outcomes) {
      if (!outcome.isUp) {
        deps.log?.warn(
          { dependency: outcome.dependency, ...outcome.error },
          'an outside dependency did not answer its probe',
        );
      }
    }
  });
}
