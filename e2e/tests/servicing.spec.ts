import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { APP, expect, expectAccessible, screenshotBothWidths, test } from '../fixtures/index.js';
import { signInBorrower, useBorrowerInBrowser } from '../fixtures/new-application.js';
import { jobQueueLines } from '../fixtures/jobs.js';
import { sandboxLoan } from '../fixtures/loan.js';
import { SERVICING } from '../fixtures/risk.js';
import { readMailbox } from '../fixtures/sign-in.js';

// Servicing after funding: a funded loan made by POST /sandbox/loans, the sandbox clock moved a
// month on at a time, and the borrower paying, deferring and paying off on the loan page.
test.describe.configure({ timeout: 480_000 });
test.use({ actionTimeout: 20_000 });

const HOURS_PER_DAY = 24;
/** Jobs (statements, accrual, maturity) run in the background after the clock moves. */
const JOB_TIMEOUT_MS = 60_000;

async function advanceClockDays(request: APIRequestContext, days: number) {
  const moved = await request.post('/sandbox/clock', {
    data: { advanceHours: days * HOURS_PER_DAY },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
}

/**
 * Moves the clock on to the day statement `number` is cut (its cycle date in the loan's schedule),
 * at the same time of day: a month is 28 to 31 days, so a fixed count lands short of a cycle in
 * some months (funded on 1 December, the second cycle is 62 days on, not 61).
 */
async function advanceClockToCycle(
  request: APIRequestContext,
  jwt: string,
  loanUuid: string,
  number: number,
) {
  const loan = (await (
    await request.get(`${SERVICING}/loans/${loanUuid}`, {
      headers: { authorization: `Bearer ${jwt}` },
    })
  ).json()) as { schedule: { number: number; cycleDate: string }[] };
  const cycleDate = loan.schedule.find((row) => row.number === number)?.cycleDate;
  if (cycleDate === undefined) throw new Error(`statement ${number} is not in the schedule`);
  const { now } = (await (await request.get('/sandbox/clock')).json()) as { now: string };
  const days = Math.round(
    (Date.parse(`${cycleDate}T00:00:00Z`) - Date.parse(`${now.slice(0, 10)}T00:00:00Z`)) /
      (HOURS_PER_DAY * 3_600_000),
  );
  expect(days, `days from ${now} to the cycle date ${cycleDate}`).toBeGreaterThan(0);
  await advanceClockDays(request, days);
}

async function fundedLoan(
  request: APIRequestContext,
  label: string,
): Promise<{ email: string; loanUuid: string; appUuid: string }> {
  const email = `${label}-${randomUUID()}@example.com`;
  return { email, ...(await sandboxLoan(request, { email })) };
}

/** The loan page, fresh from the server (after the clock moved, a reload shows the new day). */
async function openLoanPage(page: Page, loanUuid: string) {
  await page.goto(`${APP}/loans/${loanUuid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your loan' })).toBeVisible();
}

/**
 * Reloads the loan page until it lists `count` statements. When they do not come, the failure
 * names the deployment's day and the loan as the API answers it (cycle dates, statements, status),
 * which tells a job that did not run from a cycle that did not close.
 */
async function waitForStatements(
  page: Page,
  request: APIRequestContext,
  jwt: string,
  loanUuid: string,
  count: number,
) {
  try {
    await expect
      .poll(
        async () => {
          await openLoanPage(page, loanUuid);
          return page.getByText(/^Statement of /).count();
        },
        { message: `statement ${count} is issued`, timeout: JOB_TIMEOUT_MS, intervals: [2_000] },
      )
      .toBe(count);
  } catch (error) {
    const clock = await (await request.get('/sandbox/clock')).text();
    const loan = (await (
      await request.get(`${SERVICING}/loans/${loanUuid}`, {
        headers: { authorization: `Bearer ${jwt}` },
      })
    ).json()) as Record<string, unknown>;
    const seen = {
      clock,
      status: loan.status,
      fundedOn: loan.fundedOn,
      statements: loan.statements,
      schedule: (loan.schedule as unknown[] | undefined)?.slice(0, count + 1),
      nextPayment: loan.nextPayment,
      balances: loan.balances,
      jobs: await jobQueueLines(request),
    };
    throw new Error(`${String(error)}\nWhat the server answered: ${JSON.stringify(seen)}`);
  }
}

function factOf(page: Page, section: string, label: string) {
  return page
    .getByRole('region', { name: section })
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');
}

async function sidewaysOverflow(page: Page, width: number): Promise<number> {
  await page.setViewportSize({ width, height: 900 });
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test.afterAll(async ({ request }) => {
  await request.delete('/sandbox/clock');
});

test('a funded loan: statement, ACH payment, deferral, payoff and collateral release', async ({
  page,
  request,
}) => {
  const { email, appUuid, loanUuid } = await fundedLoan(request, 'servicing');

  // A month on: the first statement is issued, and the loan page shows what is due.
  let borrower = await signInBorrower(request, email);
  await advanceClockToCycle(request, borrower.jwt, loanUuid, 1);
  // Months later every session has idled out: sign in again.
  borrower = await signInBorrower(request, email);
  await useBorrowerInBrowser(page, borrower);

  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Payments and balance' }).click();
  await expect(page).toHaveURL(`${APP}/loans/${loanUuid}`);
  await waitForStatements(page, request, borrower.jwt, loanUuid, 1);
  const amountDue = factOf(page, 'Next payment', 'Amount due');
  await expect(amountDue).toHaveText(/^\$[1-9][\d,]*\.\d{2}$/);
  const dueText = (await amountDue.textContent()) ?? '';
  const totalBefore = (await factOf(page, 'Balance', 'Total balance').textContent()) ?? '';
  await expectAccessible(page);
  await screenshotBothWidths(page, 'loan');
  expect(await sidewaysOverflow(page, 320)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Pay what is due by ACH: a double click pays once.
  await page.getByRole('button', { name: 'Pay now' }).click();
  const payDialog = page.getByRole('dialog', { name: 'Make a payment' });
  await expect(payDialog.getByRole('textbox', { name: /Amount/ })).toHaveValue(
    dueText.replace(/[$,]/g, ''),
  );
  await expectAccessible(page);
  await payDialog.getByRole('button', { name: `Pay ${dueText}` }).dblclick();
  await expect(page.getByText(`Payment of ${dueText} sent`)).toBeVisible();
  const history = page.getByRole('region', { name: 'Payment history' });
  await expect(history.getByRole('row')).toHaveCount(2);
  await expect(history.getByText('Payment · Bank transfer (ACH)')).toBeVisible();
  await expect(factOf(page, 'Balance', 'Total balance')).not.toHaveText(totalBefore);

  // Another month: this month's interest is deferred, its new LTV shown before confirming.
  await advanceClockToCycle(request, borrower.jwt, loanUuid, 2);
  borrower = await signInBorrower(request, email);
  await useBorrowerInBrowser(page, borrower);
  // Before its statement the page shows the month's interest still to be billed, which cannot be
  // deferred yet: wait for the second statement.
  await waitForStatements(page, request, borrower.jwt, loanUuid, 2);
  await expect(factOf(page, 'Next payment', 'Amount due')).toHaveText(/^\$[1-9]/);
  await page.getByRole('button', { name: 'Defer this month’s interest' }).click();
  const deferDialog = page.getByRole('dialog', { name: 'Defer this month’s interest' });
  await expect(deferDialog.getByText('New LTV')).toBeVisible();
  await expect(
    deferDialog.locator('dl > div').filter({ hasText: 'New LTV' }).locator('dd'),
  ).toHaveText(/^\d+\.\d{2}%$/);
  await expectAccessible(page);
  await deferDialog.getByRole('button', { name: /^Defer \$/ }).click();
  await expect(page.getByText('This month’s interest is deferred')).toBeVisible();
  await expect(factOf(page, 'Balance', 'Deferred interest')).not.toHaveText('$0.00');
  await expect(
    page.getByRole('region', { name: 'Payment schedule' }).getByText('Deferred'),
  ).toHaveCount(1);

  // Payoff: a quote with its breakdown and expiry, then paid; the loan is closed.
  await page.getByRole('button', { name: 'Get a payoff quote' }).click();
  const payoff = page.getByRole('region', { name: 'Pay off your loan' });
  await expect(payoff.getByText(/^Valid until /)).toBeVisible();
  await expect(payoff.getByText('Prepayment penalty', { exact: true })).toBeVisible();
  const payButton = payoff.getByRole('button', { name: /^Pay off \$/ });
  const payoffLabel = (await payButton.textContent()) ?? '';
  await payButton.click();
  const payoffDialog = page.getByRole('dialog', { name: 'Pay off your loan' });
  await expectAccessible(page);
  await payoffDialog.getByRole('button', { name: payoffLabel }).click();
  await expect(page.getByText('Your loan is paid off')).toBeVisible();
  await expect(page.locator('.loan-status')).toHaveText('Status: Paid off');
  await expect(history.getByText('Payoff · Bank transfer (ACH)')).toBeVisible();
  await expectAccessible(page);

  // The collateral release flow as before.
  await page.getByRole('link', { name: 'Get your collateral back' }).click();
  await expect(page).toHaveURL(`${APP}/${appUuid}/collateral-release`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);

  // The first statement: a PDF on the loan page, and mailed to the borrower.
  await openLoanPage(page, loanUuid);
  const downloading = page.waitForEvent('download');
  await page
    .getByRole('button', { name: /^Download PDF, statement of / })
    .first()
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await expect
    .poll(
      async () =>
        (await readMailbox(request, email)).some((message) =>
          /^Your loan statement for [A-Z][a-z]{2} \d{1,2}, \d{4} is ready$/.test(message.subject),
        ),
      { message: 'the statement e-mail arrives', timeout: JOB_TIMEOUT_MS },
    )
    .toBe(true);
});

test('a loan left unpaid past its maturity shows as matured, with what is due', async ({
  page,
  request,
}) => {
  const { email, loanUuid } = await fundedLoan(request, 'matured');
  // The longest step the sandbox clock takes is 366 days: past the 12-month term.
  await advanceClockDays(request, 366);
  await useBorrowerInBrowser(page, await signInBorrower(request, email));
  await expect
    .poll(
      async () => {
        await openLoanPage(page, loanUuid);
        return page.locator('.loan-status').textContent();
      },
      { message: 'the loan matures', timeout: JOB_TIMEOUT_MS, intervals: [2_000] },
    )
    .toBe('Status: Matured');
  await expect(page.getByText(/Your loan matured on /)).toBeVisible();
  await expect(factOf(page, 'Next payment', 'Due now')).toHaveText(/^\$[1-9][\d,]*\.\d{2}$/);
  await expect(page.getByRole('button', { name: /Defer/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Get a payoff quote' })).toBeVisible();
  await expectAccessible(page);
  await screenshotBothWidths(page, 'loan-matured');
});
