// `npm run test:upgrade` (a step of `npm test`, after the unit tests): the upgrade from the previous
// release to this version, on one database, as an operator runs it:
//
//   1. the previous release's commit is the first release heading of CHANGELOG.md (`## <commit>`),
//      checked out from this clone's own history (`git worktree add`) and installed there without
//      dev dependencies or install scripts (`npm ci`, the npm cache reused); it runs from its
//      sources with this clone's tsx, on a fresh database of the PostgreSQL at 127.0.0.1:5432
//      (UPGRADE_DATABASE_SERVER: another server's URL, without a database name);
//   2. the previous release in sandbox mode: over its HTTP API three borrowers each sign in, take a
//      loan from offer to funding (details, disclosures signed, bank account, ID upload, collateral
//      deposited, funds released by an agent), and the third is paid off by the agent and asks
//      for the collateral back; the ID files and signed disclosures are read back; it is stopped;
//   3. this version migrates that database (src/deploy/migrate-database.ts) and boots on it with
//      the same data directory (keys, and the files that release kept on disk);
//   4. every loan the previous release funded is serviced: the borrower's loan list and loan page,
//      a payoff quote, a statement after the sandbox clock passes the first cycle date, the risk
//      pass margin-calling the open loans after a price drop, the agent's loan page, and
//      reconciliation balanced over all of them; the paid-off loan closed (nothing owed); every
//      file reads back the same bytes; every borrower signs in (the old session is tried first).
//
// It fails when any of that fails, and when the history or the tools it needs are missing (CI runs
// in a full clone). `--keep` leaves the temporary directory, the worktree and the database.
import { Blob, Buffer } from 'node:buffer';
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, renameSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { check, checkRun, fail } from './check-harness.mjs';

const root = new URL('..', import.meta.url).pathname;
const keep = process.argv.includes('--keep');
const LEAP = '/service-cryptopl-leap';
const OPS = '/service-ops/secure/api/v1';
const LOANS = '/provenance/borrower/servicing/v2/loans';
const LOAN_STATUS = '/provenance/borrower/servicing/v2/loanStatus';
const AGENT_EMAIL = 'agent@example.com';
const BTC_RETURN_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const TSX = path.join(root, 'node_modules', '.bin', 'tsx');
/** Past the first cycle date of a loan funded today, whatever the month. */
const CLOCK_ADVANCE_HOURS = 35 * 24;
const LAST_NAMES = ['Lovelace', 'Hopper', 'Noether'];

const { cleanups, step, startProcess, waitFor, runCheck } = checkRun('upgrade');
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

// ── the previous release ─────────────────────────────────────────────────────────────────────────
/** The first `## <commit>` heading of CHANGELOG.md: the release this version upgrades from. */
function previousReleaseCommit() {
  const changelog = readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
  const commit = /^## ([0-9a-f]{7,40})\b/m.exec(changelog)?.[1];
  check(commit !== undefined, 'CHANGELOG.md names no release (a "## <commit>" heading)');
  return commit;
}

function git(...args) {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: 'pipe' }).trim();
}

function checkOutPrevious(commit, work) {
  try {
    git('cat-file', '-e', `${commit}^{commit}`);
  } catch {
    fail(
      `the previous release ${commit} is not in this clone's history: the upgrade test needs a ` +
        'full clone (git fetch --unshallow, or clone without --depth)',
    );
  }
  const dir = path.join(work, 'previous');
  git('worktree', 'add', '--detach', dir, commit);
  if (!keep) {
    cleanups.push(() => {
      // Its installed packages go with the temporary directory, in the background; the worktree
      // itself (sources only) is deregistered now.
      if (existsSync(path.join(dir, 'node_modules'))) {
        renameSync(path.join(dir, 'node_modules'), path.join(work, 'previous-node-modules'));
      }
      git('worktree', 'remove', '--force', dir);
    });
  }
  // Only what its server needs to run from its sources (tsx comes from this clone).
  execFileSync(
    'npm',
    [
      'ci',
      ...['--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'],
      ...['--loglevel=error', '-w', '@pledge/server', '-w', '@pledge/domain'],
      ...['-w', '@pledge/contract'],
    ],
    { cwd: dir, stdio: 'inherit' },
  );
  return dir;
}

// ── processes ────────────────────────────────────────────────────────────────────────────────────
async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function stopProcess(instance) {
  instance.child.kill('SIGTERM');
  const exit = await Promise.race([
    instance.exited,
    new Promise((resolve) => setTimeout(() => resolve(null), 20_000)),
  ]);
  check(exit !== null, `${instance.name} did not stop within 20 s of SIGTERM`);
}

