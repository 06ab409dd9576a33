/**
 * An instance whose schema a newer release contracted beyond it stops its jobs as well as its
 * requests, says so in its log, and starts them again when the schema is one it serves.
 */
import { describe, expect, it } from 'vitest';
import { pauseJobsWhenRefused } from '../../src/deploy/pause-jobs-when-refused.js';
import { RELEASE_COMPAT_LEVEL, servedCompatLevel } from '../../src/db/schema-compat.js';
import { useTestDatabase } from '../helpers/db.js';
import { waitFor } from '../multi-instance/instances.js';

const REASON = 'loans.legacy_status dropped: releases of level 1 read it';

const database = useTestDatabase();

async function setLevel(level: number, reason = REASON) {
  await database.pool.query('UPDATE schema_compat SET min_release_level = $1, reason = $2', [
    level,
    reason,
  ]);
}

describe('the jobs of an instance the schema has gone beyond', () => {
  it('stop once with the reason in the log, and start again when the schema is served', async () => {
    const calls: string[] = [];
    const lines: { level: string; message: string }[] = [];
    const pause = pauseJobsWhenRefused({
      pool: database.pool,
      everyMs: 50,
      jobs: {
        start: () => calls.push('start'),
        stop: async () => {
          calls.push('stop');
          await new Promise((resolve) => setTimeout(resolve, 100));
          calls.push('stopped');
        },
      },
      log: {
        error: (_object, message) => lines.push({ level: 'error', message }),
        info: (_object, message) => lines.push({ level: 'info', message }),
      },
    });
    try {
      // Served: nothing changes.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(calls).toEqual([]);

      await setLevel(RELEASE_COMPAT_LEVEL + 1);
      await waitFor('the jobs to stop', async () => calls.includes('stopped'), 10_000, 20);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(calls).toEqual(['stop', 'stopped']);
      expect(lines).toEqual([
        {
          level: 'error',
          message: expect.stringMatching(
            new RegExp(
              `^job worker stopped: this instance refuses to serve the database schema\\. .*level ${RELEASE_COMPAT_LEVEL + 1} or later; this instance is level ${RELEASE_COMPAT_LEVEL} \\(${REASON}\\)`,
            ),
          ) as string,
        },
      ]);

      // The newer release rolled back: served again.
      await setLevel(RELEASE_COMPAT_LEVEL, 'rolled back');
      await waitFor('the jobs to start', async () => calls.includes('start'), 10_000, 20);
      expect(calls).toEqual(['stop', 'stopped', 'start']);
      expect(lines.at(-1)).toMatchObject({
        level: 'info',
        message: expect.stringContaining('job worker started again') as string,
      });
    } finally {
      await pause.stop();
      await setLevel(RELEASE_COMPAT_LEVEL, 'restored');
    }
  });

  it('keep running while the database is out of reach', async () => {
    const calls: string[] = [];
    const unreachable = {
      query: () => Promise.reject(new Error('connect ECONNREFUSED')),
    } as unknown as typeof database.pool;
    const pause = pauseJobsWhenRefused({
      pool: unreachable,
      everyMs: 20,
      jobs: { start: () => calls.push('start'), stop: async () => void calls.push('stop') },
      log: { error: () => undefined, info: () => undefined },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await pause.stop();
    expect(calls).toEqual([]);
  });
});

describe('the level a process serves', () => {
  it("is this release's, unless a test process stands for another", () => {
    expect(servedCompatLevel({})).toBe(RELEASE_COMPAT_LEVEL);
    expect(servedCompatLevel({ NODE_ENV: 'test', COMPAT_LEVEL_UNDER_TEST: '7' })).toBe(7);
    // Never outside a test process: an operator cannot talk an old release into a new schema.
    for (const NODE_ENV of ['production', 'development', undefined]) {
      expect(servedCompatLevel({ NODE_ENV, COMPAT_LEVEL_UNDER_TEST: '7' })).toBe(
        RELEASE_COMPAT_LEVEL,
      );
    }
    expect(() => servedCompatLevel({ NODE_ENV: 'test', COMPAT_LEVEL_UNDER_TEST: '0' })).toThrow(
      'COMPAT_LEVEL_UNDER_TEST must be a level of 1 or more',
    );
  });
});
