import type { Browser, Page } from '@playwright/test';
import { APP, expect, expectAccessible, screenshotBothWidths, test } from '../fixtures/index.js';
import { APPROVING_SSN, fillDetails } from '../fixtures/details.js';
import {
  collateralDue,
  sandboxDeposit,
  submitInternationalDetails,
  waitForState,
} from '../fixtures/loan.js';
import {
  newApplication,
  signInBorrower,
  useBorrowerInBrowser,
  type TSignedInBorrower,
} from '../fixtures/new-application.js';
import { pdfText } from '../fixtures/pdf-text.js';
import { signIn } from '../fixtures/sign-in.js';

// Whole loans, start to funds disbursed: each test walks one borrower through every screen, and
// reads the signed cost of the credit back from its PDF. The Ohio walk takes about 4 minutes
// beside the route sweep on two cores: six are its bound.
test.describe.configure({ timeout: 360_000 });
test.use({ actionTimeout: 20_000 });

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** Four eyes on money: one sandbox agent proposes, the other approves. */
const AGENT_EMAIL = 'agent@example.com';
const SECOND_AGENT_EMAIL = 'agent2@example.com';
const START_HEADING = 'Borrow funds against your crypto assets to get cash while you HODL';

/** A 1×1 PNG: the picture of an ID, as far as the upload checks are concerned. */
const ID_PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

function appUuidOf(page: Page): string {
  const match = new RegExp(`${APP}/(${UUID})/`).exec(new URL(page.url()).pathname);
  if (match?.[1] === undefined) throw new Error(`No application in ${page.url()}`);
  return match[1];
}

function finalStepRow(page: Page, name: string) {
  return page
    .getByRole('list', { name: 'Final steps' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name }) });
}

