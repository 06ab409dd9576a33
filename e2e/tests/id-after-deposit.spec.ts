import type { Browser, Page } from '@playwright/test';
import { APP, expect, expectAccessible, screenshotBothWidths, test } from '../fixtures/index.js';
import { SECOND_AGENT_EMAIL } from '../fixtures/approvals.js';
import { signInToTartanBank } from '../fixtures/consoles.js';
import { APPROVING_SSN } from '../fixtures/details.js';
import { collateralDue, sandboxDeposit, submitUsDetails, waitForState } from '../fixtures/loan.js';
import {
  newApplication,
  signInBorrower,
  useBorrowerInBrowser,
  type TSignedInBorrower,
} from '../fixtures/new-application.js';
import { signIn } from '../fixtures/sign-in.js';

// Issue 32, finding 4: no funds go out without an approved ID. A borrower who signs and deposits
// first is asked for the ID on the tracker, uploads it there, and only then is the loan funded.
test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 20_000 });

const AGENT_EMAIL = 'agent@example.com';
const ID_NOT_APPROVED = "The borrower's ID has not been approved: funds cannot be released.";

/** A 1×1 PNG: the picture of an ID, as far as the upload checks are concerned. */
const ID_PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A US borrower whose details the credit check approved (SIGN_DOCS), signed in in the browser. */
async function applicationToSign(page: Page, borrower: TSignedInBorrower): Promise<string> {
  const { request } = page;
  const { appUuid } = await newApplication(request, borrower.jwt, {
    state: 'OH',
    requestedAmount: 20_000,
  });
  await submitUsDetails(request, borrower, appUuid, { ssn: APPROVING_SSN, state: 'SIGN_DOCS' });
  await useBorrowerInBrowser(page, borrower);
  return appUuid;
}

