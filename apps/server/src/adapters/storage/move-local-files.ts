/**
 * The one-time move of files older versions kept on one machine's disk (STORAGE_DIR, by default
 * DATA_DIR/uploads) into the shared store. Runs at boot and as `npm run migrate-files`; safe to
 * run again and on several instances at once: a file is deleted from the disk only once the store
 * holds the same bytes. The bytes are moved as they are (already sealed, bound to their key).
 */
import { existsSync } from 'node:fs';
import { createLocalStorage } from './local.js';
import type { TStoragePort } from './port.js';

const MOVE_BATCH_SIZE = 100;

export interface TMoveResult {
  moved: number;
  /** Files whose key the store already holds with other bytes: left on disk, for a person. */
  conflicts: string[];
}

export async function moveLocalFiles(deps: {
  dir: string;
  to: TStoragePort;
  log?: {
    info(object: object, message: string): void;
    warn(object: object, message: string): void;
  };
}): Promise<TMoveResult> {
  const result: TMoveResult = { moved: 0, conflicts: [] };
  if (!existsSync(deps.dir)) return result;
  const disk = createLocalStorage(deps.dir);
  let after: string | undefined;
  for (;;) {
    const keys = await disk.list(after, MOVE_BATCH_SIZE);
    for (const key of keys) {
      after = key;
      const bytes = await disk.get(key);
      if (bytes === null) continue; // moved by another instance meanwhile
      const stored = await deps.to.get(key);
      if (stored === null) {
        await deps.to.put(key, bytes);
        const check = await deps.to.get(key);
        if (check === null || !check.equals(bytes)) {
          throw new Error(`The store did not keep ${key} as written; nothing was deleted`);
        }
      } else if (!stored.equals(bytes)) {
        result.conflicts.push(key);
        continue;
      }
      await disk.delete(key);
      result.moved += 1;
    }
    if (keys.length < MOVE_BATCH_SIZE) break;
  }
  if (result.moved > 0) {
    deps.log?.info(
      { moved: result.moved, from: deps.dir, store: deps.to.name },
      'moved files from the local disk to the shared store',
    );
  }
  if (result.conflicts.length > 0) {
    deps.log?.warn(
      { conflicts: result.conflicts, from: deps.dir, store: deps.to.name },
      'files left on the local disk: the shared store holds other bytes under their keys',
    );
  }
  return result;
}
