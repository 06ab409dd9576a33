import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { APP, expect, expectAccessible, screenshotBothWidths, test } from '../fixtures/index.js';
import { sandboxDeposit, sandboxLoan } from '../fixtures/loan.js';
import { signInBorrower, useBorrowerInBrowser } from '../fixtures/new-application.js';

// The per-loan collateral proof: a funded sandbox loan's page shows its address and the balance the
// chain watcher confirmed, a deposit and a withdrawal on the sandbox chain show up in it, and the
// public link the borrower makes shows the same proof to a signed-out visitor, with nothing personal.
test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 20_000 });

const LEAP = '/service-cryptopl-leap';
/** The name POST /sandbox/loans gives its borrowers. */
const SANDBOX_BORROWER_NAME = 'Sandy Borrower';

async function sandboxWithdrawal(request: APIRequestContext, address: string, amount: string) {
  const answer = await request.post('/sandbox/chain/withdrawals', {
    data: { address, amount, confirmations: 12 },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { transactionHash: string }).transactionHash;
}

function proofSection(page: Page) {
  return page.getByRole('region', { name: 'Proof of your collateral' });
}

async function openLoanProof(page: Page, loanUuid: string) {
  await page.goto(`${APP}/loans/${loanUuid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your loan' })).toBeVisible();
  await expect(proofSection(page).getByTestId('collateral-proof-address')).toBeVisible();
}

test('a funded loan’s collateral proof follows the chain, and its public link shows nothing personal', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const email = `proof-${randomUUID()}@example.com`;
  const { loanUuid } = await sandboxLoan(request, { email });
  const borrower = await signInBorrower(request, email);
  await useBorrowerInBrowser(page, borrower);
  const proof = await request.get(
    `${LEAP}/secure/api/v1/applications/${loanUuid}/collateral/proof`,
    { headers: { Authorization: `Bearer ${borrower.jwt}` } },
  );
  expect(proof.ok(), await proof.text()).toBe(true);
  const address = ((await proof.json()) as { addresses: { address: string }[] }).addresses[0]
    ?.address;
  expect(address).toBeDefined();

  // A sandbox deposit adds to the address: the proof shows it and the balance the watcher confirmed.
  await sandboxDeposit(request, address ?? '', '0.25');
  await openLoanProof(page, loanUuid);
  const section = proofSection(page);
  await expect(section.getByTestId('collateral-proof-address')).toHaveText(address ?? '');
  await expect(section.getByText('Sandbox chain')).toBeVisible();
  const balance = section.getByTestId('collateral-proof-balance');
  await expect(balance).toContainText('1.25 BTC');
  await expect(balance).toContainText(/At block\s*[\d,]+/);
  await expect(section.getByRole('row', { name: /Deposit/ })).toHaveCount(2);
  await expect(section.getByText(/not lent, pledged or rehypothecated/)).toBeVisible();
  for (const width of [320, 375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
  }
  await screenshotBothWidths(page, 'collateral-proof-loan');

  // A withdrawal leaves the address: it is listed with its transaction id, and the balance drops
  // below what the loan holds, which the proof says is being checked rather than show it as held.
  const txid = await sandboxWithdrawal(request, address ?? '', '0.25');
  await openLoanProof(page, loanUuid);
  const withdrawal = section.getByRole('row', { name: /Withdrawal/ });
  await expect(withdrawal).toContainText('0.25 BTC');
  await expect(withdrawal).toContainText(txid);
  await expect(section.getByText('Being checked')).toBeVisible();
  await expect(balance).toContainText('1 BTC at block');

  // The public link: made on request, copied from the page.
  await section.getByRole('button', { name: 'Make a public link' }).click();
  const link = await section.getByLabel('Your public link').inputValue();
  expect(link).toMatch(/\/account\/crypto-backed-loan\/collateral-proof\/[A-Za-z0-9_-]{43}$/);
  await expectAccessible(page);

  // Opened in a fresh browser, signed out.
  const visitor = await browser.newContext({ baseURL });
  const publicPage = await visitor.newPage();
  const response = await publicPage.goto(link);
  expect(response?.status()).toBe(200);
  await expect(
    publicPage.getByRole('heading', { level: 1, name: 'Collateral proof' }),
  ).toBeVisible();
  await expect(publicPage.getByTestId('collateral-proof-address')).toHaveText(address ?? '');
  await expect(publicPage.getByRole('row', { name: /Withdrawal/ })).toContainText(txid);
  await expect(publicPage).toHaveURL(link);
  const text = await publicPage.locator('body').innerText();
  expect(text).not.toContain(email);
  expect(text).not.toContain(SANDBOX_BORROWER_NAME);
  expect(text).not.toContain(loanUuid);
  expect(text).not.toContain('20,000');
  await expect(publicPage.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  for (const width of [320, 375, 1280]) {
    await publicPage.setViewportSize({ width, height: 900 });
    await expectAccessible(publicPage);
  }
  await screenshotBothWidths(publicPage, 'collateral-proof-public');

  // Turned off by the borrower, the link leads nowhere.
  await section.getByRole('button', { name: 'Turn the link off' }).click();
  await expect(section.getByRole('button', { name: 'Make a public link' })).toBeVisible();
  await publicPage.reload();
  await expect(
    publicPage.getByRole('heading', { level: 1, name: 'Collateral proof not found' }),
  ).toBeVisible();
  await visitor.close();
});
