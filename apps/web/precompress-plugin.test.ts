import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompress } from './precompress-plugin.js';

type TWriteBundle = (options: { dir?: string }, bundle: Record<string, unknown>) => void;

function writeBundle(dir: string, files: Record<string, string>) {
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  const hook = precompress().writeBundle as unknown as TWriteBundle;
  hook({ dir }, Object.fromEntries(Object.keys(files).map((name) => [name, {}])));
}

describe('the precompress build step', () => {
  it('writes .br and .gz copies of text assets that decompress to the file as written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    writeBundle(dir, { 'app.js': script, 'app.css': `body{color:red}${' '.repeat(2000)}` });
    expect(brotliDecompressSync(readFileSync(join(dir, 'app.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dir, 'app.js.gz'))).toString()).toBe(script);
    expect(readFileSync(join(dir, 'app.js.br')).length).toBeLessThan(script.length / 10);
    expect(existsSync(join(dir, 'app.css.br'))).toBe(true);
  });

  it('leaves small files and files that are not text alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    writeBundle(dir, { 'tiny.js': 'export {};', 'logo.png': 'p'.repeat(5000) });
    expect(existsSync(join(dir, 'tiny.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'logo.png.gz'))).toBe(false);
  });
});
