/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The sweep: every route of the app, taken from its own route table
 * (apps/web/src/config/paths.ts, which apps/web/src/app/router.tsx routes by), at 320 px, at
 * 375 px with 200 % text and at 1,280 px. On each page it fails on sideways scrolling (WCAG 1.4.10,
 * 1.4.4), on any axe violation, and on any CSP or React error in the console; each dialog a page
 * opens is checked the same way at 375 px with 200 % text (the narrowest text column). Screenshots
 * are left in e2e/sweep-output/ (git-ignored).
 *
 * 200 % text is the root font size set to 200 % before the page's scripts run: every size of the
 * app is in rem or em, so this is what the reader's text size setting does (the sweep checks that
 * the body text is 32 px).
 *
 * How each route is reached (one borrower owns every application; fixtures/route-fixtures.ts
 * builds them, for the bench's Lighthouse part too):
 * - routes with no parameters: as they are, signed in as the borrower; /auth/login signed out;
 * - /ops and everything under it: signed in as the sandbox agent (agent@example.com);
 * - details: an application with an accepted offer (OFFER_ACCEPTED);
 * - next-steps, identity, disclosures, disbursement and its three sub-pages: details submitted with
 *   an approving SSN (SIGN_DOCS);
 * - usdc-disbursement: an international application (Germany) in SIGN_DOCS;
 * - collateral: every document signed (WAITING_FOR_COLLATERAL);
 * - credit-no-match, credit-locked, credit-frozen, decline: details with the sandbox bureau's test
 *   SSNs ending 0001, 0002, 0003, 0004;
 * - complete and documents: a funded loan (POST /sandbox/loans);
 * - collateral-release: a funded loan an agent proposed as paid off and a second agent approved;
 * - the loan page (/loans/{loanUuid}) and the console's loan (/ops/loans/{loanUuid}): the funded loan;
 * - the public collateral proof (/collateral-proof/{token}): a public link the borrower made to the
 *   funded loan's proof, visited signed out;
 * - renew: a renewal opened on a funded loan, the sandbox clock moved into its renewal window
 *   (reset after the sweep);
 * - the application's entry (/{appUuid}): the accepted-offer application, shown where it leads;
 * - refinancing pages with ids (`:appUuid/:offerUuid`): ids of no application, as the server has
 *   no refinancing endpoints yet (create-celsius is not built): their not-found state is checked.
 * The sweep fails when a page of an application lands on another page than its own.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { paths } from '../../apps/web/src/config/paths.js';
import { axeViolations, expect, test } from '../fixtures/index.js';
import { makeRouteFixtures } from '../fixtures/route-fixtures.js';
import { routeTable, routeVisit, type TRouteVisit, type TWho } from '../fixtures/route-visits.js';

const OUTPUT_DIR = join(import.meta.dirname, '..', 'sweep-output');
const ROUTER_FILE = join(import.meta.dirname, '..', '..', 'apps/web/src/app/router.tsx');
/** Where the web app keeps the jwt and its audience (api/token.ts, session/session-storage.ts). */
const TOKEN_STORAGE_KEY = 'pledge.jwt';
const TOKEN_AUDIENCE_KEY = 'pledge.jwt.audience';
/** Pages checked at the same time, each in a browser context of its own. */
const LANES = 3;
/** How long an awaited element may take before the sweep goes on without it. */
const STEP_TIMEOUT_MS = 5_000;
/**
 * How long a dialog's opener may take to be clicked and its dialog to show before it counts as
 * failed: longer than a step, since it fails the sweep, and the sweep's pages load side by side
 * with two more lanes on two cores (a click waited past 5 s there once).
 */
const DIALOG_TIMEOUT_MS = 15_000;

interface TView {
  name: string;
  width: number;
  /** The root font size, in % of the browser's default (the reader's text size). */
  textPct: number;
}
const VIEWS: TView[] = [
  { name: '320', width: 320, textPct: 100 },
  { name: '375-text-200', width: 375, textPct: 200 },
  { name: '1280', width: 1280, textPct: 100 },
];
/** Dialogs are opened at this view only: the narrowest column of text. */
const DIALOG_VIEW = '375-text-200';

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

/**
 * A browser context at the view's width and text size, signed in as `who` before any script of
 * the app runs.
 */
async function newViewContext(
  browser: Browser,
  baseURL: string,
  view: TView,
  jwt: string | null,
  audience: 'customer' | 'agent',
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: view.width, height: 800 },
    storageState: {
      cookies: [],
      origins:
        jwt === null
          ? []
          : [
              {
                origin: new URL(baseURL).origin,
                localStorage: [
                  { name: TOKEN_STORAGE_KEY, value: jwt },
                  { name: TOKEN_AUDIENCE_KEY, value: audience },
                ],
              },
            ],
    },
  });
  if (view.textPct !== 100) {
    // The reader's text size: the root font size every rem of the app follows. Set through the
    // CSSOM (not a <style> element), which the CSP allows.
    await context.addInitScript((pct) => {
      const apply = () => {
        if (document.documentElement !== null) {
          document.documentElement.style.fontSize = `${pct}%`;
          observer.disconnect();
        }
      };
      const observer = new MutationObserver(apply);
      observer.observe(document, { childList: true });
      apply();
    }, view.textPct);
  }
  return context;
}