// ── HTTP ─────────────────────────────────────────────────────────────────────────────────────────
function client(base) {
  const call = async (
    method,
    pathAndQuery,
    { token, body, form, expect = 200, raw = false } = {},
  ) => {
    const headers = {};
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}${pathAndQuery}`, {
      method,
      headers,
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
      redirect: 'manual',
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    check(
      response.status === expect,
      `${method} ${pathAndQuery}: expected HTTP ${expect}, got ${response.status}: ${bytes.toString('utf8').slice(0, 600)}`,
    );
    if (raw) return { bytes, type: response.headers.get('content-type') };
    return bytes.length === 0 ? undefined : JSON.parse(bytes.toString('utf8'));
  };
  return {
    base,
    get: (p, options) => call('GET', p, options),
    post: (p, options) => call('POST', p, options),
    status: async (p, token) =>
      (
        await fetch(`${base}${p}`, {
          headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
        })
      ).status,
  };
}

/** Signs in through the identity broker with a code read from the sandbox mailbox. */
async function signIn(api, email, audience, instance) {
  const nonce = randomUUID().replaceAll('-', '');
  const landing = audience === 'agent' ? '/ops' : '/account/crypto-backed-loan';
  await api.post(
    `/identity-broker/${audience}/api/v3/login?redirectUrl=${encodeURIComponent(landing)}&nonce=${nonce}`,
    { expect: 303 },
  );
  const inbox = async () =>
    (await api.get(`/sandbox/mailbox?to=${encodeURIComponent(email)}`)).messages;
  const before = (await inbox()).length;
  await api.post(`/identity-broker/${audience}/api/v3/otp/start`, {
    body: { email },
    expect: 204,
  });
  // The newest message that carries a code: statements and notices may arrive meanwhile.
  const code = await waitFor(
    `the sign-in code of ${email}`,
    async () => {
      const messages = await inbox();
      for (const message of messages.slice(0, messages.length - before)) {
        const found = /code\D{0,20}(\d{6})\b/i.exec(message.text ?? '')?.[1];
        if (found !== undefined) return found;
      }
      return false;
    },
    { watching: [instance] },
  );
  const { jwt } = await api.post(`/identity-broker/${audience}/api/v3/otp/verify`, {
    body: { email, code, nonce },
  });
  return jwt;
}

// ── the previous release: loans through its HTTP API ────────────────────────────────────────────
async function stateOf(api, token, appUuid) {
  return (await api.get(`${LEAP}/secure/api/v1/applications/${appUuid}/krang/state`, { token }))
    .state;
}

async function idImage(label) {
  // A real image (the release may decode what it takes), different for each borrower.
  return sharp({
    create: { width: 64, height: 40, channels: 3, background: { r: 40, g: 90, b: label * 60 } },
  })
    .jpeg()
    .toBuffer();
}

/** A borrower's loan, from sign-in to funds released by the agent, on the previous release. */
async function fundLoan(api, instance, agentToken, index) {
  const email = `upgrade-${index}-${randomBytes(3).toString('hex')}@example.com`;
  const token = await signIn(api, email, 'customer', instance);
  const { uuid: identityUuid } = await api.get(
    '/identity-broker/customer/secure/api/v3/self/figureinfo',
    { token },
  );
  const { appUuid } = await api.post(`${LEAP}/insecure/api/v1/applications/create`, {
    token,
    body: { organization: 'default' },
    expect: 201,
  });
  const app = `${LEAP}/secure/api/v1/applications/${appUuid}`;
  const priced = await api.post(`${app}/requested-offer`, {
    token,
    body: { requestedAmount: 20_000, collateralType: 'BTC', coinQuantity: '1', state: 'OH' },
  });
  await api.post(`${app}/select-offer`, { token, body: { offerUuid: priced.offers[0].uuid } });
  await api.post(`${app}/details`, {
    token,
    expect: 202,
    body: {
      residency: 'UNITED_STATES',
      firstName: 'Ada',
      lastName: LAST_NAMES[index - 1],
      dob: '1990-05-17',
      email,
      ssn: `123-45-67${index}9`,
      address: { street1: '1 Main St', city: 'Columbus', state: 'OH', zip: '43215' },
      phone: '(614) 555-0100',
      isCitizenOrPermanentResident: true,
      consents: { TERMS: true, PRIVACY: true, eSign: true, SOFT_CREDIT: true },
    },
  });
  await waitFor(
    `${email}'s disclosures`,
    async () => (await stateOf(api, token, appUuid)) === 'SIGN_DOCS',
    { watching: [instance] },
  );
  const documents = `${app}/borrowers/${identityUuid}/documents`;
  for (const document of await api.get(`${documents}/unsigned`, { token })) {
    await api.post(`${documents}/${document.uuid}/sign`, { token });
  }
  await api.post(`${app}/disbursement/manual-bank`, {
    token,
    body: {
      routingNumber: '021000021',
      accountNumber: `00012345678${index}`,
      firstName: 'Ada',
      lastName: LAST_NAMES[index - 1],
    },
  });
  const image = await idImage(index);
  const form = new globalThis.FormData();
  form.append('documentOwnerIdentityUuid', identityUuid);
  form.append('documentType', 'DRIVERS_LICENSE_FRONT');
  form.append('fileName', `license-${index}.jpg`);
  form.append('document', new Blob([image], { type: 'image/jpeg' }), `license-${index}.jpg`);
  const upload = await api.post(`${app}/identity-documents`, { token, form, expect: 201 });
  const collateral = await api.post(`${app}/collateral/calculate`, { token });
  await api.post('/sandbox/chain/deposits', {
    body: {
      address: collateral.wallet.depositAddress,
      amount: collateral.requiredCoinAmount.coinQuantity,
      confirmations: 12,
    },
    expect: 201,
  });
  await api.post(`${app}/collateral/borrower-confirmation`, { token });
  // The sandbox approves the ID a few seconds after the upload; then the funds wait for an agent.
  await waitFor(
    `${email}'s funding release`,
    async () => (await stateOf(api, token, appUuid)) === 'MANUAL_FUNDING_RELEASE',
    { watching: [instance] },
  );
  await api.post(`${OPS}/applications/${appUuid}/release-funds`, { token: agentToken });
  check((await stateOf(api, token, appUuid)) === 'COMPLETE', `${appUuid} is not funded`);
  // What a borrower and an agent read of its files, to read again after the upgrade.
  const signed = (await api.get(documents, { token })).filter((document) => document.signed);
  check(signed.length > 0, `${appUuid} has no signed document`);
  const disclosure = await api.get(`${documents}/${signed[0].uuid}`, { token, raw: true });
  const idFile = await api.get(`${OPS}/applications/${appUuid}/identity-documents/${upload.uuid}`, {
    token: agentToken,
    raw: true,
  });
  check(sha256(idFile.bytes) === sha256(image), `the ID file of ${appUuid} reads back other bytes`);
  return {
    email,
    token,
    identityUuid,
    appUuid,
    files: [
      {
        what: 'signed disclosure',
        path: `${documents}/${signed[0].uuid}`,
        sha: sha256(disclosure.bytes),
        by: 'borrower',
      },
      {
        what: 'ID file',
        path: `${OPS}/applications/${appUuid}/identity-documents/${upload.uuid}`,
        sha: sha256(image),
        by: 'agent',
      },
    ],
  };
}

