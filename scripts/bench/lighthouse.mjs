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
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { URLSearchParams } from 'node:url';
import { request } from '@playwright/test';
import { tsImport } from 'tsx/esm/api';
import { call } from './http.mjs';

const { paths } = await tsImport('../../apps/web/src/config/paths.ts', import.meta.url);
const { routeTable, routeVisit } = await tsImport(
  '../../e2e/fixtures/route-visits.ts',
  import.meta.url,
);
const { makeRouteFixtures } = await tsImport(
  '../../e2e/fixtures/route-fixtures.ts',
  import.meta.url,
);

// Fetched on demand (npx) rather than kept in the lock file: its dependency tree pins a moving
// dist-tag, which would break `npm ci`. puppeteer-core is the version lighthouse@12.8.2 asks for.
const LIGHTHOUSE = 'lighthouse@12.8.2';
const PUPPETEER = 'puppeteer-core@24.17.1';
const RUNNER = new URL('./lighthouse-runner.mjs', import.meta.url).pathname;

export const LIGHTHOUSE_BUDGET = { performance: 95, inpMs: 200 };

/** The offer page with amounts in its address: the Truth-in-Lending box shows once priced. */
const OFFER_WITH_AMOUNTS = {
  state: 'OH',
  collateralType: 'BTC',
  collateralAmount: '1',
  cashToBorrow: '20000',
};

/** What every route shows, made as the route sweep makes it (e2e/fixtures/route-fixtures.ts). */
async function routeFixtures(base) {
  const api = await request.newContext({ baseURL: base });
  try {
    return await makeRouteFixtures(api, 'bench-lighthouse');
  } finally {
    await api.dispose();
  }
}

/** The page a route is measured at, and who is signed in (as the sweep visits it). */
function pageOf(route, fixtures) {
  // Refinancing pages with ids: no application has them (the server makes none yet); their
  // not-found state is what a reader sees.
  const visit = routeVisit(route, fixtures);
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
  const fixtures =
    routes.length > 0 ? await routeFixtures(base) : { appOfPage: {}, proofToken: '' };
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
