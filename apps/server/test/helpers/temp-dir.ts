import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** A folder of the suite's own under the system's temporary folder, removed after the suite. */
export function useTempDir(prefix: string): () => string {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  return () => dir;
}