/** /identity: the front of a driver's licence, then back on the checklist with the ID in review. */
async function uploadId(page: Page, appUuid: string, { international = false } = {}) {
  await page.getByRole('link', { name: 'Start Verify Identity' }).click();
  await expect(page).toHaveURL(`${APP}/${appUuid}/identity`);
  await expect(page.getByRole('heading', { level: 1, name: 'Upload ID' })).toBeVisible();

  // Nothing chosen: the page says what it needs.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('An ID must be uploaded').first()).toBeVisible();

  if (!international) {
    // The whole choice box is the radio's label: a person clicks it.
    await page.locator('label', { hasText: 'Driver’s license' }).click();
    await expect(page.getByRole('radio', { name: 'Driver’s license' })).toBeChecked();
  }
  await page
    .getByLabel(international ? 'Passport picture' : 'Front of your ID')
    .setInputFiles({ name: 'id-front.png', mimeType: 'image/png', buffer: ID_PICTURE });
  await expect(
    page.getByText('1 file(s) uploaded').or(page.getByText('id-front.png')),
  ).toBeVisible();
  await expectAccessible(page);
  await screenshotBothWidths(page, international ? 'identity-international' : 'identity');
  await page.getByRole('button', { name: 'Submit' }).click();
  // The uploaded state stays until the borrower moves on.
  await expect(page.getByText('Your ID was uploaded')).toBeVisible();
  await expect(page.getByText('1 file(s) uploaded')).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${APP}/${appUuid}/next-steps`);
}

/** The offer page's cost of the credit, figure by figure, and its total in words. */
async function truthInLendingBox(page: Page): Promise<Record<string, string>> {
  const box = page.getByRole('region', { name: 'The cost of your credit' });
  await expect(box).toBeVisible();
  const figures: Record<string, string> = {};
  for (const label of [
    'Annual Percentage Rate',
    'Finance Charge',
    'Amount Financed',
    'Total of Payments',
  ]) {
    const figure = box.locator('.tila-box__figure').filter({ hasText: label });
    figures[label] = ((await figure.locator('dd').textContent()) ?? '').trim();
  }
  figures.total = ((await box.locator('.tila-box__total').textContent()) ?? '').trim();
  return figures;
}

/** The signed Truth in Lending disclosure states every figure the offer page showed. */
function expectSameCost(disclosure: string, box: Record<string, string>) {
  const meanings: Record<string, string> = {
    'Annual Percentage Rate': 'the cost of your credit as a yearly rate',
    'Finance Charge': 'the dollar amount the credit will cost you',
    'Amount Financed': 'the amount of credit provided to you',
    'Total of Payments': 'the amount you will have paid after making all payments as scheduled',
  };
  for (const [label, meaning] of Object.entries(meanings)) {
    expect(box[label], label).toMatch(/^(\$[\d,]+\.\d{2}|\d+\.\d{3}%)$/);
    expect(disclosure).toContain(`${label} (${meaning}): ${box[label]}`);
  }
  expect(disclosure).toContain(box.total);
}

/**
 * /disclosures: every document downloaded once and agreed to, one at a time. Answers the text of
 * the document that states the cost of the credit, downloaded before it is signed.
 */
async function signDisclosures(
  page: Page,
  appUuid: string,
  { screenshots = true } = {},
): Promise<string> {
  await page.getByRole('link', { name: /Review Agreements$/ }).click();
  await expect(page).toHaveURL(`${APP}/${appUuid}/disclosures`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Review and sign documents' }),
  ).toBeVisible();
  const progress = page.getByText(/^Document \d+ of \d+$/);
  await expect(progress).toBeVisible();
  const label = (await progress.textContent()) ?? '';
  const total = Number(/of (\d+)/.exec(label)?.[1] ?? '0');
  expect(total, 'documents to sign').toBeGreaterThanOrEqual(3);

  const costs: Record<string, string> = {};
  for (let index = 1; index <= total; index += 1) {
    await expect(page.getByText(`Document ${index} of ${total}`, { exact: true })).toBeVisible();
    const name = (await page.locator('.disclosures__document h2').textContent()) ?? '';
    const statesCost = name === 'Truth in Lending Disclosure' || name === 'Loan Agreement';
    if (index === 1 || statesCost) {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: /^Download / }).click();
      expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
      if (statesCost) costs[name] = await pdfText(await (await download).path());
      if (index === 1 && screenshots) {
        await expectAccessible(page);
        await screenshotBothWidths(page, 'disclosures');
      }
    }
    await page.getByRole('button', { name: 'Agree', exact: true }).click();
  }
  await expect(page).toHaveURL(`${APP}/${appUuid}/next-steps`);
  // A US borrower's Truth in Lending disclosure states the cost; abroad, the loan agreement.
  const cost = costs['Truth in Lending Disclosure'] ?? costs['Loan Agreement'] ?? '';
  expect(cost, 'the document stating the cost of the credit').toContain('Finance Charge');
  return cost;
}

/** /disbursement → link a sandbox bank → choose its checking account. */
async function linkSandboxBank(page: Page, appUuid: string) {
  await page.getByRole('link', { name: 'Start Disbursement Account' }).click();
  await expect(page).toHaveURL(`${APP}/${appUuid}/disbursement`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Where should we send your loan funds?' }),
  ).toBeVisible();
  await expectAccessible(page);
  await screenshotBothWidths(page, 'disbursement');

  await page.getByRole('link', { name: 'Link a bank account' }).click();
  await expect(page).toHaveURL(`${APP}/${appUuid}/disbursement/link-account`);
  const picker = page.getByRole('dialog', { name: 'Select your bank' });
  await expect(picker).toBeVisible();
  await picker.getByRole('button', { name: 'Tartan Bank' }).click();
  const bankSignIn = page.getByRole('dialog', { name: 'Sign in to Tartan Bank' });
  await expect(bankSignIn).toBeVisible();
  await bankSignIn.getByLabel('Username').fill('user_good');
  await bankSignIn.getByLabel('Password').fill('wrong_password');
  await bankSignIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(bankSignIn.getByText('The provided credentials were not correct.')).toBeVisible();
  await bankSignIn.getByLabel('Password').fill('pass_good');
  await expectAccessible(page);
  await screenshotBothWidths(page, 'disbursement-link-account');
  await bankSignIn.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(`${APP}/${appUuid}/disbursement/choose-account`);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your account' })).toBeVisible();
  const accounts = page.getByRole('radiogroup', { name: 'Account for your loan funds' });
  await expect(accounts.getByRole('radio').first()).toBeVisible({ timeout: 15_000 });
  await expect(accounts.getByRole('radio', { name: /Business/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please select an account.')).toBeVisible();
  await accounts
    .locator('label', { hasText: /Checking ending in/ })
    .first()
    .click();
  await expect(accounts.getByRole('radio', { checked: true })).toHaveCount(1);
  await expect(
    page.getByText('By pressing Continue, you authorize the disbursement of your loan funds'),
  ).toBeVisible();
  await expectAccessible(page);
  await screenshotBothWidths(page, 'disbursement-choose-account');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${APP}/${appUuid}/next-steps`);
}