/** /disclosures: every document agreed to, one at a time, back on the checklist. */
async function signDisclosures(page: Page, appUuid: string) {
  await page.getByRole('link', { name: /Review Agreements$/ }).click();
  await expect(page).toHaveURL(`${APP}/${appUuid}/disclosures`);
  const progress = page.getByText(/^Document \d+ of \d+$/);
  await expect(progress).toBeVisible();
  const total = Number(/of (\d+)/.exec((await progress.textContent()) ?? '')?.[1] ?? '0');
  expect(total, 'documents to sign').toBeGreaterThanOrEqual(3);
  for (let index = 1; index <= total; index += 1) {
    await expect(page.getByText(`Document ${index} of ${total}`, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Agree', exact: true }).click();
  }
  await expect(page).toHaveURL(`${APP}/${appUuid}/next-steps`);
}

/** /disbursement → the sandbox's Tartan Bank → its first checking account. */
async function linkSandboxBank(page: Page, appUuid: string) {
  await page.getByRole('link', { name: 'Start Disbursement Account' }).click();
  await page.getByRole('link', { name: 'Link a bank account' }).click();
  await expect(page).toHaveURL(`${APP}/${appUuid}/disbursement/link-account`);
  await signInToTartanBank(page, appUuid);
  const accounts = page.getByRole('radiogroup', { name: 'Account for your loan funds' });
  await accounts
    .locator('label', { hasText: /Checking ending in/ })
    .first()
    .click({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${APP}/${appUuid}/next-steps`);
}

/** /collateral: the coins arrive on the sandbox chain; the borrower says so and lands on /complete. */
async function postCollateral(page: Page, appUuid: string, jwt: string) {
  await page.getByRole('link', { name: 'Start Post Collateral' }).click();
  await expect(page).toHaveURL(`${APP}/${appUuid}/collateral`);
  const due = await collateralDue(page.request, jwt, appUuid);
  await sandboxDeposit(page.request, due.address, due.coinQuantity);
  await page
    .getByRole('checkbox', { name: 'I have sent the required amount of collateral' })
    .check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${APP}/${appUuid}/complete`);
}

/** An agent, in a browser of their own, opens the application in /ops and acts on it. */
async function asAgent(
  browser: Browser,
  appUuid: string,
  agentEmail: string,
  act: (agentPage: Page) => Promise<void>,
) {
  const { baseURL } = test.info().project.use;
  const context = await browser.newContext(baseURL === undefined ? {} : { baseURL });
  const agentPage = await context.newPage();
  try {
    await agentPage.goto(`/ops/applications/${appUuid}`);
    await signIn(agentPage, agentEmail, 'agent');
    await expect(agentPage).toHaveURL(`/ops/applications/${appUuid}`);
    await expect(
      agentPage.getByRole('heading', { level: 1, name: `Application ${appUuid.slice(0, 8)}` }),
    ).toBeVisible();
    await act(agentPage);
  } finally {
    await context.close();
  }
}

/** The first agent proposes the release with its evidence; `then` sees what the console said. */
async function proposeRelease(agentPage: Page) {
  await agentPage.getByRole('button', { name: 'Propose release' }).click();
  const dialog = agentPage.getByRole('dialog', { name: 'Propose releasing the loan funds?' });
  await dialog.getByRole('textbox', { name: /Transfer reference/ }).fill('ACH-TRACE-0042');
  await dialog.getByRole('button', { name: 'Propose release' }).click();
  return dialog;
}

function trackerStep(page: Page, name: string) {
  return page
    .getByRole('list', { name: 'Loan progress' })
    .getByRole('listitem')
    .filter({ hasText: name });
}

test('a borrower who signed and deposited before uploading an ID uploads it from the tracker, and is funded after', async ({
  page,
  browser,
  request,
}) => {
  await request.post('/sandbox/prices', { data: { BTC: 60000, ETH: 3000 } });
  const borrower = await signInBorrower(request);
  const appUuid = await applicationToSign(page, borrower);

  // Every final step but the ID.
  await page.goto(`${APP}/${appUuid}/next-steps`);
  await expect(page.getByRole('heading', { level: 1, name: 'Final steps' })).toBeVisible();
  await signDisclosures(page, appUuid);
  await linkSandboxBank(page, appUuid);
  await postCollateral(page, appUuid, borrower.jwt);
  await waitForState(request, borrower.jwt, appUuid, 'MANUAL_FUNDING_RELEASE');

  // The tracker: the collateral is in, and the funds wait for the ID.
  await expect(trackerStep(page, 'Collateral Received')).toHaveAttribute('aria-current', 'step', {
    timeout: 20_000,
  });
  await expect(page.getByText('We need your ID')).toBeVisible();
  await expect(
    page.getByText('Upload your ID: we release your funds only after we verify it.'),
  ).toBeVisible();
  await expect(page.getByText(/we’re releasing your funds/)).toHaveCount(0);
  await expectAccessible(page);
  await screenshotBothWidths(page, 'complete-id-missing');

  // No agent can release the funds meanwhile.
  await asAgent(browser, appUuid, AGENT_EMAIL, async (agentPage) => {
    const dialog = await proposeRelease(agentPage);
    await expect(dialog.getByRole('alert')).toContainText(ID_NOT_APPROVED);
  });

  // The upload, from the tracker's link, and back.
  await page.getByRole('link', { name: 'Upload your ID' }).click();
  await expect(page).toHaveURL(`${APP}/${appUuid}/identity`);
  await expect(page.getByRole('heading', { level: 1, name: 'Upload ID' })).toBeVisible();
  await page.locator('label', { hasText: 'Driver’s license' }).click();
  await page
    .getByLabel('Front of your ID')
    .setInputFiles({ name: 'id-front.png', mimeType: 'image/png', buffer: ID_PICTURE });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Your ID was uploaded')).toBeVisible();
  await expect(
    page.getByText('We will review it shortly; your application status shows its progress.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${APP}/${appUuid}/complete`);

  // In review until the sandbox approves it (a few seconds after the upload); then nothing is
  // asked any more.
  const inReview = page.getByText(
    'We’re reviewing your ID. We release your funds once it’s verified.',
  );
  await expect(inReview.or(page.getByText(/we’re releasing your funds by ACH/))).toBeVisible();
  if (await inReview.isVisible()) {
    await expectAccessible(page);
    await screenshotBothWidths(page, 'complete-id-in-review');
  }
  await expect(inReview).toBeHidden({ timeout: 30_000 });
  await expect(page.getByText(/we’re releasing your funds by ACH/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upload your ID' })).toHaveCount(0);

  // Four eyes on the release: one agent proposes, the other approves.
  await asAgent(browser, appUuid, AGENT_EMAIL, async (agentPage) => {
    await proposeRelease(agentPage);
    await expect(agentPage.getByText('Release proposed', { exact: true })).toBeVisible();
  });
  await asAgent(browser, appUuid, SECOND_AGENT_EMAIL, async (agentPage) => {
    const approvals = agentPage.getByRole('region', { name: 'Approvals' });
    await expect(approvals).toContainText('ACH-TRACE-0042');
    await approvals.getByRole('button', { name: 'Approve' }).click();
    const dialog = agentPage.getByRole('dialog', { name: 'Approve the release of funds?' });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(agentPage.getByText('Release of funds approved', { exact: true })).toBeVisible();
  });

  await expect(trackerStep(page, 'Funds Disbursed')).toHaveAttribute('aria-current', 'step', {
    timeout: 30_000,
  });
  await waitForState(request, borrower.jwt, appUuid, 'COMPLETE');
});
