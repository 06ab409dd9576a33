import type { APIRequestContext, Page } from '@playwright/test';
import { APP, expect, expectAccessible, screenshotBothWidths, test } from '../fixtures/index.js';
import { signIn } from '../fixtures/sign-in.js';

const START_HEADING = 'Borrow funds against your crypto assets to get cash while you HODL';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

async function setPrices(request: APIRequestContext) {
  const answer = await request.post('/sandbox/prices', { data: { BTC: 60000, ETH: 3000 } });
  expect(answer.ok()).toBe(true);
}

function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

function termOf(page: Page, label: string) {
  return page
    .getByRole('region', { name: 'Terms of your offer' })
    .locator('.offer-terms__row', { has: page.locator('dt', { hasText: label }) })
    .locator('dd');
}

test('from /start to the loan details: residency, offer, sign-in, application', async ({
  page,
  request,
}) => {
  await setPrices(request);
  await page.goto(`${APP}/start`);
  await expect(page).toHaveURL(new RegExp(`${APP}/residency$`));

  await page.getByRole('combobox', { name: 'State' }).selectOption('OH');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`${APP}/start\\?state=OH$`));
  await expect(page.getByRole('heading', { level: 1, name: START_HEADING })).toBeVisible();

  await page.getByRole('textbox', { name: /Collateral amount/ }).fill('1');
  await page.getByRole('textbox', { name: /Cash to borrow/ }).fill('20,000');

  const table = page.getByRole('table', { name: 'Rates for your collateral' });
  const eligible = table.locator('tr[aria-current="true"]');
  await expect(eligible).toContainText('8.910%');
  await expect(eligible).toContainText('Your rate');
  await expect(termOf(page, 'Interest rate')).toHaveText('8.910%');
  await expect(termOf(page, 'Loan-to-value (LTV)')).toHaveText('33.75%');
  await expect(termOf(page, 'Origination fee')).toHaveText('$250.00');
  await expect(termOf(page, 'Loan amount')).toHaveText('$20,250.00');
  await expect(page.getByText(/1 BTC = \$60,000\.00\. Price as of/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Frequently asked questions' })).toBeVisible();
  await expectAccessible(page);
  await screenshotBothWidths(page, 'start');

  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeEnabled();
  await continueButton.click();

  await signIn(page, uniqueEmail('offer'));
  await expect(page).toHaveURL(new RegExp(`${APP}/${UUID}/details$`), { timeout: 30_000 });
});

test('a state that is not serviced offers the waitlist, and the sign-up is confirmed', async ({
  page,
}) => {
  await page.goto(`${APP}/residency`);
  await page.getByRole('combobox', { name: 'State' }).selectOption('TX');
  await expect(page.getByText('This state is currently not being serviced')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshotBothWidths(page, 'residency-waitlist');

  await page.getByRole('textbox', { name: /E-mail address/ }).fill(uniqueEmail('waitlist'));
  await page.getByRole('button', { name: 'Join Waitlist' }).click();
  await expect(page.getByText('You are on the waitlist')).toBeVisible();
  await expect(page.getByText(/will e-mail .* when loans are offered in Texas\./)).toBeVisible();
  await expectAccessible(page);
});

test('the markets brand hides the International choice and the short FAQ', async ({
  page,
  request,
}) => {
  await setPrices(request);
  await page.goto(`${APP}/residency?org=markets`);
  await expect(page.getByRole('combobox', { name: 'State' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'International' })).toHaveCount(0);

  await page.goto(`${APP}/start?state=OH&org=markets`);
  await expect(page.getByRole('heading', { level: 1, name: START_HEADING })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Collateral amount/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Frequently asked questions' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Who can apply?' })).toHaveCount(0);
  await expectAccessible(page);
});

test('the FAQ answers, with its index and expandable questions', async ({ page }) => {
  await page.goto(`${APP}/faq`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Topics' })).toBeVisible();
  await page.getByText('What interest rate will I pay?').click();
  await expect(page.getByText('when your initial LTV is up to 50%')).toBeVisible();
  await expectAccessible(page);
  await screenshotBothWidths(page, 'faq');
});

test('the mobile-app page shows the steps and the install code', async ({ page }) => {
  const appUuid = '5f0c2b9e-3d4a-4c1b-9a7e-2b6d8f1e0c3a';
  await page.goto(`${APP}/get-mobile-app?loanAmount=20250&appUuid=${appUuid}&org=markets`);
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Just a few more steps for your $20,250.00 loan',
    }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code that opens the download/ })).toBeVisible();
  await expectAccessible(page);
  await screenshotBothWidths(page, 'get-mobile-app');

  await page.goto(`${APP}/get-mobile-app?org=markets`);
  await expect(page.getByText('No application was found.')).toBeVisible();
  await expectAccessible(page);
});

test('the residency page', async ({ page }) => {
  await page.goto(`${APP}/residency`);
  await expect(page.getByRole('heading', { level: 1, name: 'Where do you reside?' })).toBeVisible();
  await expectAccessible(page);
  await screenshotBothWidths(page, 'residency');
});