/**
 * /collateral: the deposit address and the amount due; the coins arrive on the sandbox chain; the
 * borrower confirms sending them and lands on /complete.
 */
async function postCollateral(page: Page, appUuid: string, jwt: string, screenshotName: string) {
  await page.getByRole('link', { name: 'Start Post Collateral' }).click();
  await expect(page).toHaveURL(`${APP}/${appUuid}/collateral`);
  const due = await collateralDue(page.request, jwt, appUuid);
  await expect(page.getByText(due.address).first()).toBeVisible();
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  await expectAccessible(page);
  await screenshotBothWidths(page, screenshotName);

  await sandboxDeposit(page.request, due.address, due.coinQuantity);
  await page
    .getByRole('checkbox', { name: 'I have sent the required amount of collateral' })
    .check();
  await expect(continueButton).toBeEnabled();
  await continueButton.click();
  await expect(page).toHaveURL(`${APP}/${appUuid}/complete`);
}

function trackerStep(page: Page, name: string) {
  return page
    .getByRole('list', { name: 'Loan progress' })
    .getByRole('listitem')
    .filter({ hasText: name });
}

/** An agent, in a browser of their own, opens the application in /ops and acts on it. */
async function asAgent(
  browser: Browser,
  appUuid: string,
  act: (agentPage: Page) => Promise<void>,
  screenshotName?: string,
  agentEmail: string = AGENT_EMAIL,
) {
  const { baseURL } = test.info().project.use;
  const context = await browser.newContext(baseURL === undefined ? {} : { baseURL });
  const agentPage = await context.newPage();
  try {
    await agentPage.goto('/ops');
    await signIn(agentPage, agentEmail, 'agent');
    await expect(agentPage).toHaveURL(/\/ops$/);
    await expect(
      agentPage.getByRole('heading', { level: 1, name: 'Operations console' }),
    ).toBeVisible();
    await agentPage
      .getByRole('searchbox', { name: 'Search' })
      .or(agentPage.getByRole('textbox', { name: 'Search' }))
      .fill(appUuid);
    await agentPage.getByRole('button', { name: 'Search', exact: true }).click();
    await agentPage.getByRole('link', { name: appUuid.slice(0, 8) }).click();
    await expect(agentPage).toHaveURL(`/ops/applications/${appUuid}`);
    await expect(
      agentPage.getByRole('heading', { level: 1, name: `Application ${appUuid.slice(0, 8)}` }),
    ).toBeVisible();
    await expect(agentPage.getByRole('heading', { level: 2, name: 'Audit trail' })).toBeVisible();
    await expectAccessible(agentPage);
    if (screenshotName !== undefined) await screenshotBothWidths(agentPage, screenshotName);
    await act(agentPage);
  } finally {
    await context.close();
  }
}

