/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The sweep (issue 21): every route of the app, taken from its own route table
 * (apps/web/src/config/paths.ts, which apps/web/src/app/router.tsx routes by), at 320 px, at
 * 375 px with 200 % text and at 1,280 px. On each page, and with each dialog it opens, it fails on
 * sideways scrolling (WCAG 1.4.10, 1.4.4), on any axe violation, and on any CSP or React error in
 * the console. Screenshots are left in e2e/sweep-output/ (git-ignored).
 *
 * How each route is reached:
 * - routes with no parameters: as they are, signed in as a borrower (public pages show the same);
 *   /auth/login signed out, as a visitor sees it;
 * - /ops and everything under it: signed in as the sandbox agent;
 * - routes of one application (`:appUuid`): an application with an accepted offer
 *   (fixtures/new-application.ts), except the pages of a funded loan (renew, documents,
 *   collateral-release, complete), which get a funded sandbox loan (POST /sandbox/loans);
 * - refinancing routes (`:appUuid/:offerUuid`): ids of no application, as the server has no
 *   refinancing endpoints yet (the pages show their not-found state);
 * - a route whose page sends the browser elsewhere is checked where it lands.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { paths } from '../../apps/web/src/config/paths.js';
import { expect, test } from '../fixtures/index.js';
import {
  newApplication,
  signInBorrower,
  type TSignedInBorrower,
} from '../fixtures/new-application.js';
import { readMailbox, waitForSignInCode } from '../fixtures/sign-in.js';

const OUTPUT_DIR = join(import.meta.dirname, '..', 'sweep-output');
const ROUTER_FILE = join(import.meta.dirname, '..', '..', 'apps/web/src/app/router.tsx');
const TOKEN_STORAGE_KEY = 'pledge.jwt';
const AGENT_EMAIL = 'agent@example.com';
const FUNDED_LOAN_PAGES = new Set(['renew', 'documents', 'collateralRelease', 'complete']);

interface TView {
  name: string;
  width: number;
  /** The browser's default text size in CSS px (16 is 100 %). */
  textPx: number;
}
const VIEWS: TView[] = [
  { name: '320', width: 320, textPx: 16 },
  { name: '375-text-200', width: 375, textPx: 32 },
  { name: '1280', width: 1280, textPx: 16 },
];

interface TRoute {
  key: string;
  pattern: string;
}

/** Every `{ path }` of the route table, with its key ("application.details"). */
function routeTable(): TRoute[] {
  const routes: TRoute[] = [];
  const walk = (node: object, prefix: string) => {
    for (const [name, value] of Object.entries(node)) {
      if (typeof value !== 'object' || value === null) continue;
      const key = prefix === '' ? name : `${prefix}.${name}`;
      if ('path' in value && typeof value.path === 'string')
        routes.push({ key, pattern: value.path });
      else walk(value, key);
    }
  };
  walk(paths, '');
  return routes;
}

interface TFixtures {
  borrower: TSignedInBorrower;
  agentJwt: string;
  appUuid: string;
  fundedAppUuid: string;
  refiAppUuid: string;
  refiOfferUuid: string;
}