async function settle(page: Page) {
  await page
    .locator('h1, [role="dialog"] h2')
    .first()
    .waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS })
    .catch(() => undefined);
  // The console's UI kit shows a loading button and a loading list as examples, for good: waiting
  // for them to go cost the kit's three visits the whole step each.
  await page
    .getByText(/^(Loading|Checking your sign-in)/)
    .and(page.locator(':not(.ui-kit *)'))
    .first()
    .waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS })
    .catch(() => undefined);
  // The UI kit shows its sections one render after another, busy until the last is there.
  await page
    .locator('.ui-kit[aria-busy="true"]')
    .waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS })
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

async function axeProblems(page: Page): Promise<string[]> {
  return (await axeViolations(page)).map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
}

/** The body text's size in CSS px: 16 at 100 %, 32 at 200 %. */
function bodyTextPx(page: Page): Promise<number> {
  return page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize));
}

/** Checks the page as shown now; problems are collected, not thrown, so one run lists them all. */
async function checkPage(
  page: Page,
  view: TView,
  where: string,
  problems: string[],
  consoleProblems: string[],
) {
  const textPx = await bodyTextPx(page);
  if (textPx !== (16 * view.textPct) / 100) problems.push(`${where}: body text is ${textPx}px`);
  const overflow = await sidewaysOverflow(page);
  if (overflow !== null) problems.push(`${where}: ${overflow}`);
  for (const violation of await axeProblems(page)) problems.push(`${where}: axe ${violation}`);
  for (const message of consoleProblems.splice(0)) problems.push(`${where}: console ${message}`);
}

/**
 * Opens each dialog the page offers (buttons with aria-haspopup="dialog"), checks it, closes it. A
 * dialog of the same name already checked on another page (the footer's privacy options) is not
 * opened again.
 */
async function checkDialogs(
  page: Page,
  view: TView,
  where: string,
  problems: string[],
  consoleProblems: string[],
  seen: Set<string>,
) {
  const openers = page.locator('button[aria-haspopup="dialog"]:visible');
  const count = await openers.count();
  for (let index = 0; index < count; index += 1) {
    const opener = openers.nth(index);
    const name = (await opener.textContent())?.trim() ?? `dialog ${index}`;
    if (seen.has(name)) continue;
    seen.add(name);
    const dialog = page.locator('dialog[open], [role="dialog"]').first();
    try {
      await opener.click({ timeout: DIALOG_TIMEOUT_MS });
      await dialog.waitFor({ state: 'visible', timeout: DIALOG_TIMEOUT_MS });
    } catch (error) {
      problems.push(`${where}: "${name}" opens no dialog (${String(error).split('\n')[0]})`);
      continue;
    }
    await checkPage(page, view, `${where} with "${name}" open`, problems, consoleProblems);
    await page.keyboard.press('Escape');
    await dialog
      .waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS })
      .catch(() => problems.push(`${where}: "${name}" does not close on Escape`));
  }
}

/** Runs `tasks` with at most `lanes` at a time. */
async function inLanes(tasks: (() => Promise<void>)[], lanes: number): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const task = tasks[next];
      next += 1;
      await task?.();
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
}