/** The first agent proposes with the evidence; the second, in a browser of their own, approves. */
async function agentReleasesFunds(browser: Browser, appUuid: string, screenshotName?: string) {
  await asAgent(browser, appUuid, async (agentPage) => {
    await agentPage.getByRole('button', { name: 'Propose release' }).click();
    const dialog = agentPage.getByRole('dialog', { name: 'Propose releasing the loan funds?' });
    await dialog.getByRole('textbox', { name: /Transfer reference/ }).fill('ACH-TRACE-0001');
    await dialog.getByRole('button', { name: 'Propose release' }).click();
    await expect(agentPage.getByText('Release proposed', { exact: true })).toBeVisible();
    // The proposer cannot approve their own proposal.
    const approvals = agentPage.getByRole('region', { name: 'Approvals' });
    await expect(approvals.getByRole('button', { name: 'Approve' })).toBeDisabled();
    await expect(approvals).toContainText('a different agent must approve it');
  });
  await asAgent(
    browser,
    appUuid,
    async (agentPage) => {
      const approvals = agentPage.getByRole('region', { name: 'Approvals' });
      await expect(approvals).toContainText(AGENT_EMAIL);
      await expect(approvals).toContainText('ACH-TRACE-0001');
      await approvals.getByRole('button', { name: 'Approve' }).click();
      const dialog = agentPage.getByRole('dialog', { name: 'Approve the release of funds?' });
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await expect(agentPage.getByText('Release of funds approved', { exact: true })).toBeVisible();
    },
    screenshotName,
    SECOND_AGENT_EMAIL,
  );
}

/** The second agent proposes the payoff with the payment's evidence; the first approves. */
async function agentRecordsPayoff(browser: Browser, appUuid: string) {
  await asAgent(
    browser,
    appUuid,
    async (agentPage) => {
      await agentPage.getByRole('button', { name: 'Propose payoff' }).click();
      const dialog = agentPage.getByRole('dialog', {
        name: 'Propose recording the loan as paid off?',
      });
      await dialog.getByLabel('Payment method').selectOption({ label: 'Wire' });
      await dialog.getByRole('textbox', { name: /Payment reference/ }).fill('FED-20250301-77');
      // The agent types the figure the ledger owes today, as the bank statement would show it.
      const figure = await dialog.getByText(/Owed today by the ledger: \$/).textContent();
      const owed = /\$([\d,]+\.\d{2})$/.exec(figure ?? '')?.[1];
      expect(owed, `the ledger's figure in "${figure}"`).toBeDefined();
      await dialog.getByRole('textbox', { name: /Amount received/ }).fill(owed ?? '');
      await dialog.getByLabel(/Paid on/).fill(new Date().toISOString().slice(0, 10));
      await dialog.getByRole('button', { name: 'Propose payoff' }).click();
      await expect(agentPage.getByText('Payoff proposed', { exact: true })).toBeVisible();
    },
    undefined,
    SECOND_AGENT_EMAIL,
  );
  await asAgent(browser, appUuid, async (agentPage) => {
    const approvals = agentPage.getByRole('region', { name: 'Approvals' });
    await expect(approvals).toContainText(SECOND_AGENT_EMAIL);
    await approvals.getByRole('button', { name: 'Approve' }).click();
    const dialog = agentPage.getByRole('dialog', { name: 'Approve the payoff?' });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(agentPage.getByText('Payoff approved', { exact: true })).toBeVisible();
  });
}

