import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { approveAsSecondAgent, expectProposed } from '../fixtures/approvals.js';
import { refiAgentPage } from '../fixtures/consoles.js';
import { APP, expect, expectAccessible, screenshotBothWidths, test } from '../fixtures/index.js';
import { sandboxDeposit, waitForState } from '../fixtures/loan.js';
import {
  signInBorrower,
  useBorrowerInBrowser,
  type TSignedInBorrower,
} from '../fixtures/new-application.js';

// Refinancing a Celsius loan (document 2): the sandbox tape's loan ids of DESIGN §3 (100001 BTC at
// 40 %, 100002 ETH at 62 %, 100003 BTC at 68 %, 100004–100006 ineligible) and a tape an agent
// imports in the console.
test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 20_000 });

const LIST = `${APP}/celsius-refi`;
const REFI = '/service-application-cryptopl/secure/api/v1';
const NO_ELIGIBLE = 'You have no eligible loans';
/** Where the app's state leads after the last disclosure: the server moves it on in the background. */
const COMPLETION_WAIT_MS = 90_000;

function bearer(jwt: string) {
  return { Authorization: `Bearer ${jwt}` };
}

async function newBorrowerOnList(page: Page, request: APIRequestContext, email?: string) {
  const borrower = await signInBorrower(request, email);
  await useBorrowerInBrowser(page, borrower);
  await page.goto(LIST);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Refinance your Celsius loans' }),
  ).toBeVisible();
  return borrower;
}

