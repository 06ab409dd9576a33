// Lighthouse bars of DESIGN §7 (issues 37 and 40), measured in Debian's Chromium at Lighthouse's
// mobile settings (a mid-range phone, slow 4G, 4x CPU slowdown, simulated):
// - every route of the app's route table (apps/web/src/config/paths.ts), each as its reader sees
//   it: signed in as a borrower (the borrower's pages, with the applications and loans they show
//   made first through the sandbox API), as an agent (the console), or signed out (sign-in page,
//   public collateral proof); performance >= 95 each;
// - the offer page with its Truth-in-Lending box shown: opened with amounts in its address, as a
//   borrower returning from sign-in opens it (the page restores them from its query), and checked
//   to show the box when the load ends;
// - INP of the offer page's amount fields and its slider at 4x CPU slowdown: typed and moved in a
//   real page, each interaction timed by the Event Timing API; <= 200 ms each.
//
// Lighthouse and puppeteer-core come through npx (not the lock file, see LIGHTHOUSE below); the
// part in that environment is lighthouse-runner.mjs, handed the pages to measure in a JSON file.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { URLSearchParams } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { call } from './http.mjs';
import { contract, identityOfToken, SANDBOX_AGENT_EMAIL, signIn } from './sandbox.mjs';

const { paths } = await tsImport('../../apps/web/src/config/paths.ts', import.meta.url);
const { applicationOfPage, routeTable, routeVisit } = await tsImport(
  '../../e2e/fixtures/route-visits.ts',
  import.meta.url,
);

// Fetched on demand (npx) rather than kept in the lock file: its dependency tree pins a moving
// dist-tag, which would break `npm ci`. puppeteer-core is the version lighthouse@12.8.2 asks for.
const LIGHTHOUSE = 'lighthouse@12.8.2';
const PUPPETEER = 'puppeteer-core@24.17.1';
const RUNNER = new URL('./lighthouse-runner.mjs', import.meta.url).pathname;

export const LIGHTHOUSE_BUDGET = { performance: 95, inpMs: 200 };

const LEAP = '/service-cryptopl-leap';
const OPS = '/service-ops/secure/api/v1';
const SECOND_AGENT_EMAIL = 'agent2@example.com';
const APPROVING_SSN = '123-45-6789';
const DAY_MS = 24 * 3_600_000;
const STATE_WAIT_MS = 60_000;
/** The offer page with amounts in its address: the Truth-in-Lending box shows once priced. */
const OFFER_WITH_AMOUNTS = {
  state: 'OH',
  collateralType: 'BTC',
  collateralAmount: '1',
  cashToBorrow: '20000',
};

