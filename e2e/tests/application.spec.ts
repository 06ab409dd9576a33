import type { Page } from '@playwright/test';
import { APP, expect, expectAccessible, screenshotBothWidths, test } from '../fixtures/index.js';
import {
  newApplication,
  signInBorrower,
  useBorrowerInBrowser,
  type TSignedInBorrower,
} from '../fixtures/new-application.js';
import { APPROVING_SSN, fillDetails } from '../fixtures/details.js';

async function openDetails(page: Page, request: Parameters<typeof signInBorrower>[0]) {
  const borrower: TSignedInBorrower = await signInBorrower(request);
  const { appUuid } = await newApplication(request, borrower.jwt, { state: 'OH' });
  await useBorrowerInBrowser(page, borrower);
  await page.goto(`${APP}/${appUuid}/details`);
  await expect(page.getByRole('heading', { level: 1, name: 'Loan details' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit and check my credit' })).toBeVisible();
  return { appUuid, borrower };
}

test('a borrower with an accepted offer gives their details and reaches the final steps', async ({
  page,
  request,
}) => {
  const { appUuid, borrower } = await openDetails(page, request);
  await expect(page.getByLabel('Email')).toHaveValue(borrower.email);

  // Nothing filled: every required field says what it needs.
  await page.getByRole('button', { name: 'Submit and check my credit' }).click();
  await expect(page.getByLabel('First name', { exact: true })).toBeFocused();
  await expect(page.getByText('Enter your first name')).toBeVisible();
  await expect(page.getByText('You must authorize the soft credit check')).toBeVisible();
  await expectAccessible(page);

  await fillDetails(page, APPROVING_SSN, { searchAddress: true });
  await page.getByLabel('Social Security number').blur();
  await expect(page.getByLabel('Social Security number')).toHaveValue('•••-••-6789');
  await expectAccessible(page);
  await screenshotBothWidths(page, 'details');

  await page.getByRole('button', { name: 'Submit and check my credit' }).click();
  await expect(page).toHaveURL(`${APP}/${appUuid}/next-steps`, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Final steps' })).toBeVisible();

  const rows = page.getByRole('list', { name: 'Final steps' }).getByRole('listitem');
  await expect(rows.getByRole('heading', { level: 2 })).toHaveText([
    'Verify Identity',
    'Review Agreements',
    'Disbursement Account',
    'Post Collateral',
  ]);
  await expect(page.getByRole('link', { name: 'Start Verify Identity' })).toHaveAttribute(
    'href',
    `${APP}/${appUuid}/identity`,
  );
  await expect(page.getByRole('link', { name: /Review Agreements$/ })).toHaveAttribute(
    'href',
    `${APP}/${appUuid}/disclosures`,
  );
  await expect(page.getByRole('link', { name: 'Start Disbursement Account' })).toHaveAttribute(
    'href',
    `${APP}/${appUuid}/disbursement`,
  );
  await expect(page.getByRole('button', { name: 'Start Post Collateral' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await expectAccessible(page);
  await screenshotBothWidths(page, 'next-steps');

  // The application's own address leads to the same checklist.
  await page.goto(`${APP}/${appUuid}`);
  await expect(page).toHaveURL(`${APP}/${appUuid}/next-steps`);
});

const OUTCOMES = [
  { ssn: '123-45-0001', page: 'credit-no-match', heading: 'We couldn’t find your credit file' },
  { ssn: '123-45-0002', page: 'credit-locked', heading: 'Your credit file is locked' },
  { ssn: '123-45-0003', page: 'credit-frozen', heading: 'Your credit file is frozen' },
  { ssn: '123-45-0004', page: 'decline', heading: 'We can’t approve your application' },
] as const;

for (const outcome of OUTCOMES) {
  test(`an SSN ending ${outcome.ssn.slice(-4)} lands on /${outcome.page}`, async ({
    page,
    request,
  }) => {
    const { appUuid } = await openDetails(page, request);
    await fillDetails(page, outcome.ssn);
    await page.getByRole('button', { name: 'Submit and check my credit' }).click();
    await expect(page).toHaveURL(`${APP}/${appUuid}/${outcome.page}`, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: outcome.heading })).toBeVisible();
    await expect(page.getByRole('link', { name: /^mailto:|@/ }).first()).toBeVisible();
    await expectAccessible(page);
    await screenshotBothWidths(page, outcome.page);

    // Next steps send a borrower with this outcome back to its page.
    await page.goto(`${APP}/${appUuid}/next-steps`);
    await expect(page).toHaveURL(`${APP}/${appUuid}/${outcome.page}`);
  });
}
