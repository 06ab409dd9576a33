import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_METRICS_TOKEN } from './fixtures/jobs.js';

/**
 * The lanes' servers, each a deployment of its own (server, embedded PostgreSQL, sandbox clock),
 * started as `npm start` starts one. They start side by side: one after the other (as Playwright's
 * `webServer` list starts them) the suite waited about twelve seconds a lane before its first test.
 * The web app is built first, once, when its sources are newer than the build, so that no two
 * servers build it at the same time.
 */
const ROOT = join(import.meta.dirname, '..');
const START_TIMEOUT_MS = 240_000;

interface TLaneServer {
  port: number;
  process: ChildProcess;
  dataDir: string;
}

function startServer(port: number): TLaneServer {
  const dataDir = mkdtempSync(join(tmpdir(), 'pledge-e2e-'));
  // Run as root, the embedded PostgreSQL drops to the postgres user, which must reach the directory.
  chmodSync(dataDir, 0o755);
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    // A process group of its own: the server and its PostgreSQL are stopped together.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SANDBOX: 'true',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(port + 20_000),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Read by specs that wait for background jobs, to say in a failure what the queue holds.
      METRICS_TOKEN: E2E_METRICS_TOKEN,
      // As behind a load balancer: the API sign-ins of the fixtures name their own address.
      TRUST_PROXY: '1',
    },
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (data: Buffer) => {
      const lines = data.toString().trimEnd().split('\n');
      process.stderr.write(lines.map((line) => `[server :${port}] ${line}\n`).join(''));
    });
  }
  return { port, process: child, dataDir };
}

function stopServer(server: TLaneServer): void {
  if (server.process.pid !== undefined && server.process.exitCode === null) {
    try {
      process.kill(-server.process.pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}

async function waitUntilServing(server: TLaneServer): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  const url = `http://127.0.0.1:${server.port}/healthz`;
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null) {
      throw new Error(`the server of port ${server.port} exited (${server.process.exitCode})`);
    }
    const answered = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      .then((answer) => answer.ok)
      .catch(() => false);
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server of port ${server.port} did not answer ${url} in time`);
}

/** Starts a server on each port and waits until all answer; the function returned stops them. */
export async function startLaneServers(ports: number[]): Promise<() => Promise<void>> {
  execFileSync('node', ['scripts/build-web-if-needed.mjs'], { cwd: ROOT, stdio: 'inherit' });
  const servers = ports.map(startServer);
  const stopAll = () => servers.forEach(stopServer);
  // Whatever ends this process, the servers and their databases end with it.
  process.once('exit', stopAll);
  try {
    await Promise.all(servers.map(waitUntilServing));
  } catch (error) {
    stopAll();
    throw error;
  }
  return async () => {
    process.removeListener('exit', stopAll);
    stopAll();
  };
}
