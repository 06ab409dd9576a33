import type { APIRequestContext, Page } from '@playwright/test';
import { APP, expect, expectAccessible, test } from '../fixtures/index.js';
import { signInToTartanBank } from '../fixtures/consoles.js';
import { APPROVING_SSN } from '../fixtures/details.js';
import { submitUsDetails } from '../fixtures/loan.js';
import {
  newApplication,
  signInBorrower,
  useBorrowerInBrowser,
} from '../fixtures/new-application.js';

/** A US borrower whose application is in its final steps (SIGN_DOCS), signed in in the browser. */
async function finalStepsApplication(page: Page, request: APIRequestContext) {
  const borrower = await signInBorrower(request);
  const { appUuid } = await newApplication(request, borrower.jwt, { state: 'OH' });
  await submitUsDetails(request, borrower, appUuid, { ssn: APPROVING_SSN, state: 'SIGN_DOCS' });
  await useBorrowerInBrowser(page, borrower);
  return { appUuid };
}

/**
 * Opens bank linking (which keeps the application and its link token for a bank's OAuth
 * redirect), then arrives on /plaid-oauth-success as the bank's redirect would.
 */
async function returnFromBank(page: Page, appUuid: string) {
  await page.goto(`${APP}/${appUuid}/disbursement/link-account`);
  await expect(page.getByRole('dialog', { name: 'Select your bank' })).toBeVisible();
  await page.goto(`${APP}/plaid-oauth-success?oauth_state_id=sandbox-e2e`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Finishing your bank link' }),
  ).toBeVisible();
}

test('a bank’s OAuth redirect resumes linking in the sandbox picker, without Plaid’s script', async ({
  page,
  request,
}) => {
  const plaidRequests: string[] = [];
  page.on('request', (sent) => {
    if (/plaid\.com/.test(sent.url())) plaidRequests.push(sent.url());
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const { appUuid } = await finalStepsApplication(page, request);
  await returnFromBank(page, appUuid);

  const picker = page.getByRole('dialog', { name: 'Select your bank' });
  await expect(picker).toBeVisible();
  await expect(page.getByText('Something unexpected happened')).toHaveCount(0);
  await expectAccessible(page);
  await signInToTartanBank(page, appUuid);

  const accounts = page.getByRole('radiogroup', { name: 'Account for your loan funds' });
  await expect(accounts.getByRole('radio').first()).toBeVisible({ timeout: 15_000 });
  expect(plaidRequests).toEqual([]);
  expect(consoleErrors.filter((text) => /Content Security Policy|plaid/i.test(text))).toEqual([]);
});

test('leaving the resumed sandbox picker goes back to the next steps', async ({
  page,
  request,
}) => {
  const { appUuid } = await finalStepsApplication(page, request);
  await returnFromBank(page, appUuid);
  const picker = page.getByRole('dialog', { name: 'Select your bank' });
  await expect(picker).toBeVisible();
  await picker.getByRole('button', { name: 'Close bank linking' }).click();
  await expect(page).toHaveURL(`${APP}/${appUuid}/next-steps`);
  await expect(page.getByRole('link', { name: 'Start Disbursement Account' })).toBeVisible();
});