async function waitForState(base, token, appUuid, state) {
  const until = Date.now() + STATE_WAIT_MS;
  let last;
  while (Date.now() < until) {
    ({ state: last } = await call(
      base,
      `${LEAP}/secure/api/v1/applications/${appUuid}/krang/state`,
      { token },
    ));
    if (last === state) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Application ${appUuid} stayed in ${last}, not ${state}`);
}

async function sandboxLoan(base, email) {
  const funded = await call(base, contract.postSandboxLoan.path, {
    method: 'POST',
    body: { email, collateralType: 'BTC', coinQuantity: '1', drawAmount: 10_000, state: 'OH' },
    expect: 201,
  });
  return funded.appUuid;
}

/** An application with the first offer for 10,000 dollars against 1 BTC accepted (OFFER_ACCEPTED). */
async function acceptedApplication(base, token, residence = { state: 'OH' }) {
  const { appUuid } = await call(base, `${LEAP}/insecure/api/v1/applications/create`, {
    method: 'POST',
    token,
    body: { organization: 'default' },
    expect: 201,
  });
  const { offers } = await call(
    base,
    `${LEAP}/secure/api/v1/applications/${appUuid}/requested-offer`,
    {
      method: 'POST',
      token,
      body: { requestedAmount: 10_000, collateralType: 'BTC', coinQuantity: '1', ...residence },
    },
  );
  await call(base, `${LEAP}/secure/api/v1/applications/${appUuid}/select-offer`, {
    method: 'POST',
    token,
    body: { offerUuid: offers[0]?.uuid },
  });
  return appUuid;
}

async function submitDetails(base, token, email, appUuid, ssn, state) {
  await call(base, `${LEAP}/secure/api/v1/applications/${appUuid}/details`, {
    method: 'POST',
    token,
    expect: 202,
    body: {
      residency: 'UNITED_STATES',
      firstName: 'Ada',
      lastName: 'Lovelace',
      dob: '1985-12-10',
      email,
      ssn,
      address: { street1: '1 Main St', city: 'Columbus', state: 'OH', zip: '43004' },
      phone: '(614) 555-0123',
      isCitizenOrPermanentResident: true,
      consents: { TERMS: true, PRIVACY: true, eSign: true, SOFT_CREDIT: true },
    },
  });
  await waitForState(base, token, appUuid, state);
  return appUuid;
}

async function submitInternationalDetails(base, token, email, appUuid) {
  await call(base, `${LEAP}/secure/api/v1/applications/${appUuid}/details`, {
    method: 'POST',
    token,
    expect: 202,
    body: {
      residency: 'INTERNATIONAL',
      firstName: 'Grace',
      lastName: 'Hopper',
      dob: '1985-06-15',
      email,
      phone: '+49 30 123456789',
      address: { street1: 'Unter den Linden 1', city: 'Berlin', zip: '10117', country: 'DE' },
      consents: { TERMS: true, PRIVACY: true, eSign: true },
    },
  });
  await waitForState(base, token, appUuid, 'SIGN_DOCS');
  return appUuid;
}

async function signAllDocuments(base, token, appUuid) {
  const documents = `${LEAP}/secure/api/v1/applications/${appUuid}/borrowers/${identityOfToken(token)}/documents`;
  for (const document of await call(base, `${documents}/unsigned`, { token })) {
    await call(base, `${documents}/${document.uuid}/sign`, { method: 'POST', token });
  }
  await waitForState(base, token, appUuid, 'WAITING_FOR_COLLATERAL');
  return appUuid;
}

/** A funded loan whose renewal is open: the sandbox clock moved to 20 days before its maturity. */
async function openRenewal(base, email) {
  const loanUuid = await sandboxLoan(base, email);
  const early = await signIn(base, email);
  const { loans } = await call(base, '/provenance/borrower/servicing/v2/loanStatus', {
    token: early,
  });
  const maturity = Date.parse(`${loans[0]?.maturityDate ?? ''}T00:00:00Z`);
  const clock = await call(base, '/sandbox/clock');
  const hours = Math.ceil((maturity - 20 * DAY_MS - Date.parse(clock.now)) / 3_600_000);
  if (hours > 0)
    await call(base, '/sandbox/clock', { method: 'POST', body: { advanceHours: hours } });
  // Months later the first session has idled out.
  const token = await signIn(base, email);
  const renewal = await call(
    base,
    `${LEAP}/secure/api/v2/applications/${loanUuid}/roll-forward/offers`,
    {
      method: 'POST',
      token,
      body: { organization: 'default' },
    },
  );
  return renewal.appUuid;
}

/** A funded loan recorded as paid off by two agents (maker–checker). */
async function paidOffLoan(base, email, agentJwt, secondAgentJwt) {
  const appUuid = await sandboxLoan(base, email);
  const { loan } = await call(base, `${OPS}/loans/${appUuid}`, { token: agentJwt });
  const { proposals } = await call(base, `${OPS}/applications/${appUuid}/payoff/proposals`, {
    method: 'POST',
    token: agentJwt,
    body: {
      method: 'ACH',
      reference: 'BENCH-PAYOFF',
      amount: loan.balances.totalCents / 100,
      paidOn: new Date().toISOString().slice(0, 10),
    },
  });
  await call(base, `${OPS}/applications/${appUuid}/proposals/${proposals[0]?.id ?? ''}/approve`, {
    method: 'POST',
    token: secondAgentJwt,
  });
  return appUuid;
}

/**
 * What every route shows, made through the sandbox API as e2e/tests/sweep.spec.ts makes it: one
 * borrower owns every application and loan. The renewal moves the sandbox clock (reset after).
 */
async function makeFixtures(base) {
  const email = `bench-lighthouse-${randomUUID()}@example.com`;
  const renewal = await openRenewal(base, email);
  const borrowerJwt = await signIn(base, email);
  const agentJwt = await signIn(base, SANDBOX_AGENT_EMAIL, 'agent');
  const secondAgentJwt = await signIn(base, SECOND_AGENT_EMAIL, 'agent');
  const funded = await sandboxLoan(base, email);
  const { token: proofToken } = await call(
    base,
    `${LEAP}/secure/api/v1/applications/${funded}/collateral/proof/link`,
    { method: 'POST', token: borrowerJwt, expect: 201 },
  );
  const paidOff = await paidOffLoan(base, email, agentJwt, secondAgentJwt);
  // A borrower's newest offer replaces their others: applications are made one at a time.
  const accepted = [];
  for (let index = 0; index < 7; index += 1)
    accepted.push(await acceptedApplication(base, borrowerJwt));
  const international = await acceptedApplication(base, borrowerJwt, { countryCode: 'DE' });
  const [offerAccepted, signDocs, collateral, ...outcomes] = accepted;
  const outcomeStates = [
    ['123-45-0001', 'SOFT_CREDIT_NO_MATCH'],
    ['123-45-0002', 'SOFT_CREDIT_LOCKED'],
    ['123-45-0003', 'SOFT_CREDIT_FROZEN'],
    ['123-45-0004', 'DECLINED'],
  ];
  const [, , waitingForCollateral, ...credit] = await Promise.all([
    submitInternationalDetails(base, borrowerJwt, email, international),
    submitDetails(base, borrowerJwt, email, signDocs, APPROVING_SSN, 'SIGN_DOCS'),
    submitDetails(base, borrowerJwt, email, collateral, APPROVING_SSN, 'SIGN_DOCS').then(
      (appUuid) => signAllDocuments(base, borrowerJwt, appUuid),
    ),
    ...outcomes.map((appUuid, index) =>
      submitDetails(base, borrowerJwt, email, appUuid, ...outcomeStates[index]),
    ),
  ]);
  return {
    borrowerJwt,
    agentJwt,
    proofToken,
    appOfPage: applicationOfPage({
      offerAccepted,
      renewal,
      signDocs,
      international,
      waitingForCollateral,
      funded,
      paidOff,
      credit,
    }),
  };
}

/** The page a route is measured at, and who is signed in (as the sweep visits it). */
function pageOf(route, fixtures) {
  // Refinancing pages with ids: no application has them (the server makes none yet); their
  // not-found state is what a reader sees.
  const visit = routeVisit(route, {
    ...fixtures,
    refiAppUuid: randomUUID(),
    refiOfferUuid: randomUUID(),
  });
  const session =
    visit.who === 'visitor'
      ? null
      : visit.who === 'agent'
        ? { jwt: fixtures.agentJwt, audience: 'agent' }
        : { jwt: fixtures.borrowerJwt, audience: 'customer' };
  return {
    name: visit.key,
    path: visit.url,
    session,
    // A page of one application or of the console must not land elsewhere (a redirect to sign-in
    // would measure the sign-in page).
    mustStayOn: visit.mustStayOn,
    expectSelector: null,
  };
}

function runLighthouse(job) {
  const dir = mkdtempSync(join(tmpdir(), 'pledge-lighthouse-'));
  const jobFile = join(dir, 'job.json');
  const resultFile = join(dir, 'result.json');
  writeFileSync(jobFile, JSON.stringify(job));
  execFileSync(
    'npx',
    ['--yes', '-p', LIGHTHOUSE, '-p', PUPPETEER, 'node', RUNNER, jobFile, resultFile],
    {
      stdio: 'inherit',
      env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    },
  );
  return JSON.parse(readFileSync(resultFile, 'utf8'));
}

/**
 * Measures every page: `only` (route keys and "offerWithBox", "inp") limits the run to some, as
 * BENCH_LIGHTHOUSE_ONLY=start,loan,inp does.
 */
export async function measureLighthouse(base, { only = process.env.BENCH_LIGHTHOUSE_ONLY } = {}) {
  const wanted = only === undefined || only === '' ? null : new Set(only.split(','));
  const isWanted = (name) => wanted === null || wanted.has(name);
  const routes = routeTable(paths).filter((route) => isWanted(route.key));
  const fixtures = routes.length > 0 ? await makeFixtures(base) : { appOfPage: {}, proofToken: '' };
  try {
    const pages = routes.map((route) => pageOf(route, fixtures));
    const offerPath = `${paths.start.path}?${new URLSearchParams(OFFER_WITH_AMOUNTS).toString()}`;
    if (isWanted('offerWithBox')) {
      pages.push({
        name: 'offerWithBox',
        path: offerPath,
        session: null,
        mustStayOn: paths.start.path,
        expectSelector: '#tila-box-heading',
      });
    }
    const result = runLighthouse({
      base,
      // Each page's whole Lighthouse report, to read where its time went.
      lhrDir: process.env.BENCH_LIGHTHOUSE_REPORTS ?? null,
      chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      pages,
      inp: isWanted('inp') ? { path: `${paths.start.path}?state=OH`, cpuSlowdown: 4 } : null,
    });
    return { ...result, budget: LIGHTHOUSE_BUDGET };
  } finally {
    // The renewal moved the sandbox clock months on: back to real time for what runs next.
    // After the long run the client's kept-alive connection may have been closed: once more.
    if (routes.length > 0) {
      await call(base, '/sandbox/clock', { method: 'DELETE' }).catch(() =>
        call(base, '/sandbox/clock', { method: 'DELETE' }),
      );
    }
  }
}

/** Where most of a page's LCP went beyond the first byte: the LCP element's render delay. */
function lcpWait(page) {
  const renderDelay = page.lcpPhases?.['Render Delay'];
  return renderDelay === undefined ? '' : ` of which render delay ${renderDelay} ms`;
}

/** The table's rows: each page's performance, each interaction group's INP. */
export function lighthouseBars(lighthouse) {
  const budget = lighthouse.budget ?? LIGHTHOUSE_BUDGET;
  const pageRows = Object.entries(lighthouse.pages ?? {}).map(([name, page]) => ({
    bar: `Lighthouse mobile performance ${name === 'offerWithBox' ? 'offer page, Truth-in-Lending box shown' : name} (${page.path})`,
    value:
      page.error === undefined
        ? `${page.performance} (LCP ${page.lcpMs} ms${lcpWait(page)}, TBT ${page.totalBlockingTimeMs} ms, CLS ${page.cls}${page.problem === undefined ? '' : `; ${page.problem}`})`
        : `failed: ${page.error}`,
    budget: `>= ${budget.performance}`,
    ok:
      page.error === undefined &&
      page.problem === undefined &&
      page.performance >= budget.performance,
  }));
  const inpRows = Object.entries(lighthouse.inp?.groups ?? {}).map(([name, group]) => ({
    bar: `INP at ${lighthouse.inp.cpuSlowdown}x CPU slowdown: ${name}`,
    value: `${group.inpMs} ms (${group.interactions} interactions, worst: ${group.worst})`,
    budget: `<= ${budget.inpMs} ms`,
    ok: group.interactions > 0 && group.inpMs <= budget.inpMs,
  }));
  const hostRow =
    lighthouse.hostBenchmarkIndex === undefined
      ? []
      : [
          {
            // Lighthouse slows the CPU by a fixed factor whatever the host's own speed: its measure
            // of the host (higher is faster) and the load say how far the scores carry elsewhere.
            bar: 'Lighthouse host (benchmark index, load average)',
            value: `${lighthouse.hostBenchmarkIndex}, load ${lighthouse.loadAverage}`,
            budget: '',
            ok: true,
            info: true,
          },
        ];
  return [...pageRows, ...inpRows, ...hostRow];
}