test('a borrower in Ohio takes a loan from the offer page to funds disbursed', async ({
  page,
  browser,
  request,
}) => {
  await request.post('/sandbox/prices', { data: { BTC: 60000, ETH: 3000 } });

  // The offer: residency, amounts, sign-in, application.
  await page.goto(`${APP}/start`);
  await expect(page).toHaveURL(new RegExp(`${APP}/residency$`));
  await page.getByRole('combobox', { name: 'State' }).selectOption('OH');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: START_HEADING })).toBeVisible();
  await page.getByRole('textbox', { name: /Collateral amount/ }).fill('1');
  await page.getByRole('textbox', { name: /Cash to borrow/ }).fill('20,000');
  await expect(
    page
      .getByRole('table', { name: 'Rates for your collateral' })
      .locator('tr[aria-current="true"]'),
  ).toContainText('8.910%');
  // The cost of the credit, before sign-in: what the signed disclosure will state.
  const cost = await truthInLendingBox(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  const email = uniqueEmail('loan');
  await signIn(page, email);
  await expect(page).toHaveURL(new RegExp(`${APP}/${UUID}/details$`), { timeout: 30_000 });
  const appUuid = appUuidOf(page);

  // Details and the soft credit check.
  await fillDetails(page, APPROVING_SSN);
  await page.getByRole('button', { name: 'Submit and check my credit' }).click();
  await expect(page).toHaveURL(`${APP}/${appUuid}/next-steps`, { timeout: 30_000 });

  // The checklist as the credit check leaves it: the agreements are ready to sign, the collateral
  // waits for them, and Continue waits for every step.
  await expect(
    page
      .getByRole('list', { name: 'Final steps' })
      .getByRole('listitem')
      .getByRole('heading', { level: 2 }),
  ).toHaveText(['Verify Identity', 'Review Agreements', 'Disbursement Account', 'Post Collateral']);
  await expect(page.getByRole('link', { name: /Review Agreements$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Post Collateral' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();

  // The final steps, one by one.
  await uploadId(page, appUuid);
  await expect(page.getByText('ID in Review')).toBeVisible();
  expectSameCost(await signDisclosures(page, appUuid), cost);
  await linkSandboxBank(page, appUuid);
  await expect(finalStepRow(page, 'Disbursement Account').getByText('Complete')).toBeVisible();
  const jwt = await page.evaluate<string | null>('window.localStorage.getItem("pledge.jwt")');
  expect(jwt).not.toBeNull();
  await postCollateral(page, appUuid, jwt ?? '', 'collateral');

  // The tracker: collateral received, awaiting the release of the funds.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForState(request, jwt ?? '', appUuid, 'MANUAL_FUNDING_RELEASE');
  await expect(trackerStep(page, 'Collateral Received')).toHaveAttribute('aria-current', 'step', {
    timeout: 20_000,
  });
  await expectAccessible(page);
  await screenshotBothWidths(page, 'complete-collateral-received');

  await agentReleasesFunds(browser, appUuid, 'ops-application');

  await expect(trackerStep(page, 'Funds Disbursed')).toHaveAttribute('aria-current', 'step', {
    timeout: 30_000,
  });
  await screenshotBothWidths(page, 'complete-funds-disbursed');

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 3, name: 'Loan of $20,250.00' })).toBeVisible();
  await expect(page.getByText('Active loan').first()).toBeVisible();
  await expectAccessible(page);
  await screenshotBothWidths(page, 'dashboard-active-loan');

  // The signed documents stay at hand.
  await page.getByRole('link', { name: 'View documents' }).first().click();
  await expect(page).toHaveURL(`${APP}/${appUuid}/documents`);
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  const documents = page.getByRole('list', { name: 'Your documents' }).getByRole('listitem');
  await expect(documents.first()).toBeVisible();
  expect(await documents.count()).toBeGreaterThanOrEqual(4);
  const download = page.waitForEvent('download');
  await documents
    .first()
    .getByRole('button', { name: /^Download / })
    .click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await expectAccessible(page);
  await screenshotBothWidths(page, 'documents');
  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await expect(page).toHaveURL('/dashboard');

  // The loan is repaid (by wire); the borrower asks for the coins back.
  await agentRecordsPayoff(browser, appUuid);
  await page.goto(`${APP}/${appUuid}/collateral-release`);
  await expect(page.getByRole('heading', { level: 1, name: 'Collateral release' })).toBeVisible();
  await expect(page.getByText('After a wire payoff we hold the crypto for 3 days')).toBeVisible();
  await page.getByRole('button', { name: 'Release collateral' }).click();
  await expect(page.getByText('Wallet address is required.')).toBeVisible();
  const returnAddress = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
  await page.getByRole('textbox', { name: 'Return address' }).fill(`  ${returnAddress} `);
  await expectAccessible(page);
  await screenshotBothWidths(page, 'collateral-release');
  await page.getByRole('button', { name: 'Release collateral' }).click();
  const confirmRelease = page.getByRole('dialog', { name: 'Release your collateral?' });
  await expect(confirmRelease.getByText(returnAddress)).toBeVisible();
  await confirmRelease.getByRole('button', { name: 'Release collateral' }).click();
  // Inside the 3-day hold after the wire payoff the release is scheduled, not sent.
  await expect(page.getByText('Your collateral release is scheduled')).toBeVisible();
  await expect(page.getByText('Your collateral is on its way')).toHaveCount(0);
  await expect(page.getByText(returnAddress)).toBeVisible();
  await screenshotBothWidths(page, 'collateral-release-requested');
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'View your collateral release' })).toBeVisible();
  await expect(page.getByText(/Collateral release scheduled for /)).toBeVisible();
});

