import type { APIRequestContext, Page } from '@playwright/test';
import { APP, expect, expectAccessible, screenshotBothWidths, test } from '../fixtures/index.js';
import { collateralDue, sandboxDeposit } from '../fixtures/loan.js';
import { useBorrowerInBrowser } from '../fixtures/new-application.js';
import {
  fundedLoanInRenewalWindow,
  openRenewalFromDashboard,
  signAllDisclosures,
} from '../fixtures/renewal.js';

// Renewal: a funded loan made by POST /sandbox/loans, the sandbox clock moved to 20 days
// before its maturity, and the borrower renewing it from the dashboard.
test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 20_000 });

const LOW_LTV_WARNING =
  'This collateral amount is higher than what other borrowers typically pledge for similar sized loans.';
const ABOVE_BAND_WARNING =
  'Additional collateral is required to be eligible for an offer at the current cash to borrow amount.';

async function setBtcPrice(request: APIRequestContext, usd: number) {
  const answer = await request.post('/sandbox/prices', { data: { BTC: usd, ETH: 3_000 } });
  expect(answer.ok(), await answer.text()).toBe(true);
}

async function acceptAndSign(page: Page, renewalUuid: string) {
  const accept = page.getByRole('button', { name: 'Accept offer' });
  await expect(accept).toBeEnabled();
  await accept.click();
  await expect(page).toHaveURL(`${APP}/${renewalUuid}/next-steps`);
  // No disbursement and no identity step in a renewal.
  await expect(page.getByRole('link', { name: /Review Agreements$/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Disbursement Account')).toHaveCount(0);
  await signAllDisclosures(page, renewalUuid);
}

test.afterAll(async ({ request }) => {
  await setBtcPrice(request, 60_000);
  await request.delete('/sandbox/clock');
});

test('renews a funded loan with 0.1 BTC more, seeing each warning when it applies', async ({
  page,
  request,
}) => {
  const { borrower, loanUuid } = await fundedLoanInRenewalWindow(request, 'renewal');
  await useBorrowerInBrowser(page, borrower);
  // At $27,000 the balance with its unpaid interest (about $21,950 by 30/360; less while the
  // servicing sweep has not yet caught up with the moved clock) is above every band on 1 BTC, and
  // 0.1 BTC more brings it within the bands either way.
  await setBtcPrice(request, 27_000);
  const renewalUuid = await openRenewalFromDashboard(page);
  await expect(page.getByText('No new funds will be disbursed')).toBeVisible();
  await expect(page.getByText(ABOVE_BAND_WARNING)).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Collateral type/ })).toHaveAttribute(
    'readonly',
    '',
  );

  const topUp = page.getByRole('textbox', { name: /Additional collateral/ });
  await topUp.fill('5');
  await expect(page.getByText(LOW_LTV_WARNING)).toBeVisible();
  await expect(page.getByText(ABOVE_BAND_WARNING)).toHaveCount(0);
  await topUp.fill('0.1');
  await expect(page.getByText(LOW_LTV_WARNING)).toHaveCount(0);
  await expect(page.getByText(ABOVE_BAND_WARNING)).toHaveCount(0);
  await expect(page.getByText('1.1 BTC')).toBeVisible();
  await expectAccessible(page);
  await screenshotBothWidths(page, 'renew');

  await acceptAndSign(page, renewalUuid);
  // The top-up is still due: the collateral step, then the deposit to the loan's own address.
  await expect(page).toHaveURL(`${APP}/${renewalUuid}/collateral`);
  const due = await collateralDue(request, borrower.jwt, loanUuid);
  await sandboxDeposit(request, due.address, '0.1');

  await page.goto(`${APP}/${renewalUuid}/complete`);
  await expect(page.getByText('Loan Renewed').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Loan renewed' })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByText('Renewed: replaced by its renewal')).toBeVisible();
  const renewed = page.getByRole('listitem').filter({ hasText: 'Renewed loan of' });
  await expect(renewed.getByText('Active loan')).toBeVisible();
  await expect(renewed.getByText('1.1000 BTC')).toBeVisible();
});

test('renews without a top-up and never sees the collateral step', async ({ page, request }) => {
  await setBtcPrice(request, 60_000);
  const { borrower } = await fundedLoanInRenewalWindow(request, 'renewal');
  await useBorrowerInBrowser(page, borrower);
  const renewalUuid = await openRenewalFromDashboard(page);
  await expect(page.getByText('No new funds will be disbursed')).toBeVisible();
  await expect(page.getByText(ABOVE_BAND_WARNING)).toHaveCount(0);
  await acceptAndSign(page, renewalUuid);
  await expect(page).toHaveURL(`${APP}/${renewalUuid}/complete`);
  await expect(page.getByRole('heading', { name: 'Loan renewed' })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard');
  await expect(page.getByText('Renewed: replaced by its renewal')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
