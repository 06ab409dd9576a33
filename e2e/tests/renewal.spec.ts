import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { APP, expect, expectAccessible, screenshotBothWidths, test } from '../fixtures/index.js';
import { collateralDue, sandboxDeposit } from '../fixtures/loan.js';
import {
  signInBorrower,
  useBorrowerInBrowser,
  type TSignedInBorrower,
} from '../fixtures/new-application.js';

// Renewal: a funded loan made by POST /sandbox/loans, the sandbox clock moved to 20 days
// before its maturity, and the borrower renewing it from the dashboard.
test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 20_000 });

const DAY_MS = 24 * 3_600_000;
const LOW_LTV_WARNING =
  'This collateral amount is higher than what other borrowers typically pledge for similar sized loans.';
const ABOVE_BAND_WARNING =
  'Additional collateral is required to be eligible for an offer at the current cash to borrow amount.';

async function setBtcPrice(request: APIRequestContext, usd: number) {
  const answer = await request.post('/sandbox/prices', { data: { BTC: usd, ETH: 3_000 } });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** A funded loan for a new borrower, the clock 20 days before its maturity, the borrower signed in. */
async function fundedLoanInWindow(
  request: APIRequestContext,
): Promise<{ borrower: TSignedInBorrower; loanUuid: string }> {
  const email = `renewal-${randomUUID()}@example.com`;
  const created = await request.post('/sandbox/loans', {
    data: { email, collateralType: 'BTC', coinQuantity: '1', drawAmount: 20_000, state: 'OH' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { appUuid } = (await created.json()) as { appUuid: string };
  const early = await signInBorrower(request, email);
  const status = await request.get('/provenance/borrower/servicing/v2/loanStatus', {
    headers: { authorization: `Bearer ${early.jwt}` },
  });
  const { loans } = (await status.json()) as { loans: { maturityDate: string }[] };
  const maturity = Date.parse(`${loans[0]?.maturityDate ?? ''}T00:00:00Z`);
  const clock = (await (await request.get('/sandbox/clock')).json()) as { now: string };
  const hours = Math.ceil((maturity - 20 * DAY_MS - Date.parse(clock.now)) / 3_600_000);
  if (hours > 0) {
    const moved = await request.post('/sandbox/clock', { data: { advanceHours: hours } });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  // Months later every session has idled out: sign in again.
  return { borrower: await signInBorrower(request, email), loanUuid: appUuid };
}

async function openRenewalFromDashboard(page: Page): Promise<string> {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Renew', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${APP}/[0-9a-f-]{36}/renew$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Renew your loan' })).toBeVisible();
  await expect(page.getByText('No new funds will be disbursed')).toBeVisible();
  return /\/([0-9a-f-]{36})\/renew$/.exec(page.url())?.[1] ?? '';
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
  await page.getByRole('link', { name: /Review Agreements$/ }).click();
  await expect(page).toHaveURL(`${APP}/${renewalUuid}/disclosures`);
  const progress = page.getByText(/^Document \d+ of \d+$/);
  await expect(progress).toBeVisible();
  const total = Number(/of (\d+)/.exec((await progress.textContent()) ?? '')?.[1] ?? '0');
  for (let index = 1; index <= total; index += 1) {
    await expect(page.getByText(`Document ${index} of ${total}`, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Agree', exact: true }).click();
  }
}

test.afterAll(async ({ request }) => {
  await setBtcPrice(request, 60_000);
  await request.delete('/sandbox/clock');
});

test('renews a funded loan with 0.1 BTC more, seeing each warning when it applies', async ({
  page,
  request,
}) => {
  const { borrower, loanUuid } = await fundedLoanInWindow(request);
  await useBorrowerInBrowser(page, borrower);
  // At $27,000 the balance with its unpaid interest (about $21,950 by 30/360; less while the
  // servicing sweep has not yet caught up with the moved clock) is above every band on 1 BTC, and
  // 0.1 BTC more brings it within the bands either way.
  await setBtcPrice(request, 27_000);
  const renewalUuid = await openRenewalFromDashboard(page);
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
  const { borrower } = await fundedLoanInWindow(request);
  await useBorrowerInBrowser(page, borrower);
  const renewalUuid = await openRenewalFromDashboard(page);
  await expect(page.getByText(ABOVE_BAND_WARNING)).toHaveCount(0);
  await acceptAndSign(page, renewalUuid);
  await expect(page).toHaveURL(`${APP}/${renewalUuid}/complete`);
  await expect(page.getByRole('heading', { name: 'Loan renewed' })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard');
  await expect(page.getByText('Renewed: replaced by its renewal')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
