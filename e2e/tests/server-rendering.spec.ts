import { APP, expect, expectAccessible, test } from '../fixtures/index.js';

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

  test('a page that needs the browser is left to it', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.locator('#root')).toBeEmpty();
  });
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
