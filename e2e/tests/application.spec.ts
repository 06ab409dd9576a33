import type { Page } from '@playwright/test';
import { APP, expect, expectAccessible, screenshotBothWidths, test } from '../fixtures/index.js';
import {
  newApplication,
  signInBorrower,
  useBorrowerInBrowser,
  type TSignedInBorrower,
} from '../fixtures/new-application.js';

/** The sandbox bureau answers by the SSN's last four digits; anything else approves. */
const APPROVING_SSN = '123-45-6789';

async function openDetails(page: Page, request: Parameters<typeof signInBorrower>[0]) {
  const borrower: TSignedInBorrower = await signInBorrower(request);
  const { appUuid } = await newApplication(request, borrower.jwt, { state: 'OH' });
  await useBorrowerInBrowser(page, borrower);
  await page.goto(`${APP}/${appUuid}/details`);
  await expect(page.getByRole('heading', { level: 1, name: 'Loan details' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit and check my credit' })).toBeVisible();
  return { appUuid, borrower };
}

async function fillDetails(page: Page, ssn: string, { searchAddress = false } = {}) {
  await page.getByLabel('First name', { exact: true }).fill('Ada');
  await page.getByLabel('Last name', { exact: true }).fill('Lovelace');
  await page.getByLabel('Date of birth').fill('1990-12-10');
  await page.getByLabel('Social Security number').fill(ssn);
  if (searchAddress) {
    // The sandbox lookup knows a list of real US addresses.
    await page
      .getByRole('combobox', { name: 'Find your address' })
      .pressSequentially('108 E Broad');
    await page.getByRole('option', { name: '108 E Broad St Unit 12, Columbus, OH 43215' }).click();
    await expect(page.getByLabel('Street address')).toHaveValue('108 E Broad St');
    await expect(page.getByLabel('Apartment, suite or unit')).toHaveValue('Unit 12');
    await expect(page.getByLabel('City')).toHaveValue('Columbus');
    await expect(page.getByLabel('ZIP code')).toHaveValue('43215');
  } else {
    await page.getByLabel('Street address').fill('1 Main St');
    await page.getByLabel('City').fill('Columbus');
    await page.getByLabel('ZIP code').fill('43004');
  }
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('OH');
  await page.getByLabel('Phone number').fill('(614) 555-0123');
  await page.getByRole('checkbox', { name: /US citizen or a permanent resident/ }).check();
  await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
  await page.getByRole('checkbox', { name: /Privacy Policy/ }).check();
  await page.getByRole('checkbox', { name: /sign them electronically/ }).check();
  await page.getByRole('checkbox', { name: /soft credit check/ }).check();
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
