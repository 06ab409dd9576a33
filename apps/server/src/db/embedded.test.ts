import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clusterExists,
  embeddedMemoryFlags,
  EmbeddedPostgresInProductionError,
  inspectPostmaster,
  readPostmasterPid,
  recoverPostmaster,
  startEmbeddedPostgres,
  systemProcessProbe,
  type TProcessProbe,
} from './embedded.js';

/** The postmaster.pid layout PostgreSQL writes (pid, data dir, start time, port, socket dir…). */
function postmasterPid(pid: number, dataDir: string, port = 54329): string {
  return `${pid}\n${dataDir}\n1700000000\n${port}\n/tmp\n127.0.0.1\n  54329001    196608\nready   \n`;
}

/** The pid of a process that has exited (and was reaped). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  const pid = child.pid as number;
  await new Promise((resolve) => child.on('exit', resolve));
  return pid;
}

const probe = (overrides: Partial<TProcessProbe>): TProcessProbe => ({
  isAlive: () => true,
  isPostgres: async () => true,
  liveAppParent: async () => null,
  ...overrides,
});

describe('embedded PostgreSQL recovery', () => {
  let pgDir: string;
  const pidFile = () => path.join(pgDir, 'postmaster.pid');

  beforeEach(async () => {
    pgDir = await mkdtemp(path.join(os.tmpdir(), 'pledge-pg-recovery-'));
  });
  afterEach(async () => {
    await rm(pgDir, { recursive: true, force: true });
  });

  it('finds nothing to do in a directory without postmaster.pid', async () => {
    const stopOrphan = vi.fn(async () => undefined);
    expect(await inspectPostmaster(pgDir)).toEqual({ kind: 'absent' });
    expect(await recoverPostmaster(pgDir, stopOrphan)).toBe('clean');
    expect(stopOrphan).not.toHaveBeenCalled();
  });

  it('reads the pid, data directory and port', async () => {
    await writeFile(pidFile(), postmasterPid(4242, pgDir, 54400));
    expect(await readPostmasterPid(pgDir)).toEqual({ pid: 4242, dataDir: pgDir, port: 54400 });
  });

  it('removes a postmaster.pid whose process is gone (the app and Postgres were killed)', async () => {
    const pid = await deadPid();
    await writeFile(pidFile(), postmasterPid(pid, pgDir));
    const stopOrphan = vi.fn(async () => undefined);
    expect(await inspectPostmaster(pgDir)).toEqual({ kind: 'stale', pid });
    expect(await recoverPostmaster(pgDir, stopOrphan)).toBe('removed-stale-pid');
    expect(existsSync(pidFile())).toBe(false);
    expect(stopOrphan).not.toHaveBeenCalled();
  });

  it('treats a pid reused by an unrelated live process as stale', async () => {
    // This test runner is alive but is not a PostgreSQL server.
    await writeFile(pidFile(), postmasterPid(process.pid, pgDir));
    expect(await systemProcessProbe.isPostgres(process.pid)).toBe(process.platform !== 'linux');
    if (process.platform === 'linux') {
      expect(await recoverPostmaster(pgDir, async () => undefined)).toBe('removed-stale-pid');
    }
  });

  it('treats an unreadable pid line as stale', async () => {
    await writeFile(pidFile(), 'garbage\n');
    expect(await recoverPostmaster(pgDir, async () => undefined)).toBe('removed-stale-pid');
  });

  it('stops an orphaned postmaster left running by a killed app', async () => {
    await writeFile(pidFile(), postmasterPid(4242, pgDir));
    const stopOrphan = vi.fn(async (dir: string) => {
      // pg_ctl stop removes the file once the server is down.
      await rm(path.join(dir, 'postmaster.pid'));
    });
    expect(await inspectPostmaster(pgDir, probe({}))).toEqual({
      kind: 'orphan',
      pid: 4242,
      port: 54329,
    });
    expect(await recoverPostmaster(pgDir, stopOrphan, probe({}))).toBe('stopped-orphan');
    expect(stopOrphan).toHaveBeenCalledWith(pgDir);
  });

  it('refuses to touch a postmaster that serves another running app', async () => {
    await writeFile(pidFile(), postmasterPid(4242, pgDir));
    const stopOrphan = vi.fn(async () => undefined);
    const busy = probe({ liveAppParent: async () => 999_999 });
    await expect(recoverPostmaster(pgDir, stopOrphan, busy)).rejects.toThrow(/process 999999/);
    expect(stopOrphan).not.toHaveBeenCalled();
    expect(await readFile(pidFile(), 'utf8')).toContain('4242');
  });

  it('knows a cluster by its PG_VERSION file', async () => {
    expect(clusterExists(pgDir)).toBe(false);
    await writeFile(path.join(pgDir, 'PG_VERSION'), '18\n');
    expect(clusterExists(pgDir)).toBe(true);
  });
});

describe('embedded PostgreSQL in production', () => {
  it('refuses to start, before touching the data directory', async () => {
    const dataDir = path.join(os.tmpdir(), `pledge-embedded-prod-${process.pid}`);
    const log = { info: () => undefined, warn: () => undefined, debug: () => undefined };
    await expect(
      startEmbeddedPostgres({ dataDir, port: 1, log, nodeEnv: 'production' }),
    ).rejects.toThrow(EmbeddedPostgresInProductionError);
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe('embedded PostgreSQL memory', () => {
  const GIB = 1024 ** 3;
  const settingsOf = (flags: string[]) =>
    Object.fromEntries(
      flags
        .filter((_, index) => index % 2 === 1)
        .map((flag) => flag.split('=') as [string, string]),
    );

  it('gives shared buffers a quarter of the machine’s memory', () => {
    expect(settingsOf(embeddedMemoryFlags(4 * GIB))).toEqual({
      shared_buffers: '1024MB',
      max_wal_size: '4096MB',
    });
  });

  it('keeps shared buffers between PostgreSQL’s default 128 MB and 2 GB', () => {
    expect(settingsOf(embeddedMemoryFlags(256 * 1024 ** 2)).shared_buffers).toBe('128MB');
    expect(settingsOf(embeddedMemoryFlags(64 * GIB)).shared_buffers).toBe('2048MB');
  });

  it('passes every setting as -c name=value', () => {
    const flags = embeddedMemoryFlags(8 * GIB);
    expect(flags.filter((_, index) => index % 2 === 0)).toEqual(['-c', '-c']);
  });
});
