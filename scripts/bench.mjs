// `npm run bench`: the performance bars of DESIGN §7, measured (never asserted in tests).
//   1. JS size: initial JS of /start (gzip) and the largest route chunk.
//   2. Throughput: rates (and offers, once served) against a bare Fastify hello-world, same run,
//      50 connections; ratio and p99.
//   3. Lighthouse mobile performance of /start, /residency and /faq in Debian's Chromium.
// Results are printed and written to .bench/results.json.
import { spawn, execSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { measureBundleSizes } from './bundle-size.mjs';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'apps/web/dist');
const results = {};
const APP = '/account/crypto-backed-loan';

function measureBundles() {
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
  results.bundles = measureBundleSizes(dist);
  console.log('bundles', results.bundles);
}

async function waitFor(url, ms = 240_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up`);
}

function cannon(opts) {
  return new Promise((resolve, reject) =>
    autocannon({ connections: 50, duration: 10, ...opts }, (err, res) =>
      err ? reject(err) : resolve(res),
    ),
  );
}

async function measureThroughput(base) {
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  await hello.listen({ port: 3299, host: '127.0.0.1' });
  const bare = await cannon({ url: 'http://127.0.0.1:3299/' });
  await hello.close();
  const rates = await cannon({
    url: `${base}/service-cryptopl-leap/insecure/api/v1/rates?orgCode=default`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      coinQuantity: '1',
      collateralType: 'BTC',
      state: 'OH',
      requestedAmount: 20000,
    }),
  });
  const row = (r) => ({
    reqPerSec: Math.round(r.requests.average),
    p99ms: r.latency.p99,
    non2xx: r.non2xx,
  });
  results.throughput = {
    helloWorld: row(bare),
    rates: {
      ...row(rates),
      ratioToHelloWorld: +(rates.requests.average / bare.requests.average).toFixed(2),
    },
    budget: { ratioToHelloWorld: 0.4, p99ms: 50 },
  };
  console.log('throughput', results.throughput);
}

// Lighthouse is fetched on demand (npx) rather than kept in the lock file: its dependency tree pins
// a moving dist-tag, which would break `npm ci`.
const LIGHTHOUSE = 'lighthouse@12.8.2';

async function measureLighthouse(base) {
  results.lighthouse = {};
  const out = mkdtempSync(join(tmpdir(), 'pledge-lighthouse-'));
  for (const [index, path] of [
    `${APP}/start?state=OH`,
    `${APP}/residency`,
    `${APP}/faq`,
  ].entries()) {
    const report = join(out, `${index}.json`);
    execSync(
      [
        `npx --yes ${LIGHTHOUSE}`,
        JSON.stringify(`${base}${path}`),
        '--quiet --only-categories=performance,accessibility --form-factor=mobile',
        `--output=json --output-path=${report}`,
        '--chrome-flags="--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run"',
      ].join(' '),
      {
        stdio: 'inherit',
        env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
      },
    );
    const lhr = JSON.parse(readFileSync(report, 'utf8'));
    results.lighthouse[path] = {
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
    };
  }
  results.lighthouse.budget = { performance: 95 };
  console.log('lighthouse', results.lighthouse);
}

measureBundles();
const port = 3200;
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'pledge-bench-'));
chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as the postgres user when we are root
const server = spawn('npm', ['start'], {
  cwd: root,
  stdio: 'ignore',
  detached: true,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SANDBOX: 'true',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(port + 20_000),
  },
});
try {
  await waitFor(`${base}/healthz`);
  await measureThroughput(base);
  await measureLighthouse(base);
} finally {
  process.kill(-server.pid, 'SIGTERM');
}
mkdirSync(join(root, '.bench'), { recursive: true });
writeFileSync(join(root, '.bench/results.json'), JSON.stringify(results, null, 2));
console.log('written .bench/results.json');