async function signInAgent(request: APIRequestContext): Promise<string> {
  const broker = '/identity-broker/agent';
  const nonce = randomUUID().replaceAll('-', '');
  const login = await request.post(`${broker}/api/v3/login`, {
    params: { redirectUrl: '/ops', nonce },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(303);
  const sentBefore = (await readMailbox(request, AGENT_EMAIL)).length;
  const start = await request.post(`${broker}/api/v3/otp/start`, { data: { email: AGENT_EMAIL } });
  expect(start.status(), await start.text()).toBe(204);
  const code = await waitForSignInCode(request, AGENT_EMAIL, sentBefore);
  const verify = await request.post(`${broker}/api/v3/otp/verify`, {
    data: { email: AGENT_EMAIL, code, nonce },
  });
  expect(verify.status(), await verify.text()).toBe(200);
  return ((await verify.json()) as { jwt: string }).jwt;
}

async function makeFixtures(request: APIRequestContext): Promise<TFixtures> {
  const borrower = await signInBorrower(request);
  const { appUuid } = await newApplication(request, borrower.jwt);
  const funded = await request.post('/sandbox/loans', {
    data: {
      email: borrower.email,
      collateralType: 'BTC',
      coinQuantity: '1',
      drawAmount: 10_000,
      state: 'OH',
    },
  });
  expect(funded.ok(), await funded.text()).toBe(true);
  const { appUuid: fundedAppUuid } = (await funded.json()) as { appUuid: string };
  return {
    borrower,
    agentJwt: await signInAgent(request),
    appUuid,
    fundedAppUuid,
    // The server has no refinancing endpoints yet (create-celsius answers 404): these pages are
    // reached with ids of no application and checked in the state they show for that.
    refiAppUuid: randomUUID(),
    refiOfferUuid: randomUUID(),
  };
}

/** The address a route is visited at, and who is signed in. */
function visitOf(route: TRoute, fixtures: TFixtures): { url: string; jwt: string | null } {
  const isRefinance = route.key.startsWith('refinance.');
  const segment = route.key.split('.').pop() ?? '';
  const appUuid = isRefinance
    ? fixtures.refiAppUuid
    : FUNDED_LOAN_PAGES.has(segment)
      ? fixtures.fundedAppUuid
      : route.key === 'opsApplication'
        ? fixtures.appUuid
        : fixtures.appUuid;
  const url = route.pattern
    .replace(':appUuid', encodeURIComponent(appUuid))
    .replace(':offerUuid', encodeURIComponent(fixtures.refiOfferUuid));
  if (route.key.startsWith('ops')) return { url, jwt: fixtures.agentJwt };
  if (route.key === 'login') return { url, jwt: null };
  if (route.key === 'start') return { url: `${url}?state=OH`, jwt: fixtures.borrower.jwt };
  return { url, jwt: fixtures.borrower.jwt };
}

/** Console messages that fail the sweep: CSP refusals and React errors, and uncaught errors. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (
      /Content Security Policy|Refused to (apply|load|execute)|React|Minified|hydrat/i.test(text)
    ) {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(text);
    }
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

async function setView(page: Page, view: TView) {
  await page.setViewportSize({ width: view.width, height: 800 });
  const cdp = await page.context().newCDPSession(page);
  // The reader's own text size setting (Settings › Appearance › Font size), not zoom.
  await cdp.send('Page.setFontSizes', {
    fontSizes: { standard: view.textPx, fixed: Math.round(view.textPx * 0.8125) },
  });
  await cdp.detach();
}

async function settle(page: Page) {
  await page.waitForLoadState('load');
  await page
    .locator('h1, [role="dialog"] h2')
    .first()
    .waitFor({ state: 'visible', timeout: 5_000 })
    .catch(() => undefined);
  await page
    .getByText(/^Loading/)
    .first()
    .waitFor({ state: 'hidden', timeout: 3_000 })
    .catch(() => undefined);
}

/** Sideways scrolling of the page, with the elements that stick out, if any. */
async function sidewaysOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth <= width) return null;
    const culprits = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(-4)
      .map((element) => {
        const name = element.tagName.toLowerCase();
        const className = typeof element.className === 'string' ? element.className : '';
        return `${name}.${className.split(' ').join('.')} "${(element.textContent ?? '').slice(0, 40)}"`;
      });
    return `page is ${root.scrollWidth}px wide in ${width}px: ${culprits.join(' | ')}`;
  });
}

async function axeViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  if (include !== undefined) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
}

/** Checks the page as shown now; problems are collected, not thrown, so one run lists them all. */
async function checkPage(page: Page, where: string, problems: string[], consoleProblems: string[]) {
  const overflow = await sidewaysOverflow(page);
  if (overflow !== null) problems.push(`${where}: ${overflow}`);
  for (const violation of await axeViolations(page)) problems.push(`${where}: axe ${violation}`);
  for (const message of consoleProblems.splice(0)) problems.push(`${where}: console ${message}`);
}

/** Opens each dialog the page offers (buttons with aria-haspopup="dialog"), checks it, closes it. */
async function checkDialogs(
  page: Page,
  where: string,
  problems: string[],
  consoleProblems: string[],
) {
  const openers = page.locator('button[aria-haspopup="dialog"]:visible');
  const count = await openers.count();
  for (let index = 0; index < count; index += 1) {
    const opener = openers.nth(index);
    const name = (await opener.textContent())?.trim() ?? `dialog ${index}`;
    await opener.click();
    const dialog = page.locator('dialog[open]');
    if (!(await dialog.isVisible({ timeout: 5_000 }).catch(() => false))) {
      await dialog.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
    }
    await checkPage(page, `${where} with "${name}" open`, problems, consoleProblems);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
  }
}

