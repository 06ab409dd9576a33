/**
 * The one-time copy of files older versions kept on one machine's disk (STORAGE_DIR, by default
 * DATA_DIR/uploads) into the shared store. Runs at boot and as `npm run migrate-files`; safe to
 * run again and on several instances at once. The bytes are copied as they are (already sealed,
 * bound to their key) and checked in the store, and the disk keeps its copy: a rollback to the
 * release that reads the disk still finds every file it wrote (an expand step; a later release
 * deletes them). Each key copied is appended to COPIED_LOG in the directory, so that later boots
 * neither read nor compare it again.
 */
import { existsSync } from 'node:fs';
import { appendFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createLocalStorage } from './local.js';
import type { TStoragePort } from './port.js';
import type { TLog } from '../../logger.js';

const MOVE_BATCH_SIZE = 100;

/** The keys already copied, a line each, beside the area directories (never listed as a file). */
export const COPIED_LOG = '.copied-to-store';

async function copiedKeys(dir: string): Promise<Set<string>> {
  try {
    return new Set((await readFile(path.join(dir, COPIED_LOG), 'utf8')).split('\n'));
  } catch {
    return new Set();
  }
}

export interface TMoveResult {
  moved: number;
  /** Files whose key the store already holds with other bytes: left on disk, for a person. */
  conflicts: string[];
}

export async function moveLocalFiles(deps: {
  dir: string;
  to: TStoragePort;
  log?: TLog;
}): Promise<TMoveResult> {
  const result: TMoveResult = { moved: 0, conflicts: [] };
  if (!existsSync(deps.dir)) return result;
  const disk = createLocalStorage(deps.dir);
  const copied = await copiedKeys(deps.dir);
  let after: string | undefined;
  for (;;) {
    const keys = await disk.list(after, MOVE_BATCH_SIZE);
    for (const key of keys) {
      after = key;
      if (copied.has(key)) continue;
      const bytes = await disk.get(key);
      if (bytes === null) continue; // removed meanwhile
      const stored = await deps.to.get(key);
      if (stored === null) {
        await deps.to.put(key, bytes);
        const check = await deps.to.get(key);
        if (check === null || !check.equals(bytes)) {
          throw new Error(`The store did not keep ${key} as written`);
        }
      } else if (!stored.equals(bytes)) {
        result.conflicts.push(key);
        continue;
      }
      // One short line with O_APPEND: instances on this machine appending at once do not interleave.
      await appendFile(path.join(deps.dir, COPIED_LOG), `${key}\n`);
      copied.add(key);
      result.moved += 1;
    }
    if (keys.length < MOVE_BATCH_SIZE) break;
  }
  if (result.moved > 0) {
    deps.log?.info(
      { moved: result.moved, from: deps.dir, store: deps.to.name },
      'copied files from the local disk to the shared store (the disk keeps them for a rollback)',
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
