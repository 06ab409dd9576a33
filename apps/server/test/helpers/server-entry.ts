/** A server entry point (the server, a deploy step) run in a process of its own, as an operator runs it. */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findRepoRoot } from '../../src/config.js';

/** The server's folder, where its entry points run. */
export const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
/** tsx, which runs an entry point's TypeScript as the README's commands do. */
export const TSX = path.join(findRepoRoot(), 'node_modules', '.bin', 'tsx');

/**
 * Runs `entry` (relative to the server's folder) with tsx and nothing of this process's environment
 * but PATH and HOME: only what `env` sets. Killed after `timeoutMs`. Answers its exit code (null
 * when killed) and what it wrote to stdout and stderr, each alone and both in the order written.
 */
export function runServerEntry(
  entry: string,
  env: Record<string, string>,
  options: { timeoutMs: number },
): Promise<{ code: number | null; stdout: string; stderr: string; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [entry], {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      output += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.once('error', reject);
    // After the exit and the end of its output: what it wrote last is read.
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, output });
    });
  });
}