test.describe('sweep of every route', () => {
  test.describe.configure({ timeout: 600_000 });

  test('the route table is the router’s', () => {
    // Every route of the router is a route of the table (no path written into the router itself).
    const router = readFileSync(ROUTER_FILE, 'utf8');
    const routerPaths = [...router.matchAll(/\bpath:\s*([^,}\n]+)/g)].map((m) => m[1]?.trim());
    const offTable = routerPaths.filter(
      (p) => p !== "'*'" && !/^paths\.[\w.]+\.path$/.test(p ?? ''),
    );
    expect(offTable).toEqual([]);
    const keys = new Set(routeTable().map((route) => route.key));
    for (const used of routerPaths.filter((p) => p?.startsWith('paths.'))) {
      expect(keys).toContain(used?.replace(/^paths\./, '').replace(/\.path$/, ''));
    }
  });

  test('every route at 320 px, 375 px with 200 % text and 1,280 px', async ({ page, request }) => {
    mkdirSync(OUTPUT_DIR, { recursive: true });
    const fixtures = await makeFixtures(request);
    const consoleProblems = watchConsole(page);
    const problems: string[] = [];
    let jwtInBrowser: string | null = null;
    await page.addInitScript(
      ({ key }) => {
        const jwt = window.sessionStorage.getItem('sweep.jwt');
        if (jwt === 'none') window.localStorage.removeItem(key);
        else if (jwt !== null) window.localStorage.setItem(key, jwt);
      },
      { key: TOKEN_STORAGE_KEY },
    );
    for (const view of VIEWS) {
      await setView(page, view);
      for (const route of routeTable()) {
        const { url, jwt } = visitOf(route, fixtures);
        if (jwt !== jwtInBrowser) {
          // The session of the next page is set before any of its scripts run.
          await page.goto('/healthz');
          await page.evaluate(
            (value) => window.sessionStorage.setItem('sweep.jwt', value),
            jwt ?? 'none',
          );
          jwtInBrowser = jwt;
        }
        await page.goto(url);
        await settle(page);
        const where = `${route.key} (${url} → ${new URL(page.url()).pathname}) at ${view.name}`;
        if (process.env.SWEEP_DEBUG) console.log(Date.now(), where);
        await checkPage(page, where, problems, consoleProblems);
        if (view.width !== 320) await checkDialogs(page, where, problems, consoleProblems);
      }
    }
    expect(problems).toEqual([]);
  });

  test('the offer page, its refused paste, the LTV modal and the footer at every width', async ({
    page,
    request,
  }) => {
    mkdirSync(OUTPUT_DIR, { recursive: true });
    const consoleProblems = watchConsole(page);
    const problems: string[] = [];
    for (const view of VIEWS) {
      await setView(page, view);
      await page.goto('/account/crypto-backed-loan/start?state=OH');
      await settle(page);
      const collateral = page.getByRole('textbox', { name: /Collateral amount/ });
      await collateral.click();
      // A paste with 8 decimals: the field keeps 6 and says so on screen.
      await collateral.evaluate((input) => {
        const data = new DataTransfer();
        data.setData('text/plain', '0.12345678');
        input.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
      });
      await expect(collateral).toHaveValue('0.123456');
      await expect(
        page.getByText('Maximum of 6 decimal places.', { exact: true }).first(),
      ).toBeVisible();
      await page.screenshot({
        path: join(OUTPUT_DIR, `offer-refused-paste-${view.name}.png`),
        fullPage: true,
      });
      await checkPage(
        page,
        `offer with a refused paste at ${view.name}`,
        problems,
        consoleProblems,
      );

      await page
        .getByRole('button', { name: /Learn more/ })
        .first()
        .click();
      const modal = page.getByRole('dialog', { name: 'What is loan-to-value (LTV)?' });
      await expect(modal).toBeVisible();
      await expect(modal.getByRole('rowheader').first()).toHaveText(/^\d+\.\d{3}%$/);
      await page.screenshot({ path: join(OUTPUT_DIR, `ltv-modal-${view.name}.png`) });
      await checkPage(page, `LTV modal at ${view.name}`, problems, consoleProblems);
      await page.keyboard.press('Escape');
      await expect(modal).toBeHidden();

      const footer = page.locator('footer.site-footer');
      await footer.scrollIntoViewIfNeeded();
      await footer.screenshot({ path: join(OUTPUT_DIR, `footer-${view.name}.png`) });
    }
    // /residency opened with a saved state path: hydration, then the redirect (no React error #418).
    const stateValue = randomUUID();
    await page.evaluate(
      ({ key }) => window.localStorage.setItem(key, '/account/crypto-backed-loan/faq'),
      { key: `pledge.state-path.${stateValue}` },
    );
    await page.goto(`/account/crypto-backed-loan/residency?state=${stateValue}`);
    await expect(page).toHaveURL(/\/faq$/);
    await settle(page);
    for (const message of consoleProblems.splice(0)) problems.push(`residency ?state: ${message}`);
    expect(problems).toEqual([]);
    void request;
  });
});
