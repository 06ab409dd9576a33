/**
 * The longest accepted values hold the layout: a borrower signed in with a 254-character
 * address (RFC 5321's most, which the server accepts) sees it on one line in the header, cut with an
 * ellipsis and whole in its title, and the header is exactly as tall as with a short address; no
 * page scrolls sideways, at 375 px and at 1,280 px.
 */
import type { Browser, Page } from '@playwright/test';
import { APP, expect, expectAccessible, test } from '../fixtures/index.js';
import {
  newApplication,
  signInBorrower,
  useBorrowerInBrowser,
} from '../fixtures/new-application.js';
import { signIn } from '../fixtures/sign-in.js';

const WIDTHS = [375, 1280] as const;

// Each page is opened twice per width (a short address for reference, then the longest), with axe
// on the narrow one: about a minute beside the route sweep on two cores, so three are its bound.
test.describe.configure({ timeout: 180_000 });
/** RFC 5321, as the server bounds an address: 254 characters in all, 64 before the `@`. */
const EMAIL_MAX_LENGTH = 254;
const EMAIL_LOCAL_PART_MAX_LENGTH = 64;
/** Where the web app keeps the borrower's jwt (apps/web/src/api/token.ts). */
const TOKEN_STORAGE_KEY = 'pledge.jwt';

/** A unique address of exactly 254 characters: 64 before the `@`, domain labels of 63 at most. */
function longestEmail(): string {
  const local = `long-${Date.now()}-`.padEnd(EMAIL_LOCAL_PART_MAX_LENGTH, 'a');
  const labels: string[] = [];
  let domainLength = EMAIL_MAX_LENGTH - local.length - 1 - '.com'.length;
  while (domainLength > 0) {
    // Each label but the first is preceded by a dot.
    const room = labels.length === 0 ? domainLength : domainLength - 1;
    const label = 'b'.repeat(Math.min(63, room));
    labels.push(label);
    domainLength -= label.length + (labels.length === 1 ? 0 : 1);
  }
  return `${local}@${labels.join('.')}.com`;
}

interface TPageToCheck {
  name: string;
  url: (appUuid: string) => string;
  heading: RegExp;
}

const PAGES: TPageToCheck[] = [
  { name: 'dashboard', url: () => '/dashboard', heading: /./ },
  { name: 'offer', url: () => `${APP}/start?state=OH`, heading: /Borrow funds/ },
  { name: 'details', url: (appUuid) => `${APP}/${appUuid}/details`, heading: /Loan details/ },
];

async function open(page: Page, url: string, heading: RegExp) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();
}

async function headerHeight(page: Page): Promise<number> {
  const box = await page.getByRole('banner').boundingBox();
  expect(box).not.toBeNull();
  return Math.round(box?.height ?? 0);
}

async function sidewaysScroll(page: Page): Promise<number> {
  // A string: this package's types have no DOM.
  return Number(
    await page.evaluate(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    ),
  );
}

/** Header heights of a short-address borrower, by page and width. */
async function shortAddressHeights(browser: Browser): Promise<Map<string, number>> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const borrower = await signInBorrower(page.request);
  const { appUuid } = await newApplication(page.request, borrower.jwt);
  await useBorrowerInBrowser(page, borrower);
  const heights = new Map<string, number>();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const checked of PAGES) {
      await open(page, checked.url(appUuid), checked.heading);
      heights.set(`${checked.name} ${width}`, await headerHeight(page));
    }
  }
  await context.close();
  return heights;
}

test('a 254-character address keeps the header one line tall and nothing scrolls sideways', async ({
  page,
  browser,
}) => {
  const email = longestEmail();
  expect(email).toHaveLength(EMAIL_MAX_LENGTH);
  const reference = await shortAddressHeights(browser);

  await page.goto('/dashboard');
  await signIn(page, email);
  const jwt = (await page.evaluate(
    `window.localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)})`,
  )) as string | null;
  expect(jwt).not.toBeNull();
  const { appUuid } = await newApplication(page.request, jwt ?? '');

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const checked of PAGES) {
      const where = `${checked.name} at ${width} px`;
      await open(page, checked.url(appUuid), checked.heading);
      const shown = page.getByRole('banner').locator('.site-nav__email');
      // The whole address stays available: in the title, and as text for screen readers.
      await expect(shown, where).toHaveAttribute('title', email);
      await expect(shown, where).toContainText(email);
      expect(
        await shown.evaluate((element) => element.scrollWidth > element.clientWidth),
        `${where}: the address is cut`,
      ).toBe(true);
      expect(await headerHeight(page), `${where}: header height`).toBe(
        reference.get(`${checked.name} ${width}`),
      );
      expect(await sidewaysScroll(page), `${where}: sideways scroll`).toBeLessThanOrEqual(0);
      if (width === WIDTHS[0]) await expectAccessible(page);
    }
  }
});
