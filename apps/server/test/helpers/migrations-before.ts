/**
 * The migrations as the release before an upgrade shipped them, for upgrade tests: a database
 * migrated from this folder holds rows as that release wrote them, and `runMigrations` then
 * applies the upgrade to them.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../../src/db/migrate.js';

/** A folder of the migrations before `upgradeTag` (the caller removes it). */
export function migrationsBefore(upgradeTag: string): string {
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  const upgrade = journal.entries.findIndex((entry) => entry.tag === upgradeTag);
  if (upgrade <= 0) throw new Error(`No migration ${upgradeTag} after the first`);
  const entries = journal.entries.slice(0, upgrade);
  const folder = mkdtempSync(path.join(tmpdir(), 'pledge-previous-release-'));
  mkdirSync(path.join(folder, 'meta'));
  writeFileSync(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries }),
  );
  for (const entry of entries) {
    cpSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return folder;
}
