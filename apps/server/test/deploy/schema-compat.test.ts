/**
 * Rolling changes: a release serves a schema a newer release migrated as long as that release only
 * expanded it, and refuses one a contract migration took beyond it (db/schema-compat.ts): its
 * migrate step and boot stop with the reason (schema-version.test.ts runs them as processes), and
 * a running instance answers /readyz 503 with the reason, logs it once, and refuses every other
 * request until the schema is one it serves again.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, SchemaTooNewError, shippedMigrations } from '../../src/db/migrate.js';
import { RELEASE_COMPAT_LEVEL, readSchemaCompat } from '../../src/db/schema-compat.js';
import { buildTestApp, captureLogger } from '../helpers/app.js';
import { useTestDatabase, appliedMigrationCount } from '../helpers/db.js';

const CONTRACT_REASON = 'identities.email dropped: releases of level 1 read it';

const database = useTestDatabase();

const appliedCount = () => appliedMigrationCount(database.pool);

/** What a newer release's migration leaves: one more migration recorded, and maybe a new level. */
async function newerRelease(options: { contracts: boolean }) {
  const newest = shippedMigrations().at(-1)?.when ?? 0;
  await database.pool.query(
    'INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)',
    [`newer-release-${options.contracts ? 'contract' : 'expand'}`, newest + 86_400_000],
  );
  if (options.contracts) {
    await database.pool.query(
      `UPDATE schema_compat SET min_release_level = greatest(min_release_level, $1), reason = $2,
         changed_at = now()`,
      [RELEASE_COMPAT_LEVEL + 1, CONTRACT_REASON],
    );
  }
}

async function undoNewerRelease() {
  await database.pool.query(
    "DELETE FROM drizzle.__drizzle_migrations WHERE hash LIKE 'newer-release-%'",
  );
  await database.pool.query('UPDATE schema_compat SET min_release_level = $1', [
    RELEASE_COMPAT_LEVEL,
  ]);
}

describe('the schema compatibility level', () => {
  it("is this release's once migrated", async () => {
    expect(await readSchemaCompat(database.pool)).toMatchObject({
      minReleaseLevel: RELEASE_COMPAT_LEVEL,
    });
  });

  it('lets this release serve a schema a newer one only expanded, changing nothing', async () => {
    await newerRelease({ contracts: false });
    try {
      const before = await appliedCount();
      const lines: string[] = [];
      const applied = await applyMigrations(database.pool, {
        log: { info: (_fields, message) => lines.push(message) },
      });
      expect(applied).toEqual([]);
      expect(lines).toEqual([
        expect.stringMatching(
          /^database schema is newer than this version \(it holds 1 migration this version does not ship .*\), by expand migrations only: nothing to apply/,
        ),
      ]);
      expect(await appliedCount()).toBe(before);
    } finally {
      await undoNewerRelease();
    }
  });

  it('stops the migrate step of a release below the level, with the reason', async () => {
    await newerRelease({ contracts: true });
    try {
      const before = await appliedCount();
      const refusal = applyMigrations(database.pool);
      await expect(refusal).rejects.toBeInstanceOf(SchemaTooNewError);
      await expect(refusal).rejects.toThrow(
        `needs a release of compatibility level ${RELEASE_COMPAT_LEVEL + 1} or later; this instance is level ${RELEASE_COMPAT_LEVEL} (${CONTRACT_REASON})`,
      );
      expect(await appliedCount()).toBe(before);
      // A release of that level serves it.
      await expect(
        applyMigrations(database.pool, { releaseLevel: RELEASE_COMPAT_LEVEL + 1 }),
      ).resolves.toEqual([]);
    } finally {
      await undoNewerRelease();
    }
  });
});

describe('a running instance', () => {
  let app: FastifyInstance;
  let lines: string[];

  beforeAll(async () => {
    const captured = captureLogger();
    lines = captured.lines;
    app = await buildTestApp({ database, logger: captured.logger });
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (url: string) => app.inject({ method: 'GET', url });
  const RATES = '/service-cryptopl-leap/insecure/api/v1/states/valid';

  it('stays ready beside a newer release that only expanded the schema', async () => {
    await newerRelease({ contracts: false });
    try {
      expect((await get('/readyz')).statusCode).toBe(200);
      expect((await get(RATES)).statusCode).toBe(200);
    } finally {
      await undoNewerRelease();
    }
  });

  it('answers /readyz 503 with the reason once a contract migration takes the schema beyond it, logs it once and refuses other requests', async () => {
    await newerRelease({ contracts: true });
    try {
      const ready = await get('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        code: 'SCHEMA_TOO_NEW',
        message: expect.stringContaining(
          `compatibility level ${RELEASE_COMPAT_LEVEL + 1} or later; this instance is level ${RELEASE_COMPAT_LEVEL} (${CONTRACT_REASON})`,
        ) as string,
      });
      expect((await get('/readyz')).statusCode).toBe(503);
      const refusals = lines.filter((line) => line.includes('refusing to serve'));
      expect(refusals).toHaveLength(1);
      expect(JSON.parse(refusals[0] ?? '{}')).toMatchObject({
        level: 50,
        releaseLevel: RELEASE_COMPAT_LEVEL,
        msg: expect.stringContaining(CONTRACT_REASON) as string,
      });

      const refused = await get(RATES);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'SCHEMA_TOO_NEW' });
      // Still alive: the orchestrator need not restart it to learn why.
      expect((await get('/livez')).statusCode).toBe(200);
    } finally {
      await undoNewerRelease();
    }
    // A schema it serves again (a rollback of the newer release): ready and serving.
    expect((await get('/readyz')).statusCode).toBe(200);
    expect((await get(RATES)).statusCode).toBe(200);
    expect(lines.some((line) => line.includes('served by this version again'))).toBe(true);
  });
});
