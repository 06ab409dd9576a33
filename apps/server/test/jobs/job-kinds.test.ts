import { describe, expect, it } from 'vitest';
import type { TDb } from '../../src/db/pool.js';
import { JOB_DEFINITIONS, jobDefinitionOf } from '../../src/jobs/job-kinds.js';
import { createJobRegistrations, type TJobDeps } from '../../src/jobs/registry.js';

describe('the job kinds the console knows', () => {
  it('name every kind this release registers, once, with the definition it registers', () => {
    const deps = {
      db: {} as TDb,
      cipher: {},
      adapters: { creditBureau: {}, email: {}, storage: {}, chain: {}, prices: {}, exchange: {} },
      sandbox: true,
    } as unknown as TJobDeps;
    for (const { definition } of createJobRegistrations(deps)) {
      expect(jobDefinitionOf(definition.kind), definition.kind).toMatchObject({
        kind: definition.kind,
        maxAttempts: definition.maxAttempts,
      });
    }
    const kinds = JOB_DEFINITIONS.map((definition) => definition.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
  });
});
