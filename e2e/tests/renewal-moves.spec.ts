import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { APP, expect, expectAccessible, test } from '../fixtures/index.js';
import { collateralDue, sandboxDeposit, waitForState } from '../fixtures/loan.js';
import {
  signInBorrower,
  useBorrowerInBrowser,
  type TSignedInBorrower,
} from '../fixtures/new-application.js';
import {
  fundedLoanInRenewalWindow,
  intoRenewalWindow,
  openRenewalFromDashboard,
  signAllDisclosures,
} from '../fixtures/renewal.js';

// Renewal and refinancing while prices and the clock move (issue 34): a renewal with a top-up
// completes once whichever comes first, "I have sent" or the coins; a price fall between
// acceptance and signing re-prices the renewal; a refinanced loan renews; ownership transfer found
// at 68 % and confirmed at 80 % LTV is refused. Loans are made by POST /sandbox/loans or refinanced
// through the API, and the sandbox clock is moved to 20 days before their maturity.
test.describe.configure({ timeout: 300_000 });
test.use({ actionTimeout: 20_000 });

const LEAP = '/service-cryptopl-leap';
const REFI = '/service-application-cryptopl/secure/api/v1';
const LOANS = '/provenance/borrower/servicing/v2/loanStatus';
const CUSTODY_ONLY = 'DECLINE_REHYPOTHECATION';

function bearer(jwt: string) {
  return { Authorization: `Bearer ${jwt}` };
}

async function setPrices(request: APIRequestContext, prices: { BTC: number; ETH: number }) {
  const answer = await request.post('/sandbox/prices', { data: prices });
  expect(answer.ok(), await answer.text()).toBe(true);
}

type TLoan = { appUuid: string; state: string; maturityDate: string };

async function loansOf(request: APIRequestContext, jwt: string): Promise<TLoan[]> {
  const answer = await request.get(LOANS, { headers: bearer(jwt) });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { loans: TLoan[] }).loans;
}

/** The figure the collateral page gives for a term ("Required collateral", "Remaining due"). */
function collateralFigure(page: Page, term: string) {
  return page.locator('.collateral__amounts div').filter({ hasText: term }).locator('dd');
}

