import type { APIRequestContext, Page } from '@playwright/test';
import { approveAsSecondAgent, expectProposed } from '../fixtures/approvals.js';
import { refiAgentPage } from '../fixtures/consoles.js';
import { APP, expect, expectAccessible, screenshotBothWidths, test } from '../fixtures/index.js';
import { sandboxDeposit, waitForState } from '../fixtures/loan.js';
import { signInBorrower, useBorrowerInBrowser } from '../fixtures/new-application.js';

// Issue 34, finding 7: a refinancing that expires holding part of its top-up is no dead end. Its
// deposit page followed the deposits and what was still to send; after the 14 days it says it
// expired and where the coins already sent go; the borrower gives a return address, the console
// lists the coins, and two agents record their return.
test.describe.configure({ timeout: 300_000 });
test.use({ actionTimeout: 20_000 });

const LIST = `${APP}/celsius-refi`;
const REFI = '/service-application-cryptopl/secure/api/v1';
const RETURN_ADDRESS = `0x${'ab'.repeat(20)}`;
/** The refinancing sweep runs every minute on the deployment's clock. */
const EXPIRY_WAIT_MS = 150_000;

function bearer(jwt: string) {
  return { Authorization: `Bearer ${jwt}` };
}

async function expectNoSidewaysScroll(page: Page) {
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function topUpEstimate(
  request: APIRequestContext,
  jwt: string,
  ids: { appUuid: string; offerUuid: string },
) {
  const answer = await request.post(
    `${REFI}/applications/${ids.appUuid}/celsius-collateral/calculate`,
    { headers: bearer(jwt), data: { offerUuid: ids.offerUuid } },
  );
  expect(answer.ok(), await answer.text()).toBe(true);
  return (
    (await answer.json()) as {
      celsiusTopUpCollateral: {
        wallet: { depositAddress: string } | null;
        topUpCoinAmount: { coinQuantity: string };
      };
    }
  ).celsiusTopUpCollateral;
}

test('an expired refinancing with coins sent returns them to the borrower’s address', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const borrower = await signInBorrower(request);
  await useBorrowerInBrowser(page, borrower);
  await page.goto(LIST);
  await page.getByRole('button', { name: 'Enter Loan ID' }).click();
  const lookup = page.getByRole('dialog', { name: 'Enter Loan ID' });
  await lookup.getByRole('textbox', { name: /Celsius Loan ID/ }).fill('100002');
  await lookup.getByRole('button', { name: 'Find my loans' }).click();
  await expect(lookup).toBeHidden();
  await page.locator('label', { hasText: /^Custody only: / }).click();
  await expect(page.getByRole('radio', { name: /^Custody only: / })).toBeChecked();
  await page.getByRole('button', { name: 'View Top Up Estimate' }).click();
  await page.getByRole('button', { name: 'Continue to deposit' }).click();
  await expect(page.locator('.deposit-address__value code')).toBeVisible({ timeout: 30_000 });
  const match = /celsius-refi\/([0-9a-f-]{36})\/([0-9a-f-]{36})\//.exec(page.url());
  const ids = { appUuid: match?.[1] ?? '', offerUuid: match?.[2] ?? '' };
  const topUpPage = `${APP}/celsius-refi/${ids.appUuid}/${ids.offerUuid}/collateral-top-up`;
  const estimate = await topUpEstimate(request, borrower.jwt, ids);
  const address = estimate.wallet?.depositAddress ?? '';
  const topUp = Number(estimate.topUpCoinAmount.coinQuantity);
  // Part of the top-up, as a short decimal the way the server writes it.
  const part = String(Number((topUp * 0.4).toFixed(6)));

  // The QR code modal of document 2 §2.
  await page.getByRole('button', { name: /^Show QR code/ }).click();
  const qr = page.getByRole('dialog', { name: 'QR code' });
  await expect(qr.getByRole('img', { name: /QR code of your ETH deposit address/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // Part of the top-up arrives: the page shows it and what is still to send, without a reload.
  await sandboxDeposit(request, address, part);
  const sofar = page.getByRole('region', { name: 'Your top-up so far' });
  await expect(sofar.locator('dd', { hasText: `${part} ETH` }).first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(sofar.getByText('Still to send')).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await screenshotBothWidths(page, 'refi-top-up-partial');

  // The 14 calendar days run out.
  const moved = await request.post('/sandbox/clock', { data: { advanceHours: 14 * 24 + 1 } });
  expect(moved.ok(), await moved.text()).toBe(true);
  const again = await signInBorrower(request, borrower.email);
  await waitForState(request, again.jwt, ids.appUuid, 'CANCELLED', EXPIRY_WAIT_MS);
  // The old session idled out in the browser meanwhile (it went to sign-in): the new one opens
  // the same page.
  await useBorrowerInBrowser(page, again);
  await page.goto(topUpPage);

  await expect(page.getByText('Refinancing expired')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/not completed within 14 calendar days/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to deposit' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Your deposit address' })).toHaveCount(0);
  await expect(
    page.getByText(`You sent ${part} ETH for this refinancing`, { exact: false }),
  ).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await screenshotBothWidths(page, 'refi-expired-coins');

  const field = page.getByRole('textbox', { name: /Return address \(ETH\)/ });
  await field.fill('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
  await page.getByRole('button', { name: 'Return my coins' }).click();
  await expect(page.getByText('Invalid address entered - enter again')).toBeVisible();
  await field.fill(RETURN_ADDRESS);
  await page.getByRole('button', { name: 'Return my coins' }).click();
  const confirm = page.getByRole('dialog', { name: 'Return your coins to this address?' });
  await expect(confirm.getByText(RETURN_ADDRESS)).toBeVisible();
  await confirm.getByRole('button', { name: 'Return my coins' }).click();
  await expect(page.getByText('Your coins are being returned')).toBeVisible();
  await screenshotBothWidths(page, 'refi-expired-return-requested');

  // The list says it expired, and leads to the coins.
  await page.goto(LIST);
  const card = page.getByRole('listitem').filter({ hasText: 'Celsius loan 100002' });
  await expect(card.getByText('Expired', { exact: true })).toBeVisible();

  // The console lists the coins; one agent records the return, a second approves it.
  const agent = await refiAgentPage(browser, baseURL);
  const coins = agent.getByRole('table', { name: 'Coins of ended refinancings' });
  const row = coins.getByRole('row').filter({ hasText: RETURN_ADDRESS });
  await expect(row).toBeVisible();
  await expectAccessible(agent);
  await screenshotBothWidths(agent, 'ops-refi-coin-returns');
  await row.getByRole('button', { name: /Record return/ }).click();
  const dialog = agent.getByRole('dialog', { name: /Record the return of/ });
  await dialog.getByRole('textbox', { name: /Transaction of the return/ }).fill('0xreturned');
  await dialog.getByRole('button', { name: 'Propose the return' }).click();
  await expectProposed(dialog, /Return .* ETH/);
  await agent.context().close();
  await approveAsSecondAgent(browser, /Return .* ETH/);

  await page.goto(topUpPage);
  await expect(page.getByText('Your coins were returned')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Transaction: 0xreturned/)).toBeVisible();

  // The dashboard names the refinancing by its loan and says what happened.
  await page.goto('/dashboard');
  await expect(
    page.getByRole('heading', { name: /^Refinancing of Celsius loan 100002/ }),
  ).toBeVisible();
  await expect(page.getByText('Refinancing expired').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Refinance a Celsius loan' })).toBeVisible();
  await expectAccessible(page);
  await screenshotBothWidths(page, 'dashboard-refi-expired');
});
