import { randomUUID } from 'node:crypto';
import { APP, expect, expectAccessible, screenshotBothWidths, test } from '../fixtures/index.js';
import { readMailbox, signIn } from '../fixtures/sign-in.js';

/** Where the web app keeps the jwt (apps/web/src/api/token.ts). */
const STORED_TOKEN = "localStorage.getItem('pledge.jwt')";

function newBorrowerEmail(): string {
  return `sign-in-${randomUUID()}@example.com`;
}

test('a new borrower signs in by e-mail code, comes back to the page asked for, and signs out', async ({
  page,
}) => {
  const email = newBorrowerEmail();
  const protectedPage = `${APP}/${randomUUID()}/details?from=e2e`;
  await page.goto(protectedPage);
  await expect(page).toHaveURL(/\/auth\/login\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  // The brand's flags choose the code sign-in: Enter in the e-mail field sends a code.
  await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
  await expect(page.getByLabel(/Password/)).toHaveCount(0);
  await expectAccessible(page);

  await signIn(page, email);
  await expect(page).toHaveURL(protectedPage);
  const header = page.getByRole('banner');
  await expect(header.getByText(email)).toBeVisible();

  await header.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);
  await screenshotBothWidths(page, 'dashboard');

  await header.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('banner').getByText(email)).toHaveCount(0);
  expect(await page.evaluate(STORED_TOKEN)).toBeNull();

  // Signed out means signed out: the dashboard asks for a sign-in again.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\/login\?/);
  await expectAccessible(page);
});

test('a borrower of the legacy service signs in with e-mail and password', async ({ page }) => {
  await page.goto('/auth/login?signInMode=legacy&redirectUrl=%2Fdashboard');
  await expect(page.getByRole('button', { name: 'Email me a sign-in code' })).toHaveCount(0);
  await screenshotBothWidths(page, 'sign-in-legacy');
  await page.getByRole('textbox', { name: /Email address/ }).fill('legacy@example.com');
  await page.getByLabel(/Password/).fill('pass_good');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('banner').getByText('legacy@example.com')).toBeVisible();
  await expectAccessible(page);
});

test('an agent signs in on the agent audience and reaches the console', async ({ page }) => {
  await page.goto('/ops');
  await expect(page).toHaveURL(/\/auth\/login\?(.*&)?audience=agent/);
  await expect(page.getByText(/for agents with a provisioned address/)).toBeVisible();
  await expectAccessible(page);

  await signIn(page, 'agent@example.com', 'agent');
  await expect(page).toHaveURL('/ops');
  await expect(page.getByRole('heading', { level: 1, name: 'Operations console' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('agent@example.com')).toBeVisible();
  await expectAccessible(page);
  await screenshotBothWidths(page, 'ops');

  await page.getByRole('link', { name: 'UI kit' }).click();
  await expect(page).toHaveURL('/ops/ui-kit');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('an agent sent to the legacy sign-in gets the code sign-in, with a note', async ({ page }) => {
  await page.goto('/auth/login?audience=agent&signInMode=legacy');
  await expect(page.getByText(/Agents have no password sign-in/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Email address/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
  await expectAccessible(page);
});

test('a borrower is not an agent: the console asks for an agent sign-in', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\/login\?/);
  await signIn(page, newBorrowerEmail());
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/ops/ui-kit');
  await expect(page).toHaveURL(/\/auth\/login\?(.*&)?audience=agent/);
});

test('an address that is not a provisioned agent cannot sign in as one', async ({ page }) => {
  const email = `not-an-agent-${randomUUID()}@example.com`;
  await page.goto('/auth/login?audience=agent&signInMode=broker');
  await page.getByRole('textbox', { name: /Email address/ }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  // The page answers alike for every address, so it tells nobody which ones are agents.
  await expect(page.getByText(`We sent a 6-digit code to ${email}`)).toBeVisible();
  expect(await readMailbox(page.request, email)).toEqual([]);

  await page.getByRole('textbox', { name: /Sign-in code/ }).fill('123456');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('That code is not right', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
  expect(await page.evaluate(STORED_TOKEN)).toBeNull();
  await expectAccessible(page);
});
