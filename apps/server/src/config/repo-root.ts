import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from './area.js';

/** The repository root: the nearest ancestor whose package.json declares workspaces. */
export function findRepoRoot(
  startDir: string = path.dirname(fileURLToPath(import.meta.url)),
): string {
  let dir = path.resolve(startDir);
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const parsed: unknown = JSON.parse(readFileSync(manifest, 'utf8'));
      if (typeof parsed === 'object' && parsed !== null && 'workspaces' in parsed) return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) {
      throw new ConfigError(`No package.json with "workspaces" found above ${startDir}`);
    }
    dir = parent;
  }
}