// ── main ─────────────────────────────────────────────────────────────────────────────────────────
async function main() {
  const commit = previousReleaseCommit();
  const work = mkdtempSync(path.join(os.tmpdir(), 'pledge-upgrade-'));
  if (!keep) {
    cleanups.push(() => spawn('rm', ['-rf', work], { detached: true, stdio: 'ignore' }).unref());
  }
  step(`previous release ${commit} (CHANGELOG.md): checking out and installing`);
  const previous = checkOutPrevious(commit, work);
  step('installed');

  const server = (
    process.env.UPGRADE_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432'
  ).replace(/\/+$/, '');
  const name = `pledge_upgrade_${randomBytes(4).toString('hex')}`;
  const admin = async (sql) => {
    const connection = new pg.Client({ connectionString: `${server}/postgres` });
    await connection.connect();
    try {
      await connection.query(sql);
    } finally {
      await connection.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  if (!keep) cleanups.push(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const databaseUrl = `${server}/${name}`;
  const port = await freePort();
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    SANDBOX: 'true',
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(work, 'data'),
    WEB_DIST: path.join(work, 'no-web-app'),
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'info',
  };
  const api = client(`http://127.0.0.1:${port}`);

  // The previous release, its loans, files and sessions.
  const old = startProcess(`the previous release (${commit})`, TSX, ['src/server.ts'], {
    cwd: path.join(previous, 'apps', 'server'),
    env,
  });
  await waitFor(
    'the previous release to answer',
    async () => (await api.status('/healthz')) === 200,
    { watching: [old] },
  );
  step('the previous release serves; funding three loans through its API');
  const oldAgent = await signIn(api, AGENT_EMAIL, 'agent', old);
  const borrowers = await Promise.all(
    [1, 2, 3].map((index) => fundLoan(api, old, oldAgent, index)),
  );
  const [, , paidOff] = borrowers;
  await api.post(`${OPS}/applications/${paidOff.appUuid}/record-payoff`, {
    token: oldAgent,
    body: { method: 'WIRE', reason: 'Paid off by wire before the upgrade' },
  });
  await api.post(`${LEAP}/secure/api/v1/applications/${paidOff.appUuid}/collateral/release`, {
    token: paidOff.token,
    body: { returnAddress: BTC_RETURN_ADDRESS },
  });
  // Every loan that release holds, funded or paid off, whoever made it.
  const funded = [];
  for (const state of ['COMPLETE', 'PAID_OFF']) {
    const page = await api.get(`${OPS}/applications?state=${state}&limit=100`, { token: oldAgent });
    funded.push(...page.items.map((item) => ({ appUuid: item.appUuid, state })));
  }
  check(
    funded.length === borrowers.length,
    `the previous release holds ${funded.length} funded loans, not ${borrowers.length}`,
  );
  step(`the previous release funded ${funded.length} loans (one paid off); stopping it`);
  await stopProcess(old);

  // This version: migrate, then boot on the same database and data directory.
  const serverDir = path.join(root, 'apps', 'server');
  const migrate = startProcess('the migrate step', TSX, ['src/deploy/migrate-database.ts'], {
    cwd: serverDir,
    env,
  });
  const migrated = await migrate.exited;
  check(migrated.code === 0, `the migrate step exited ${migrated.code}:\n${migrate.output()}`);
  step(`migrated: ${/applied \d+ migrations?/.exec(migrate.output())?.[0] ?? 'see its log'}`);
  const current = startProcess('this version', TSX, ['src/server.ts'], { cwd: serverDir, env });
  await waitFor('this version to be ready', async () => (await api.status('/readyz')) === 200, {
    watching: [current],
    timeoutMs: 120_000,
  });
  check(
    current.output().includes('loans funded before servicing opened'),
    `the boot opened no loan funded before servicing:\n${current.output().slice(-4000)}`,
  );
  step('this version serves the migrated database');

  // Sign-in: the old session, else a new sign-in, for every borrower.
  const sessions = [];
  for (const borrower of borrowers) {
    const oldSession = await api.status(LOAN_STATUS, borrower.token);
    const token =
      oldSession === 200 ? borrower.token : await signIn(api, borrower.email, 'customer', current);
    const figure = await api.get('/identity-broker/customer/secure/api/v3/self/figureinfo', {
      token,
    });
    // c329e91 answered `uuid`, this version `identityUuid`.
    check(
      (figure.identityUuid ?? figure.uuid) === borrower.identityUuid,
      `${borrower.email} signs in as someone else: ${JSON.stringify(figure).slice(0, 400)} (old session: HTTP ${oldSession})`,
    );
    sessions.push(oldSession === 200 ? 'kept' : `ended (HTTP ${oldSession}), signed in again`);
    borrower.token = token;
  }
  const oldAgentSession = await api.status(`${OPS}/reconciliation`, oldAgent);
  const agent =
    oldAgentSession === 200 ? oldAgent : await signIn(api, AGENT_EMAIL, 'agent', current);
  step(
    `borrowers' sessions: ${sessions.join('; ')}; the agent's: ${oldAgentSession === 200 ? 'kept' : `ended (HTTP ${oldAgentSession}), signed in again`}`,
  );

  // Every loan serviced: the borrower's list and page, the agent's page.
  const active = borrowers.filter((borrower) => borrower !== paidOff);
  for (const borrower of borrowers) {
    const isPaidOff = borrower === paidOff;
    const { loans } = await api.get(LOAN_STATUS, { token: borrower.token });
    const listed = loans.find((loan) => loan.appUuid === borrower.appUuid);
    check(listed !== undefined, `${borrower.appUuid} is not on its borrower's loan list`);
    const page = await api.get(`${LOANS}/${borrower.appUuid}`, { token: borrower.token });
    check(
      page.status === (isPaidOff ? 'PAID_OFF' : 'ACTIVE'),
      `${borrower.appUuid}'s loan page says ${page.status}`,
    );
    if (isPaidOff) {
      check(
        page.balances.totalCents === 0,
        `the paid-off loan still owes ${page.balances.totalCents}`,
      );
      check(
        page.payments.some(
          (payment) => payment.purpose === 'PAYOFF' && payment.status === 'SETTLED',
        ),
        'the paid-off loan shows no payoff',
      );
    } else {
      const quote = await api.post(`${LOANS}/${borrower.appUuid}/payoff-quote`, {
        token: borrower.token,
        expect: 201,
      });
      check(
        quote.amountCents >= page.balances.principalCents,
        `${borrower.appUuid}'s payoff quote ${quote.amountCents} is below its principal`,
      );
    }
    await api.get(`${OPS}/loans/${borrower.appUuid}`, { token: agent });
  }
  for (const loan of funded) {
    check(
      borrowers.some((borrower) => borrower.appUuid === loan.appUuid),
      `${loan.appUuid} (${loan.state}) is not one of the loans made here`,
    );
  }
  step('every loan has its loan page, list entry and agent page; open loans quote a payoff');

  // Every file the previous release kept reads back the same bytes.
  for (const borrower of borrowers) {
    for (const file of borrower.files) {
      const read = await api.get(file.path, {
        token: file.by === 'agent' ? agent : borrower.token,
        raw: true,
      });
      check(sha256(read.bytes) === file.sha, `${borrower.appUuid}'s ${file.what} changed`);
    }
  }
  step(`${borrowers.length * 2} files read back unchanged`);

  // A month on: each open loan's first statement, rendered.
  await api.post('/sandbox/clock', { body: { advanceHours: CLOCK_ADVANCE_HOURS } });
  // Sessions end after a month idle: everyone signs in again.
  for (const borrower of borrowers) {
    borrower.token = await signIn(api, borrower.email, 'customer', current);
  }
  const agentAgain = await signIn(api, AGENT_EMAIL, 'agent', current);
  for (const borrower of active) {
    await waitFor(
      `${borrower.appUuid}'s first statement`,
      async () => {
        const page = await api.get(`${LOANS}/${borrower.appUuid}`, { token: borrower.token });
        const statement = page.statements[0];
        if (statement === undefined) return false;
        const pdf = await api.get(
          `${LOANS}/${borrower.appUuid}/statements/${statement.statementUuid}`,
          {
            token: borrower.token,
            raw: true,
          },
        );
        return pdf.type?.startsWith('application/pdf') === true;
      },
      { watching: [current] },
    );
  }
  step('a month on, each open loan has its statement');

  // The risk pass sees them: a price between their margin-call and liquidation prices.
  const { loans } = await api.get(LOAN_STATUS, { token: active[0].token });
  const terms = loans.find((loan) => loan.appUuid === active[0].appUuid);
  check(
    typeof terms?.marginCallPrice === 'number' && typeof terms.liquidationPrice === 'number',
    'the loan list gives no margin-call and liquidation prices',
  );
  const price = Math.round((terms.marginCallPrice + terms.liquidationPrice) * 50) / 100;
  await api.post('/sandbox/prices', { body: { BTC: price } });
  for (const borrower of active) {
    await waitFor(
      `the risk pass to margin-call ${borrower.appUuid} at $${price}`,
      async () =>
        (await api.get(`${LOANS}/${borrower.appUuid}`, { token: borrower.token })).status ===
        'MARGIN_CALL',
      { watching: [current] },
    );
  }
  const closed = await api.get(`${LOANS}/${paidOff.appUuid}`, { token: paidOff.token });
  check(closed.status === 'PAID_OFF', `the paid-off loan is ${closed.status} after the risk pass`);
  step(`the risk pass margin-called the open loans at BTC $${price}`);

  // The accountant's view: every loan checked, balanced.
  const report = await api.get(`${OPS}/reconciliation`, { token: agentAgain });
  check(
    report.isBalanced === true && report.issues.length === 0,
    `reconciliation is not balanced: ${JSON.stringify(report.issues).slice(0, 1500)}`,
  );
  check(
    report.loansChecked >= borrowers.length,
    `reconciliation checked ${report.loansChecked} loans, not the ${borrowers.length} funded`,
  );
  step(`reconciliation balanced over ${report.loansChecked} loans`);
  await stopProcess(current);
}

await runCheck(main, {
  keptNote: keep ? 'kept the temporary directory, the worktree and the database' : undefined,
});
