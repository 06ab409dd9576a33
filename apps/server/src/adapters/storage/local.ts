/**
 * Storage on one machine's disk, one file per key under a root directory (DATA_DIR/uploads). No
 * longer a storage driver (another instance cannot read it): what older versions stored there is
 * moved to the shared store by move-local-files.ts.
 */
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { assertStorageKey, isStorageKey, type TListableStorage } from './port.js';

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

export function createLocalStorage(rootDir: string): TListableStorage {
  const root = path.resolve(rootDir);
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    name: 'local',
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // Write then rename: a reader never sees half a file, and a crash leaves no partial object.
      const partial = `${file}.${randomUUID()}.partial`;
      await writeFile(partial, bytes, { mode: 0o600 });
      await rename(partial, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async list(after, limit) {
      let areas: string[];
      try {
        areas = await readdir(root);
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      const keys: string[] = [];
      for (const area of areas) {
        let names: string[];
        try {
          names = await readdir(path.join(root, area));
        } catch {
          continue; // a file at the top level, not an area directory
        }
        for (const name of names) {
          const key = `${area}/${name}`;
          // Leftover `.partial` files of an interrupted write are not objects.
          if (isStorageKey(key)) keys.push(key);
        }
      }
      return keys
        .sort()
        .filter((key) => after === undefined || key > after)
        .slice(0, limit);
    },
  };
}