async function typeTopUp(page: Page, quantity: string) {
  await page.getByRole('textbox', { name: /Additional collateral/ }).fill(quantity);
  await expect(page.getByText('Updating your offer…')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Accept offer' })).toBeEnabled();
}

async function accept(page: Page, renewalUuid: string) {
  await page.getByRole('button', { name: 'Accept offer' }).click();
  await expect(page).toHaveURL(`${APP}/${renewalUuid}/next-steps`);
  await expect(page.getByRole('link', { name: /Review Agreements$/ })).toBeVisible({
    timeout: 30_000,
  });
}

/** The collateral page's "I have sent the required amount of collateral". */
function sentCheckbox(page: Page) {
  return page.getByRole('checkbox', { name: /I have sent the required amount of collateral/ });
}

/** "I have sent the required amount of collateral", then Continue, on the collateral page. */
async function confirmSent(page: Page, renewalUuid: string) {
  await expect(page).toHaveURL(`${APP}/${renewalUuid}/collateral`);
  await sentCheckbox(page).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(`${APP}/${renewalUuid}/complete`);
}

/** The renewal completed, once: the loan RENEWED, one renewal COMPLETE. */
async function expectRenewedOnce(
  page: Page,
  request: APIRequestContext,
  borrower: TSignedInBorrower,
  loanUuid: string,
  renewalUuid: string,
) {
  await waitForState(request, borrower.jwt, renewalUuid, 'COMPLETE', 60_000);
  await page.goto(`${APP}/${renewalUuid}/complete`);
  await expect(page.getByRole('heading', { name: 'Loan renewed' })).toBeVisible();
  const loans = await loansOf(request, borrower.jwt);
  expect(loans.find((loan) => loan.appUuid === loanUuid)?.state).toBe('RENEWED');
  expect(loans.filter((loan) => loan.state === 'COMPLETE').map((loan) => loan.appUuid)).toEqual([
    renewalUuid,
  ]);
}

/** A funded loan at today's prices in its renewal window, its renewal opened from the dashboard. */
async function renewalOpened(page: Page, request: APIRequestContext) {
  await setPrices(request, { BTC: 60_000, ETH: 3_000 });
  const { borrower, loanUuid } = await fundedLoanInRenewalWindow(request, 'renewal-moves');
  await useBorrowerInBrowser(page, borrower);
  const renewalUuid = await openRenewalFromDashboard(page);
  return { borrower, loanUuid, renewalUuid };
}

/** A renewal with 0.1 BTC more, accepted and signed: the borrower is on its collateral page. */
async function topUpRenewalAtCollateral(page: Page, request: APIRequestContext) {
  const renewal = await renewalOpened(page, request);
  await typeTopUp(page, '0.1');
  await accept(page, renewal.renewalUuid);
  await signAllDisclosures(page, renewal.renewalUuid);
  await expect(page).toHaveURL(`${APP}/${renewal.renewalUuid}/collateral`);
  return renewal;
}

test.afterAll(async ({ request }) => {
  await setPrices(request, { BTC: 60_000, ETH: 3_000 });
  await request.delete('/sandbox/clock');
});

test('a renewal with a top-up completes once: "I have sent" first, then the coins', async ({
  page,
  request,
}) => {
  const { borrower, loanUuid, renewalUuid } = await topUpRenewalAtCollateral(page, request);
  // The collateral page asks for the top-up alone.
  await expect(collateralFigure(page, 'Required collateral')).toHaveText(/^0\.10* BTC$/);
  await expect(collateralFigure(page, 'Remaining due')).toHaveText(/^0\.10* BTC$/);
  await expectAccessible(page);
  await confirmSent(page, renewalUuid);

  const due = await collateralDue(request, borrower.jwt, renewalUuid);
  expect(due.coinQuantity).toBe('0.1');
  await sandboxDeposit(request, due.address, '0.1');
  // The chain reports it again: nothing completes twice.
  await sandboxDeposit(request, due.address, '0.01');
  await expectRenewedOnce(page, request, borrower, loanUuid, renewalUuid);
});

test('a renewal with a top-up completes once: the coins first, then "I have sent"', async ({
  page,
  request,
}) => {
  const { borrower, loanUuid, renewalUuid } = await topUpRenewalAtCollateral(page, request);
  // The page is open, its form shown, before the coins come: a page still loading when they are
  // in reads the renewal's new state and rightly leaves for it.
  await expect(sentCheckbox(page)).toBeVisible();

  const due = await collateralDue(request, borrower.jwt, renewalUuid);
  await sandboxDeposit(request, due.address, '0.05');
  await sandboxDeposit(request, due.address, '0.05');
  // The borrower, still on the page, says it was sent after it arrived.
  await confirmSent(page, renewalUuid);
  await expectRenewedOnce(page, request, borrower, loanUuid, renewalUuid);
});

test('a price fall between acceptance and signing re-prices the renewal', async ({
  page,
  request,
}) => {
  const { borrower, loanUuid, renewalUuid: staleUuid } = await renewalOpened(page, request);
  // 1 BTC at $60,000 against about $22,000: about 37 %, the 8.91 % rate.
  await expect(page.getByText('8.910%').first()).toBeVisible();
  await accept(page, staleUuid);

  // At $40,000 the balance (about $22,000 with a year's unpaid interest) is about 55 %: well under
  // the 75 % limit, but in the 11.5 % tier.
  await setPrices(request, { BTC: 40_000, ETH: 3_000 });
  await page.getByRole('link', { name: /Review Agreements$/ }).click();
  await expect(page).toHaveURL(`${APP}/${staleUuid}/disclosures`);
  await expect(page.getByText(/^Document \d+ of \d+$/)).toBeVisible();
  await page.getByRole('button', { name: 'Agree', exact: true }).click();
  await expect(page.getByText(/price of BTC moved/i).first()).toBeVisible();
  await waitForState(request, borrower.jwt, staleUuid, 'CANCELLED');
  expect(
    (await loansOf(request, borrower.jwt)).find((loan) => loan.appUuid === loanUuid)?.state,
  ).toBe('COMPLETE');

  // Started again: the new offer at today's price, accepted and signed, renews the loan.
  const renewalUuid = await openRenewalFromDashboard(page);
  expect(renewalUuid).not.toBe(staleUuid);
  await expect(page.getByText('11.500%').first()).toBeVisible();
  await accept(page, renewalUuid);
  await signAllDisclosures(page, renewalUuid);
  await expectRenewedOnce(page, request, borrower, loanUuid, renewalUuid);
});

/** Refinances Celsius loan 100002 (10 ETH at 62 %) custody only with its top-up, through the API. */
async function refinanced100002(
  request: APIRequestContext,
): Promise<{ borrower: TSignedInBorrower; loanUuid: string }> {
  const borrower = await signInBorrower(request, `refinanced-${randomUUID()}@example.com`);
  const headers = bearer(borrower.jwt);
  const who = await request.get('/identity-broker/customer/secure/api/v3/self/figureinfo', {
    headers,
  });
  const { identityUuid } = (await who.json()) as { identityUuid: string };
  const lookup = await request.post(`${REFI}/applications/create-celsius`, {
    headers,
    data: { celsiusLoanId: '100002' },
  });
  expect(lookup.ok(), await lookup.text()).toBe(true);
  const [application] = (
    (await lookup.json()) as {
      applications: {
        appUuid: string;
        offers: { uuid: string; collateralReuseConsent: string }[];
      }[];
    }
  ).applications;
  const appUuid = application?.appUuid ?? '';
  const offerUuid =
    application?.offers.find((offer) => offer.collateralReuseConsent === CUSTODY_ONLY)?.uuid ?? '';
  const confirmed = await request.post(
    `${REFI}/applications/${appUuid}/collateral/celsius-refi-borrower-confirmation`,
    { headers, data: { offerUuid } },
  );
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const estimate = await request.post(
    `${REFI}/applications/${appUuid}/celsius-collateral/calculate`,
    {
      headers,
      data: { offerUuid },
    },
  );
  const { celsiusTopUpCollateral } = (await estimate.json()) as {
    celsiusTopUpCollateral: {
      wallet: { depositAddress: string } | null;
      topUpCoinAmount: { coinQuantity: string };
    };
  };
  await sandboxDeposit(
    request,
    celsiusTopUpCollateral.wallet?.depositAddress ?? '',
    celsiusTopUpCollateral.topUpCoinAmount.coinQuantity,
  );
  await waitForState(request, borrower.jwt, appUuid, 'CELSIUS_FULL_COLLATERAL_RECEIVED');
  await expect
    .poll(async () => {
      const answer = await request.get(
        `${REFI}/applications/${appUuid}/borrowers/${identityUuid}/documents/unsigned`,
        { headers },
      );
      return answer.ok() ? ((await answer.json()) as unknown[]).length : 0;
    })
    .toBeGreaterThan(0);
  const documents = (await (
    await request.get(
      `${REFI}/applications/${appUuid}/borrowers/${identityUuid}/documents/unsigned`,
      {
        headers,
      },
    )
  ).json()) as { uuid: string }[];
  for (const document of documents) {
    const signed = await request.post(`${REFI}/sign-document/${document.uuid}`, { headers });
    expect(signed.ok(), await signed.text()).toBe(true);
  }
  await waitForState(request, borrower.jwt, appUuid, 'COMPLETE', 90_000);
  return { borrower, loanUuid: appUuid };
}

test('a refinanced loan renews, asking only for the coins it adds', async ({ page, request }) => {
  await setPrices(request, { BTC: 60_000, ETH: 3_000 });
  const refinanced = await refinanced100002(request);
  const borrower = await intoRenewalWindow(request, refinanced.borrower, refinanced.loanUuid);
  await useBorrowerInBrowser(page, borrower);
  const renewalUuid = await openRenewalFromDashboard(page);
  await typeTopUp(page, '1');
  await accept(page, renewalUuid);
  await signAllDisclosures(page, renewalUuid);
  // Never the legacy 10 ETH: the 1 ETH added is all that is due.
  await expect(page).toHaveURL(`${APP}/${renewalUuid}/collateral`);
  const due = await collateralDue(request, borrower.jwt, renewalUuid);
  expect(due.coinQuantity).toBe('1');
  await expect(collateralFigure(page, 'Remaining due')).toHaveText(/^1(\.0+)? ETH$/);
  await sandboxDeposit(request, due.address, '0.4');
  const application = await request.get(`${LEAP}/secure/api/v1/applications/${renewalUuid}`, {
    headers: bearer(borrower.jwt),
  });
  const details = (
    (await application.json()) as {
      rollForwardLoanDetails: { remainingTopUpAmount: { coinQuantity: string } };
    }
  ).rollForwardLoanDetails;
  expect(details.remainingTopUpAmount.coinQuantity).toBe('0.6');
  await confirmSent(page, renewalUuid);
  await sandboxDeposit(request, due.address, '0.6');
  await expectRenewedOnce(page, request, borrower, refinanced.loanUuid, renewalUuid);
});

test('ownership transfer found at 68 % is refused when confirmed at 80 % LTV', async ({
  page,
  request,
}) => {
  await setPrices(request, { BTC: 60_000, ETH: 3_000 });
  const borrower = await signInBorrower(request);
  await useBorrowerInBrowser(page, borrower);
  await page.goto(`${APP}/celsius-refi`);
  await page.getByRole('button', { name: 'Enter Loan ID' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter Loan ID' });
  await dialog.getByRole('textbox', { name: /Celsius Loan ID/ }).fill('100003');
  await dialog.getByRole('button', { name: 'Find my loans' }).click();
  await expect(dialog).toBeHidden();
  await page.locator('label', { hasText: /^Ownership transfer: / }).click();
  await expect(page.getByRole('radio', { name: /^Ownership transfer: / })).toBeChecked();
  await expect(page.getByText('Your choice was not saved')).toHaveCount(0);

  // $20,400 on 0.5 BTC: at $51,000 the loan is at 80 %, above the 70 % ownership transfer allows.
  await setPrices(request, { BTC: 51_000, ETH: 3_000 });
  await page.getByRole('button', { name: 'Review Loan Agreement' }).click();
  await expect(
    page.getByText(
      'The price of BTC moved: your loan’s LTV is now 80.00%, above the 70% up to which ownership transfer applies. Review the new offer and accept it again.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(`${APP}/celsius-refi`);
  // Priced anew: custody only with a top-up is the offer now; nothing was submitted.
  await expect(page.getByRole('radio', { name: /^Ownership transfer: / })).toHaveCount(0);
  await expect(page.getByText(/Needs a collateral top-up/)).toBeVisible();
  await expect(page.getByText('Submitted', { exact: true })).toHaveCount(0);
  await expectAccessible(page);
  const who = await request.get('/identity-broker/customer/secure/api/v3/self/figureinfo', {
    headers: bearer(borrower.jwt),
  });
  const { identityUuid } = (await who.json()) as { identityUuid: string };
  const listed = await request.get(`${REFI}/borrower/${identityUuid}/celsius-application`, {
    headers: bearer(borrower.jwt),
  });
  const [application] = (await listed.json()) as { state: string }[];
  expect(application?.state).toBe('CREATED');
});