test('an international borrower is paid in USDC after confirming the test transfer', async ({
  page,
  browser,
  request,
}) => {
  await request.post('/sandbox/prices', { data: { BTC: 60000, ETH: 3000 } });
  const borrower: TSignedInBorrower = await signInBorrower(request, uniqueEmail('usdc'));
  const { appUuid } = await newApplication(request, borrower.jwt, {
    countryCode: 'DE',
    requestedAmount: 20_000,
    coinQuantity: '1',
  });
  await submitInternationalDetails(request, borrower.jwt, appUuid, borrower.email);
  await useBorrowerInBrowser(page, borrower);
  // The offer page's cost of the credit for the same loan, abroad.
  await page.goto(`${APP}/start?countryCode=DE`);
  await page.getByRole('textbox', { name: /Collateral amount/ }).fill('1');
  await page.getByRole('textbox', { name: /Cash to borrow/ }).fill('20,000');
  const cost = await truthInLendingBox(page);
  await page.goto(`${APP}/${appUuid}/next-steps`);
  await expect(page.getByRole('heading', { level: 1, name: 'Final steps' })).toBeVisible();

  await uploadId(page, appUuid, { international: true });
  expectSameCost(await signDisclosures(page, appUuid, { screenshots: false }), cost);

  // The payout goes to a USDC wallet.
  await page.getByRole('link', { name: 'Start Disbursement Account' }).click();
  await expect(page).toHaveURL(`${APP}/${appUuid}/usdc-disbursement`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Enter your USDC wallet' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('You must enter a wallet address')).toBeVisible();
  await page.getByLabel('Network').selectOption({ label: 'Ethereum' });
  await page.getByLabel('Wallet address').fill('0x52908400098527886E0F7030069857D2E4169EE7');
  await expectAccessible(page);
  await screenshotBothWidths(page, 'usdc-disbursement');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${APP}/${appUuid}/next-steps`);

  await postCollateral(page, appUuid, borrower.jwt, 'collateral-international');

  // The test transfer went out; the borrower confirms it arrived.
  await waitForState(request, borrower.jwt, appUuid, 'BORROWER_MICRO_DEPOSIT_CONFIRM');
  await expect(trackerStep(page, 'Disbursement Verified')).toBeVisible();
  const confirm = page.getByRole('checkbox', { name: /received the test transfer/ });
  await expect(confirm).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page);
  await screenshotBothWidths(page, 'complete-test-transfer');
  await confirm.check();
  await page.getByRole('button', { name: /Confirm/ }).click();
  await waitForState(request, borrower.jwt, appUuid, 'MANUAL_FUNDING_RELEASE');
  await expect(trackerStep(page, 'Disbursement Verified')).toHaveAttribute('aria-current', 'step', {
    timeout: 20_000,
  });

  await agentReleasesFunds(browser, appUuid);
  await expect(trackerStep(page, 'Funds Disbursed')).toHaveAttribute('aria-current', 'step', {
    timeout: 30_000,
  });
});
