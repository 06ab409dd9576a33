import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** V8's explicit compile hint for a whole file: compile every function while the file streams in. */
export const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Marks the entry chunk for eager compilation. Nearly all of it runs as a page starts (React DOM,
 * the router, the query client, the app shell), and V8 otherwise compiles each function on the
 * main thread the first time it is called, in the long tasks that delay a visitor's first tap.
 * With the hint Chromium compiles them on a background thread while the file downloads; other
 * browsers read a comment. The hint must be the file's first line, and Vite adds lines of its own
 * at the top until the bundle is written, so the written file gets it (before it is compressed).
 */
export function eagerCompileEntry(): Plugin {
  return {
    name: 'pledge:eager-compile-entry',
    apply: 'build',
    writeBundle: {
      order: 'pre',
      handler(options, bundle) {
        const outDir = options.dir ?? 'dist';
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
          const path = join(outDir, chunk.fileName);
          writeFileSync(path, `${EAGER_COMPILE_HINT}\n${readFileSync(path, 'utf8')}`);
          // One more line before the code: its source map moves down by one line too.
          const mapPath = `${path}.map`;
          if (existsSync(mapPath)) {
            const map = JSON.parse(readFileSync(mapPath, 'utf8')) as { mappings: string };
            writeFileSync(mapPath, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
          }
        }
      },
    },
  };
}
