import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EAGER_COMPILE_HINT, eagerCompileEntry } from './compile-hint-plugin.js';

type TOutput = { type: 'chunk' | 'asset'; fileName: string; isEntry?: boolean };
type TWriteBundle = {
  handler: (options: { dir?: string }, bundle: Record<string, TOutput>) => void;
};

/** Writes the files, then runs the plugin's step on them as the build would. */
function writeBundle(files: Record<string, { content: string; output: TOutput }>): string {
  const dir = mkdtempSync(join(tmpdir(), 'compile-hint-'));
  mkdirSync(join(dir, 'assets'));
  for (const [name, { content }] of Object.entries(files)) writeFileSync(join(dir, name), content);
  const hook = eagerCompileEntry().writeBundle as unknown as TWriteBundle;
  hook.handler(
    { dir },
    Object.fromEntries(Object.entries(files).map(([name, { output }]) => [name, output])),
  );
  return dir;
}

describe('the eager-compile hint', () => {
  it('puts the hint on the first line of the entry chunk only', () => {
    const dir = writeBundle({
      'assets/index-abc.js': {
        content: 'const __vite__mapDeps=1;\nimport "x";\n',
        output: { type: 'chunk', fileName: 'assets/index-abc.js', isEntry: true },
      },
      'assets/start-page-def.js': {
        content: 'export {};\n',
        output: { type: 'chunk', fileName: 'assets/start-page-def.js', isEntry: false },
      },
      'assets/index-abc.css': {
        content: 'body{}',
        output: { type: 'asset', fileName: 'assets/index-abc.css' },
      },
    });
    expect(readFileSync(join(dir, 'assets/index-abc.js'), 'utf8')).toBe(
      `${EAGER_COMPILE_HINT}\nconst __vite__mapDeps=1;\nimport "x";\n`,
    );
    expect(readFileSync(join(dir, 'assets/start-page-def.js'), 'utf8')).toBe('export {};\n');
    expect(readFileSync(join(dir, 'assets/index-abc.css'), 'utf8')).toBe('body{}');
    expect(existsSync(join(dir, 'assets/index-abc.js.map'))).toBe(false);
  });

  it('moves the source map down by the added line', () => {
    const dir = writeBundle({
      'assets/index-abc.js': {
        content: 'a();\nb();\n',
        output: { type: 'chunk', fileName: 'assets/index-abc.js', isEntry: true },
      },
      'assets/index-abc.js.map': {
        content: JSON.stringify({ version: 3, sources: ['main.tsx'], mappings: 'AAAA;AACA' }),
        output: { type: 'asset', fileName: 'assets/index-abc.js.map' },
      },
    });
    const map = JSON.parse(readFileSync(join(dir, 'assets/index-abc.js.map'), 'utf8')) as {
      sources: string[];
      mappings: string;
    };
    expect(map).toEqual({ version: 3, sources: ['main.tsx'], mappings: ';AAAA;AACA' });
  });
});
