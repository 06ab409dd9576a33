/**
 * Probes every outside dependency at once and stores each one's outcome: a success moves its last
 * success, a failure its last error (scrubbed), and either its last probe. The rows are the same
 * for every instance, so the report and the metrics agree whichever instance answers them.
 */
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { dependencyProbes } from '../../db/schema/index.js';
import type { TClock } from '../../security/jwt.js';
import {
  PROBE_TIMEOUT_MS,
  ProbeFailedError,
  scrubProbeError,
  type TDependencyProbe,
  type TProbeError,
} from './dependency-probe.js';

export type TProbeOutcome =
  { dependency: string; isUp: true } | { dependency: string; isUp: false; error: TProbeError };

/** Runs one probe, failed past the timeout even when the call cannot be aborted. */
async function runProbe(probe: TDependencyProbe, timeoutMs: number): Promise<TProbeOutcome> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new ProbeFailedError('TIMEOUT', `No answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    await Promise.race([probe.probe(controller.signal), timeout]);
    return { dependency: probe.dependency, isUp: true };
  } catch (error) {
    return {
      dependency: probe.dependency,
      isUp: false,
      error: scrubProbeError(error, probe.secrets),
    };
  } finally {
    clearTimeout(timer);
  }
}

export async function runDependencyProbes(
  deps: { db: TDb; clock: TClock },
  probes: readonly TDependencyProbe[],
  options: { timeoutMs?: number } = {},
): Promise<TProbeOutcome[]> {
  const timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS;
  const outcomes = await Promise.all(probes.map((probe) => runProbe(probe, timeoutMs)));
  const at = deps.clock();
  for (const outcome of outcomes) {
    const failure = outcome.isUp ? null : outcome.error;
    const values = {
      dependency: outcome.dependency,
      isUp: outcome.isUp,
      lastProbedAt: at,
      ...(failure === null
        ? { lastSuccessAt: at }
        : {
            lastErrorAt: at,
            lastErrorClass: failure.errorClass,
            lastErrorCode: failure.code,
            lastErrorMessage: failure.message,
          }),
    };
    const { dependency: _key, ...changes } = values;
    await deps.db
      .insert(dependencyProbes)
      .values(values)
      .onConflictDoUpdate({
        target: dependencyProbes.dependency,
        set: changes,
        // A probe that finished late never overwrites a newer one.
        setWhere: sql`${dependencyProbes.lastProbedAt} <= ${at}`,
      });
  }
  return outcomes;
}