test.describe('sweep of every route', () => {
  // The route table now holds the loan, refinancing and console pages with their dialogs: about
  // eight minutes on two cores beside the other lane, and past twenty on a host that runs the
  // whole suite two and a half times slower (seen on this kind of machine), so the sweep gets forty.
  test.describe.configure({ timeout: 2_400_000 });

  test.afterAll(async ({ request }) => {
    // The renewal moved the sandbox clock months on: back to real time for what runs next.
    await request.delete('/sandbox/clock');
  });

  test('the route table is the router’s', () => {
    // Every route of the router is a route of the table (no path written into the router itself).
    const router = readFileSync(ROUTER_FILE, 'utf8');
    const routerPaths = [...router.matchAll(/\bpath:\s*([^,}\n]+)/g)].map((m) => m[1]?.trim());
    const offTable = routerPaths.filter(
      (p) => p !== "'*'" && !/^paths\.[\w.]+\.path$/.test(p ?? ''),
    );
    expect(offTable).toEqual([]);
    const keys = new Set(routeTable(paths).map((route) => route.key));
    for (const used of routerPaths.filter((p) => p?.startsWith('paths.'))) {
      expect(keys).toContain(used?.replace(/^paths\./, '').replace(/\.path$/, ''));
    }
  });

  test('every route at 320 px, 375 px with 200 % text and 1,280 px', async ({
    browser,
    request,
    baseURL,
  }) => {
    const fixtures = await makeRouteFixtures(request, 'sweep');
    const visits = routeTable(paths).map((route) => routeVisit(route, fixtures));
    const problems: string[] = [];
    const dialogsSeen = new Set<string>();
    // One context per view and person, each visiting its pages in turn; several at a time.
    const groups: { view: TView; who: TWho; visits: TRouteVisit[] }[] = [];
    for (const view of VIEWS) {
      for (const who of ['borrower', 'agent', 'visitor'] as const) {
        const own = visits.filter((visit) => visit.who === who);
        // The borrower's pages are most of them: two contexts share them.
        const half = who === 'borrower' ? Math.ceil(own.length / 2) : own.length;
        for (let from = 0; from < own.length; from += half) {
          groups.push({ view, who, visits: own.slice(from, from + half) });
        }
      }
    }
    const tasks = groups.map(({ view, who, visits: groupVisits }) => async () => {
      const jwt =
        who === 'borrower' ? fixtures.borrowerJwt : who === 'agent' ? fixtures.agentJwt : null;
      const context = await newViewContext(
        browser,
        baseURL ?? '',
        view,
        jwt,
        who === 'agent' ? 'agent' : 'customer',
      );
      const page = await context.newPage();
      const consoleProblems = watchConsole(page);
      for (const visit of groupVisits) {
        const started = Date.now();
        await page.goto(visit.url);
        const loaded = Date.now();
        await settle(page);
        const settled = Date.now();
        const landed = new URL(page.url()).pathname;
        const where = `${visit.key} (${visit.url}${landed === visit.url ? '' : ` → ${landed}`}) at ${view.name}`;

        if (visit.mustStayOn !== null && landed !== visit.mustStayOn) {
          problems.push(`${where}: not shown (the sweep's fixture is in the wrong state)`);
        }
        await checkPage(page, view, where, problems, consoleProblems);
        if (view.name === DIALOG_VIEW) {
          await checkDialogs(page, view, where, problems, consoleProblems, dialogsSeen);
        }
        if (process.env.SWEEP_DEBUG) {
          const times = [loaded - started, settled - loaded, Date.now() - settled];
          console.log(new Date().toISOString(), times.join('/'), where);
        }
      }
      await context.close();
    });
    await inLanes(tasks, LANES);
    expect(problems).toEqual([]);
  });

  test('the offer page, its refused paste, the LTV modal and the footer at every width', async ({
    browser,
    baseURL,
  }) => {
    mkdirSync(OUTPUT_DIR, { recursive: true });
    const problems: string[] = [];
    for (const view of VIEWS) {
      const context = await newViewContext(browser, baseURL ?? '', view, null, 'customer');
      const page = await context.newPage();
      // The suite's browser asks for less motion; here the wide layout keeps its background video
      // and its pause button, as most readers see it.
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      const consoleProblems = watchConsole(page);
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
        view,
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
      // Rates with three decimals, as the offer shows them; every header whole on screen.
      await expect(modal.getByRole('rowheader').first()).toHaveText(/^\d+\.\d{3}%$/);
      await modal.getByRole('table').scrollIntoViewIfNeeded();
      const cut = await modal.evaluate((element) =>
        [...element.querySelectorAll('table th, table td')]
          // Cells of a header row hidden for the stacked layout are read, not seen.
          .filter((cell) => (cell.closest('thead')?.getBoundingClientRect().width ?? 2) > 1)
          .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
          .map((cell) => cell.textContent),
      );
      if (cut.length > 0) problems.push(`LTV modal at ${view.name}: cells cut: ${cut.join(', ')}`);
      await page.screenshot({ path: join(OUTPUT_DIR, `ltv-modal-${view.name}.png`) });
      await checkPage(page, view, `LTV modal at ${view.name}`, problems, consoleProblems);
      await page.keyboard.press('Escape');
      await expect(modal).toBeHidden();

      const footer = page.locator('footer.site-footer');
      await footer.scrollIntoViewIfNeeded();
      await footer.screenshot({ path: join(OUTPUT_DIR, `footer-${view.name}.png`) });

      if (view === VIEWS.at(-1)) {
        // /residency opened with a saved state path: hydration, then the redirect (no React #418).
        const stateValue = randomUUID();
        await page.evaluate(
          ({ key }) => window.localStorage.setItem(key, '/account/crypto-backed-loan/faq'),
          { key: `pledge.state-path.${stateValue}` },
        );
        await page.goto(`/account/crypto-backed-loan/residency?state=${stateValue}`);
        await expect(page).toHaveURL(/\/faq$/);
        await settle(page);
        for (const message of consoleProblems.splice(0)) {
          problems.push(`residency ?state: ${message}`);
        }
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  });
});
