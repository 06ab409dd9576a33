/** The boot step that prepares the stored data (key check, sealing, backfills), as a test runs it. */
import type { TStoragePort } from '../../src/adapters/storage/port.js';
import type { TDb } from '../../src/db/pool.js';
import { prepareStoredData } from '../../src/deploy/prepare-stored-data.js';
import { TEST_ENCRYPTION_KEY } from './app.js';

/** Runs the step on `db` with the test key and `filesDir`; answers the lines it logged, as JSON. */
export async function runBootStep(deps: {
  db: TDb;
  storage: TStoragePort;
  filesDir: string;
}): Promise<string[]> {
  const lines: string[] = [];
  const log = {
    info: (object: object, message: string) => lines.push(JSON.stringify({ ...object, message })),
    warn: (object: object, message: string) => lines.push(JSON.stringify({ ...object, message })),
  };
  await prepareStoredData({
    config: { encryptionKeys: [TEST_ENCRYPTION_KEY], localFilesDir: deps.filesDir },
    db: deps.db,
    storage: deps.storage,
    log,
  });
  return lines;
}
