/**
 * `npm run migrate-files`: moves the files an older version kept on this machine's disk
 * (STORAGE_DIR, by default DATA_DIR/uploads) into the configured shared store, then exits. The
 * boot does the same; this runs it on its own (e.g. on the machine that has the disk, before the
 * new version is rolled out everywhere). Safe to run more than once. It needs the database, the
 * data-at-rest keys and the storage settings only (loadFilesMigrationConfig), not the rest of a
 * production environment.
 */
import { createStorageFromConfig } from '../adapters/index.js';
import { loadConfigOrReport, loadFilesMigrationConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/embedded.js';
import { runMigrations } from '../db/migrate.js';
import { moveLocalFiles } from '../adapters/storage/move-local-files.js';
import { createLogger } from '../logger.js';
import { verifyEncryptionKeys } from '../security/keys/key-check.js';
import { runStep, withStepDatabase } from './deploy-step.js';

async function main(): Promise<number> {
  const config = loadConfigOrReport(() => loadFilesMigrationConfig());
  if (config === undefined) return 1;
  const logger = createLogger(config.logLevel === 'silent' ? 'info' : config.logLevel);
  const opened = await openConfiguredDatabase(config, logger);
  return withStepDatabase(opened, logger, async (database) => {
    await runMigrations(database.pool);
    // The files are sealed with the key: a wrong one must not be used to judge them.
    await verifyEncryptionKeys(database.db, config.encryptionKeys, {
      nextKeys: config.encryptionNextKey === undefined ? [] : [config.encryptionNextKey],
    });
    const storage = createStorageFromConfig(config, database.db);
    const result = await moveLocalFiles({ dir: config.localFilesDir, to: storage, log: logger });
    logger.info(
      { moved: result.moved, conflicts: result.conflicts.length, from: config.localFilesDir },
      'file migration finished',
    );
    return result.conflicts.length > 0 ? 2 : 0;
  });
}

runStep(main);