/** 'Enter Loan ID', the id, 'Find my loans'; answers the dialog. */
async function lookUp(page: Page, loanId: string) {
  await page.getByRole('button', { name: 'Enter Loan ID' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter Loan ID' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: /Celsius Loan ID/ }).fill(loanId);
  await dialog.getByRole('button', { name: 'Find my loans' }).click();
  return dialog;
}

/** Looks a loan up and waits for its card, selected. */
async function addLoan(page: Page, loanId: string) {
  const dialog = await lookUp(page, loanId);
  await expect(dialog).toBeHidden();
  const card = page.getByRole('radio', { name: new RegExp(`Celsius loan ${loanId}`) });
  await expect(card).toBeChecked();
}

/** Chooses a card's rate by its treatment and waits until the server has it. */
async function chooseRate(page: Page, treatment: 'Custody only' | 'Ownership transfer') {
  const rate = page.getByRole('radio', { name: new RegExp(`^${treatment}: `) });
  // The whole choice box is the radio's label: a person clicks it.
  await page.locator('label', { hasText: new RegExp(`^${treatment}: `) }).click();
  await expect(rate).toBeChecked();
  await expect(page.getByText('Your choice was not saved')).toHaveCount(0);
}

/** Agrees to every disclosure, one at a time, and ends on the list. */
async function signDisclosures(page: Page, screenshot?: string) {
  await expect(
    page.getByRole('heading', { level: 1, name: 'Review and sign your disclosures' }),
  ).toBeVisible();
  const progress = page.getByText(/^Document \d+ of \d+$/);
  await expect(progress).toBeVisible({ timeout: 30_000 });
  const total = Number(/of (\d+)/.exec((await progress.textContent()) ?? '')?.[1] ?? '0');
  expect(total).toBeGreaterThan(0);
  if (screenshot !== undefined) {
    await expectAccessible(page);
    await screenshotBothWidths(page, screenshot);
  }
  for (let index = 1; index <= total; index += 1) {
    await expect(page.getByText(`Document ${index} of ${total}`, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Download / })).toBeVisible();
    await page.getByRole('button', { name: 'Agree', exact: true }).click();
  }
  await expect(page).toHaveURL(LIST);
}

/** The ids of the page the browser is on: /celsius-refi/{appUuid}/{offerUuid}/…. */
function idsOf(page: Page): { appUuid: string; offerUuid: string } {
  const match = /celsius-refi\/([0-9a-f-]{36})\/([0-9a-f-]{36})\//.exec(page.url());
  return { appUuid: match?.[1] ?? '', offerUuid: match?.[2] ?? '' };
}

async function refiApplications(request: APIRequestContext, borrower: TSignedInBorrower) {
  const who = await request.get('/identity-broker/customer/secure/api/v3/self/figureinfo', {
    headers: bearer(borrower.jwt),
  });
  const { identityUuid } = (await who.json()) as { identityUuid: string };
  const answer = await request.get(`${REFI}/borrower/${identityUuid}/celsius-application`, {
    headers: bearer(borrower.jwt),
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as {
    appUuid: string;
    state: string;
    stabilizationOptIn: boolean | null;
    celsiusLoanNumbers: string[];
  }[];
}

async function expectNoSidewaysScroll(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('100001 goes straight to its disclosures and is refinanced', async ({ page, request }) => {
  const borrower = await newBorrowerOnList(page, request);
  await expect(page.getByText(/No loans yet/)).toBeVisible();
  await screenshotBothWidths(page, 'refi-empty');
  await addLoan(page, '100001');
  await chooseRate(page, 'Custody only');
  await expect(page.getByRole('checkbox', { name: /Opt in to stabilization/ })).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await screenshotBothWidths(page, 'refi-list');

  await page.getByRole('button', { name: 'Review Loan Agreement' }).click();
  await expect(page).toHaveURL(/\/disclosures$/);
  const { appUuid } = idsOf(page);
  await signDisclosures(page, 'refi-disclosures');

  const card = page.getByRole('listitem').filter({ hasText: 'Celsius loan 100001' });
  await expect(card.getByText('Submitted', { exact: true })).toBeVisible();
  await waitForState(request, borrower.jwt, appUuid, 'COMPLETE', COMPLETION_WAIT_MS);
  await page.reload();
  await expect(card.getByText('Refinanced')).toBeVisible();
  await page.getByRole('link', { name: "I'm done adding loans" }).click();
  await expect(page).toHaveURL(`${LIST}/complete`);
  await expect(page.getByRole('heading', { level: 2, name: 'Celsius loan 100001' })).toBeVisible();
  await expectAccessible(page);
  await screenshotBothWidths(page, 'refi-complete');
});

test('100002 custody only: stabilization, the top-up estimate, the deposit and the tracker', async ({
  page,
  request,
}) => {
  const borrower = await newBorrowerOnList(page, request);
  await addLoan(page, '100002');
  await chooseRate(page, 'Custody only');
  const stabilization = page.getByRole('checkbox', { name: /Opt in to stabilization/ });
  await stabilization.check();
  await expect(stabilization).toBeChecked();
  await page.getByRole('button', { name: /What is stabilization/ }).click();
  const explanation = page.getByRole('dialog', { name: 'Stabilization' });
  await expect(explanation.getByText(/85%/)).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'View Top Up Estimate' }).click();
  await expect(page).toHaveURL(/\/collateral-top-up$/);
  const { appUuid, offerUuid } = idsOf(page);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Deposit required collateral' }),
  ).toBeVisible();
  await expect(page.getByText('Top-up required')).toBeVisible();
  await expectAccessible(page);
  await screenshotBothWidths(page, 'refi-top-up-estimate');

  await page.getByRole('button', { name: 'Continue to deposit' }).click();
  const tracker = page.getByRole('list', { name: 'Top-up progress' });
  await expect(tracker.locator('[aria-current="step"]')).toHaveText(/Top-up requested/);
  const address = page.locator('.deposit-address__value code');
  await expect(address).toBeVisible({ timeout: 30_000 });
  const estimate = await request.post(
    `${REFI}/applications/${appUuid}/celsius-collateral/calculate`,
    { headers: bearer(borrower.jwt), data: { offerUuid } },
  );
  expect(estimate.ok(), await estimate.text()).toBe(true);
  const { celsiusTopUpCollateral } = (await estimate.json()) as {
    celsiusTopUpCollateral: {
      wallet: { depositAddress: string } | null;
      topUpCoinAmount: { coinQuantity: string };
    };
  };
  const fullAddress = celsiusTopUpCollateral.wallet?.depositAddress ?? '';
  expect(fullAddress.length).toBeGreaterThan(26);
  await expect(address).toHaveText(`${fullAddress.slice(0, 26)}…`);
  await page.getByRole('button', { name: 'Verify address' }).click();
  const verify = page.getByRole('dialog', { name: 'Verify deposit address' });
  await expect(verify.getByText(fullAddress.slice(0, 4), { exact: true }).first()).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('img', { name: 'QR code of your deposit address' })).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await screenshotBothWidths(page, 'refi-top-up-deposit');

  await page.getByRole('button', { name: 'I have sent my top-up' }).click();
  await expect(tracker.locator('[aria-current="step"]')).toHaveText(/Waiting for your top-up/);
  await sandboxDeposit(request, fullAddress, celsiusTopUpCollateral.topUpCoinAmount.coinQuantity);
  await expect(tracker.locator('[aria-current="step"]')).toHaveText(/Full collateral received/, {
    timeout: 30_000,
  });
  await page.getByRole('link', { name: 'Review Loan Agreement' }).click();
  await signDisclosures(page);
  const apps = await refiApplications(request, borrower);
  expect(apps.find((app) => app.appUuid === appUuid)?.stabilizationOptIn).toBe(true);
  await waitForState(request, borrower.jwt, appUuid, 'COMPLETE', COMPLETION_WAIT_MS);
});

