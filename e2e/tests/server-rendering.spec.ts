import { randomUUID } from 'node:crypto';
import { APP, expect, expectAccessible, test } from '../fixtures/index.js';
import { sandboxLoan } from '../fixtures/loan.js';
import { signInBorrower, useBorrowerInBrowser } from '../fixtures/new-application.js';
import { signIn } from '../fixtures/sign-in.js';

// The pages a visitor lands on arrive rendered, in the brand's colours, and the app then takes
// them over in place (hydration) without errors.

test.describe('server-rendered pages, before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  test('the offer page shows its form for the residence in the address', async ({ page }) => {
    await page.goto(`${APP}/start?state=OH&org=partner`);
    await expect(
      page.getByRole('heading', { level: 1, name: /Borrow funds against your crypto assets/ }),
    ).toBeVisible();
    await expect(page.getByText('Offers for residents of Ohio.')).toBeVisible();
    await expect(page.getByLabel('Collateral amount (BTC)')).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Harbor Credit Partners');
    // The partner brand's primary colour, from the page's inline styles.
    await expect(page.locator('html')).toHaveCSS('--color-primary', '#0b5563');
  });

  test('residency and the FAQ are complete pages', async ({ page }) => {
    await page.goto(`${APP}/residency`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    await page.goto(`${APP}/faq`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Loading…')).toHaveCount(0);
  });

  test('a page that needs a signed-in visitor arrives as its frame, the session left to the browser', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('banner')).toContainText('Pledge Lending');
    await expect(page.getByRole('status')).toHaveText('Checking your sign-in…');
    // Nobody's session is known on the server: no sign-in button, as a signed-in visitor sees it.
    await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0);
  });

  test('an address that only leads elsewhere is redirected by the server to the page itself', async ({
    page,
  }) => {
    for (const [from, to] of [
      ['/', `${APP}/residency`],
      [`${APP}?org=partner`, `${APP}/residency?org=partner`],
      [`/?state=OH&org=partner`, `${APP}/start?state=OH&org=partner`],
    ] as const) {
      await page.goto(from);
      await expect(page).toHaveURL(to);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await expect(page.getByRole('banner')).toContainText('Harbor Credit Partners');
  });

  test('a page without a screen of its own is left to the browser', async ({ page }) => {
    await page.goto(`${APP}/nowhere`);
    await expect(page.locator('#root')).toBeEmpty();
  });
});

test("the app replaces a signed-in page's frame with the page, or with the way to sign in", async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto('/dashboard');
  await signIn(page, `frame-${Date.now()}@example.com`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Checking your sign-in…')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
  // Loaded again while signed in: the frame gives way to the page, nothing of it left behind.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[data-before-app]')).toHaveCount(0);
  await expect(page.locator('#root > .app')).toHaveCount(1);
  expect(problems).toEqual([]);
});

test("a signed-in page's session check and first data leave with its HTML, once each", async ({
  page,
  request,
}) => {
  const email = `early-${randomUUID()}@example.com`;
  const { loanUuid } = await sandboxLoan(request, { email });
  await useBorrowerInBrowser(page, await signInBorrower(request, email));
  const calls: string[] = [];
  let entryRequested = false;
  let firstCallsBeforeEntry = 0;
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (/\/assets\/index-[^/]+\.js$/.test(pathname)) entryRequested = true;
    if (sent.resourceType() !== 'fetch' || sent.method() !== 'GET') return;
    calls.push(pathname);
  });
  // The app's entry is held until the first calls have left: they do not wait for it.
  let releaseEntry = () => {};
  const entryHeld = new Promise<void>((resolve) => (releaseEntry = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await entryHeld;
    await route.continue();
  });
  const loaded = page.goto(`${APP}/loans/${loanUuid}`);
  await expect
    .poll(() => calls.filter((call) => call.endsWith(`/loans/${loanUuid}`)).length)
    .toBe(1);
  firstCallsBeforeEntry = calls.length;
  expect(entryRequested).toBe(true);
  releaseEntry();
  await loaded;
  await expect(page.getByRole('heading', { level: 1, name: 'Your loan' })).toBeVisible();
  await expect(page.getByText('Checking your sign-in…')).toHaveCount(0);
  // Started before the app ran: the session check, the loan and its collateral proof, and the
  // app took their answers instead of asking again.
  expect(firstCallsBeforeEntry).toBe(3);
  const once = (suffix: string) => calls.filter((call) => call.endsWith(suffix)).length;
  expect(once('/self/figureinfo')).toBe(1);
  expect(once(`/loans/${loanUuid}`)).toBe(1);
  expect(once(`/applications/${loanUuid}/collateral/proof`)).toBe(1);
});

test('the app takes over server-rendered pages without errors', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });

  // The visitor types before the app's code has arrived (a slow connection): once it runs, what
  // was typed is the offer's input, not lost.
  let releaseApp = () => {};
  const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await appHeld;
    await route.continue();
  });
  await page.goto(`${APP}/start?state=OH`, { waitUntil: 'commit' });
  await page.getByLabel('Collateral type').selectOption('ETH');
  await page.getByLabel(/Collateral amount/).fill('10');
  await page.getByLabel('Cash to borrow (US dollars)').fill('20000');
  releaseApp();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  await expect(page.getByLabel('Collateral amount (ETH)')).toHaveValue('10');
  await expect(page.getByLabel('Collateral type')).toHaveValue('ETH');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Change where you live' }).click();
  await expect(page).toHaveURL(/\/residency\?state=OH$/);
  await page.goto(`${APP}/faq`);
  await page.getByRole('button').first().click();
  expect(problems).toEqual([]);
});
