import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { approveAsSecondAgent, expectProposed, PROPOSED_TEXT } from '../fixtures/approvals.js';
import { expect, expectAccessible, screenshotBothWidths, test } from '../fixtures/index.js';
import { AGENT_EMAIL, DEFAULT_PRICES, fundedRiskLoan, setPrices } from '../fixtures/risk.js';
import { signIn } from '../fixtures/sign-in.js';

// Maker–checker (issue 32): a wire proposed by one agent moves nothing until a second agent
// approves it on the Approvals page.
test.describe.configure({ timeout: 300_000 });

function totalBalance(page: Page) {
  return page.getByText('Total balance', { exact: true }).locator('xpath=following-sibling::*[1]');
}

test('a wire proposed by one agent reaches the loan only once a second agent approves it', async ({
  page,
  request,
  browser,
}) => {
  await setPrices(request, DEFAULT_PRICES);
  const { loanUuid } = await fundedRiskLoan(request, 'approvals', {
    collateralType: 'BTC',
    coinQuantity: '1',
    drawAmount: 20_000,
  });
  const reference = `FED-${randomUUID().slice(0, 8)}`;

  await page.goto(`/ops/loans/${loanUuid}`);
  await signIn(page, AGENT_EMAIL, 'agent');
  await expect(page).toHaveURL(`/ops/loans/${loanUuid}`);
  const balance = totalBalance(page);
  await expect(balance).toHaveText(/^\$[\d,]+\.\d{2}$/);
  const before = (await balance.textContent()) ?? '';

  await page.getByRole('button', { name: 'Record a wire' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a wire' });
  await dialog.getByRole('textbox', { name: /Amount received/ }).fill('1,000');
  await dialog.getByRole('textbox', { name: /Wire reference/ }).fill(reference);
  await dialog.getByLabel(/Received on/).fill(new Date().toISOString().slice(0, 10));
  await dialog.getByRole('button', { name: 'Propose wire' }).click();
  await expect(dialog).toContainText(PROPOSED_TEXT);
  await expectAccessible(page);
  await expectProposed(dialog, reference);
  // Only proposed: the balance has not moved.
  await page.reload();
  await expect(totalBalance(page)).toHaveText(before);

  // The maker sees their proposal on Approvals, and may only withdraw it.
  await page.goto('/ops/approvals');
  await expect(page.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
  const own = page.getByRole('row').filter({ hasText: reference });
  await expect(own).toContainText(`${AGENT_EMAIL} (you)`);
  await expect(own.getByRole('button', { name: /^Withdraw/ })).toBeVisible();
  await expect(own.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await expectAccessible(page);
  await screenshotBothWidths(page, 'ops-approvals');

  await approveAsSecondAgent(browser, reference, async (checker) => {
    await expect(checker.getByText('Wire received approved')).toBeVisible();
    await expectAccessible(checker);
  });

  await page.goto(`/ops/loans/${loanUuid}`);
  await expect(totalBalance(page)).not.toHaveText(before);
  const toCents = (text: string) => Number(text.replace(/[$,.]/g, ''));
  expect(toCents(before) - toCents((await totalBalance(page).textContent()) ?? '')).toBe(100_000);
  await expect(page.getByRole('region', { name: 'Payments' })).toContainText(reference);
});