test('100002 as ownership transfer needs no top-up', async ({ page, request }) => {
  await newBorrowerOnList(page, request);
  await addLoan(page, '100002');
  await chooseRate(page, 'Ownership transfer');
  await expect(page.getByRole('checkbox', { name: /Opt in to stabilization/ })).toHaveCount(0);
  await page.getByRole('button', { name: /Compare rates/ }).click();
  const rates = page.getByRole('dialog', { name: 'Rates by collateral treatment' });
  await expect(rates.getByRole('rowheader', { name: 'Ownership transfer' })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Review Loan Agreement' }).click();
  await expect(page).toHaveURL(/\/disclosures$/);
  await signDisclosures(page);
  const card = page.getByRole('listitem').filter({ hasText: 'Celsius loan 100002' });
  await expect(card.getByText('Submitted', { exact: true })).toBeVisible();
  // The offer is locked once submitted.
  await page.locator('label', { hasText: 'Celsius loan 100002' }).click();
  await expect(page.getByRole('radio', { name: /^Ownership transfer: / })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Review Loan Agreement' })).toHaveCount(0);
});

for (const [loanId, reason] of [
  ['100004', 'The loan is below the minimum loan amount'],
  ['100005', 'We have no valid passport on file for this loan'],
  ['100006', 'We do not lend in the state or jurisdiction of this loan'],
] as const) {
  test(`${loanId} shows 'You have no eligible loans' with its reason`, async ({
    page,
    request,
  }) => {
    await newBorrowerOnList(page, request);
    const dialog = await lookUp(page, loanId);
    await expect(dialog.getByText(NO_ELIGIBLE)).toBeVisible();
    await expect(dialog.getByText(`Loan ${loanId}: ${reason}.`)).toBeVisible();
    await expect(dialog.getByRole('link', { name: /@/ })).toBeVisible();
    await expectAccessible(page);
    if (loanId === '100004') await screenshotBothWidths(page, 'refi-no-eligible-loans');
    await dialog.getByRole('button', { name: 'Try another loan ID' }).click();
    await expect(dialog.getByRole('textbox', { name: /Celsius Loan ID/ })).toHaveValue('');
  });
}

test('an unknown loan id answers in the lookup’s error alert', async ({ page, request }) => {
  await newBorrowerOnList(page, request);
  const dialog = await lookUp(page, '987654321');
  await expect(dialog.getByRole('alert')).toContainText(/\.$/);
});

test('two loans on one borrower, then I’m done adding loans', async ({ page, request }) => {
  await newBorrowerOnList(page, request);
  await addLoan(page, '100001');
  await chooseRate(page, 'Custody only');
  await page.getByRole('button', { name: 'Review Loan Agreement' }).click();
  await signDisclosures(page);
  await expect(page.getByRole('link', { name: "I'm done adding loans" })).toBeVisible();

  await addLoan(page, '100003');
  await chooseRate(page, 'Ownership transfer');
  await page.getByRole('button', { name: 'Review Loan Agreement' }).click();
  await signDisclosures(page);
  await expect(page.getByRole('radio', { name: /Celsius loan/ })).toHaveCount(2);
  await page.getByRole('link', { name: "I'm done adding loans" }).click();
  await expect(page).toHaveURL(`${LIST}/complete`);
  await expect(page.getByRole('heading', { level: 2, name: 'Celsius loan 100001' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Celsius loan 100003' })).toBeVisible();
});

test('an agent imports a tape (a second approves) and its borrower refinances a loan from it; the estate is paid', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const email = `refi-tape-${randomUUID()}@example.com`;
  const loanId = `E2E-${randomUUID().slice(0, 8)}`;
  const header =
    'loan_id,borrower_email,collateral_type,collateral_quantity,principal_outstanding_usd,jurisdiction,passport_on_file,custody_arrangement';
  const good = `${loanId},${email},BTC,1,20000.00,US-OH,true,CUSTODY`;

  const agent = await refiAgentPage(browser, baseURL);
  const csv = agent.getByRole('textbox', { name: 'Or paste the CSV' });
  // A bad row is reported with its line number, and nothing can be applied.
  await csv.fill(`${header}\n${good}\n${loanId}-2,${email},DOGE,1,100,US-OH,maybe,CUSTODY\n`);
  await agent.getByRole('button', { name: 'Check the tape' }).click();
  const problems = agent.getByRole('table', { name: 'Rows with problems' });
  await expect(problems).toBeVisible();
  await expect(problems.getByRole('cell', { name: '3', exact: true }).first()).toBeVisible();
  await expect(agent.getByRole('button', { name: 'Import the tape' })).toHaveCount(0);
  await expectAccessible(agent);

  await csv.fill(`${header}\n${good}\n`);
  await agent.getByRole('button', { name: 'Check the tape' }).click();
  await expect(agent.getByText('1 row: 1 new, 0 updated, 0 unchanged')).toBeVisible();
  await agent.getByRole('button', { name: 'Import the tape' }).click();
  const confirm = agent.getByRole('dialog', { name: 'Import this tape?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(agent);
  await confirm.getByRole('button', { name: 'Propose import', exact: true }).click();
  await expectProposed(confirm, 'Import of a tape of 1 loan(s)');
  // Nothing is imported until a second agent approves the proposal.
  await approveAsSecondAgent(browser, 'Import of a tape of 1 loan(s)');
  await expect(agent.getByText('1 row: 1 new, 0 updated, 0 unchanged').first()).toBeVisible();
  await agent.getByRole('searchbox', { name: 'Loan ID or e-mail' }).fill(loanId);
  await agent.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(agent.getByRole('cell', { name: loanId, exact: true })).toBeVisible();
  await screenshotBothWidths(agent, 'ops-refinancing');

  const borrower = await newBorrowerOnList(page, request, email);
  await addLoan(page, loanId);
  await chooseRate(page, 'Custody only');
  await page.getByRole('button', { name: 'Review Loan Agreement' }).click();
  await expect(page).toHaveURL(/\/disclosures$/);
  const { appUuid } = idsOf(page);
  await signDisclosures(page);
  await waitForState(request, borrower.jwt, appUuid, 'COMPLETE', COMPLETION_WAIT_MS);

  // The completed refinancing owes the estate the legacy principal; an agent confirms it paid.
  await agent.reload();
  const payoffs = agent.getByRole('region', { name: 'Payoffs to the Celsius estate' });
  const payoff = payoffs.getByRole('row').filter({ hasText: loanId });
  await expect(payoff).toBeVisible();
  await payoff.getByRole('button', { name: /Confirm payoff/ }).click();
  const dialog = agent.getByRole('dialog', { name: /Confirm the payoff/ });
  await dialog.getByRole('textbox', { name: /Payment reference/ }).fill(`WIRE-${loanId}`);
  await dialog.getByRole('button', { name: 'Propose confirmation' }).click();
  await expectProposed(dialog, `reference WIRE-${loanId}`);
  await approveAsSecondAgent(browser, `reference WIRE-${loanId}`);
  await payoffs.getByRole('combobox', { name: 'Status' }).selectOption('CONFIRMED');
  await expect(payoffs.getByRole('row').filter({ hasText: loanId })).toContainText(
    `ref WIRE-${loanId}`,
  );
  await agent.getByRole('searchbox', { name: 'Loan ID or e-mail' }).fill(loanId);
  await agent.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(
    agent.getByRole('table', { name: 'Loans on the tape' }).getByText('Refinanced'),
  ).toBeVisible();
  await agent.context().close();
});
