import type { APIRequestContext, Page } from '@playwright/test';
import { APP, expect, expectAccessible, screenshotBothWidths, test } from '../fixtures/index.js';
import { sandboxDeposit } from '../fixtures/loan.js';
import { signInBorrower, useBorrowerInBrowser } from '../fixtures/new-application.js';
import {
  AGENT_EMAIL,
  borrowerLoan,
  DEFAULT_PRICES,
  dollarsOnLine,
  fundedRiskLoan,
  opsLoan,
  priceForLtv,
  riskQueue,
  setPrices,
  signInAgentApi,
  subjects,
  waitForLoan,
  waitForMail,
  type TLedgerEntry,
  type TRiskLoan,
} from '../fixtures/risk.js';
import { signIn } from '../fixtures/sign-in.js';

// Collateral risk (issue 15, "Done when"): sandbox prices fall under a funded loan at 8.91 %, the
// risk pass (a job after each price) moves it through warning, courtesy notice and margin call, a
// deposit cures it, a fall past 90 % liquidates part of the collateral with the 2 % fee; a second
// loan left in margin call is liquidated when the sandbox clock passes its 48-hour cure.
test.describe.configure({ mode: 'serial', timeout: 900_000 });
test.use({ actionTimeout: 20_000 });

const HOUR_MS = 3_600_000;
const MARGIN_CALL_CURE_HOURS = 48;

/** A moment as the e-mails say it: "Dec 3, 2026, 14:00 UTC". */
function momentInWords(iso: string): string {
  const date = new Date(iso);
  const day = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
  const time = [date.getUTCHours(), date.getUTCMinutes()]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');
  return `${day}, ${time} UTC`;
}
/** Subjects of the notices (apps/server/src/services/servicing/servicing-messages.ts). */
const WARNING_MAIL = /warning level/i;
const COURTESY_MAIL = /^Courtesy notice/i;
const MARGIN_CALL_MAIL = /^Margin call/i;
const CURED_MAIL = /back to normal/i;
const LIQUIDATING_MAIL = /being liquidated/i;
const STATEMENT_MAIL = /^We sold [\d.]+ (BTC|ETH) of your collateral/;
const RECEIVABLES = [
  'FEES',
  'ACCRUED_INTEREST',
  'DEFERRED_INTEREST',
  'ORIGINATION_FEE',
  'PRINCIPAL',
];
const FEE_SHARE = 0.02;

test.beforeAll(async ({ request }) => {
  await setPrices(request, DEFAULT_PRICES);
});

test.afterAll(async ({ request }) => {
  await setPrices(request, DEFAULT_PRICES);
  await request.delete('/sandbox/clock');
});

// The agent's sign-ins by e-mail are rate-limited: one API sign-in serves the whole file.
let cachedAgentJwt: string | undefined;
async function agentApiJwt(request: APIRequestContext): Promise<string> {
  cachedAgentJwt ??= await signInAgentApi(request);
  return cachedAgentJwt;
}

async function countOf(request: APIRequestContext, email: string, subject: RegExp) {
  return (await subjects(request, email)).filter((line) => subject.test(line)).length;
}

/** "Mar 3, 2025" or "March 3, 2025" or "3/3/2025": the day of an instant as a page may show it. */
function dayPattern(iso: string): RegExp {
  const date = new Date(iso);
  const month = date.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  const day = date.getUTCDate();
  const year = date.getUTCFullYear();
  const numeric = `${date.getUTCMonth() + 1}/${day}/${year}`;
  const iso10 = iso.slice(0, 10);
  return new RegExp(`${month}[a-z]* ${day}, ${year}|${numeric}|${iso10}`);
}

async function openLoanPage(page: Page, loanUuid: string) {
  await page.goto(`${APP}/loans/${loanUuid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your loan' })).toBeVisible();
}

/** A credit leg of an amount (a plain 0 for nothing, never -0). */
function negated(cents: number): number {
  return cents === 0 ? 0 : -cents;
}

/** The LIQUIDATION journal's legs, by account. */
function liquidationLegs(ledger: TLedgerEntry[]) {
  const legs = ledger.filter((entry) => entry.kind === 'LIQUIDATION');
  const sum = (accounts: string[]) =>
    legs
      .filter((entry) => accounts.includes(entry.account))
      .reduce((total, entry) => total + entry.amountCents, 0);
  return {
    journals: new Set(legs.map((entry) => entry.journalUuid)).size,
    proceedsCents: sum(['LIQUIDATION_PROCEEDS']),
    feeIncomeCents: sum(['FEE_INCOME']),
    receivablesCents: sum(RECEIVABLES),
    surplusCents: sum(['SURPLUS_PAYABLE']),
  };
}

test('a loan at 8.91 % through warning, courtesy notice, margin call, cure and liquidation', async ({
  page,
  browser,
  request,
}) => {
  const { email, loanUuid } = await fundedRiskLoan(request, 'risk', {
    collateralType: 'BTC',
    coinQuantity: '1',
    drawAmount: 20_000,
  });
  const borrower = await signInBorrower(request, email);
  const start = await borrowerLoan(request, borrower.jwt, loanUuid);
  expect(start.interestRatePct).toBe(8.91);
  expect(start.risk.thresholds).toEqual({
    warningLtvPct: 75,
    courtesyNoticeLtvPct: 76,
    marginCallLtvPct: 80,
    liquidationLtvPct: 90,
  });
  expect(start.risk.level).toBe('NONE');

  await test.step('past 75 %: the warning e-mail, once, however the price hovers', async () => {
    await setPrices(request, { BTC: priceForLtv(start, 75.5) });
    await waitForMail(request, email, WARNING_MAIL);
    await waitForLoan(request, borrower.jwt, loanUuid, 'level WARNING', (loan) => {
      return loan.risk.level === 'WARNING';
    });
    // Just under the threshold and back: no second warning.
    await setPrices(request, { BTC: priceForLtv(start, 74.5) });
    await waitForLoan(request, borrower.jwt, loanUuid, 'level NONE at 74.5 %', (loan) => {
      return loan.risk.level === 'NONE';
    });
    await setPrices(request, { BTC: priceForLtv(start, 75.5) });
    await waitForLoan(request, borrower.jwt, loanUuid, 'level WARNING again', (loan) => {
      return loan.risk.level === 'WARNING';
    });
  });

  await test.step('76 % and more: the courtesy notice', async () => {
    await setPrices(request, { BTC: priceForLtv(start, 77) });
    await waitForMail(request, email, COURTESY_MAIL);
    await waitForLoan(request, borrower.jwt, loanUuid, 'level COURTESY_NOTICE', (loan) => {
      return loan.risk.level === 'COURTESY_NOTICE';
    });
  });

  let cureDeadline = '';
  await test.step('past 80 %: the margin call e-mail, a 48-hour deadline on the loan page', async () => {
    await setPrices(request, { BTC: priceForLtv(start, 82) });
    const text = await waitForMail(request, email, MARGIN_CALL_MAIL);
    const inCall = await waitForLoan(request, borrower.jwt, loanUuid, 'MARGIN_CALL', (loan) => {
      return loan.status === 'MARGIN_CALL' && loan.risk.cureDeadline !== null;
    });
    cureDeadline = inCall.risk.cureDeadline ?? '';
    const clock = (await (await request.get('/sandbox/clock')).json()) as { now: string };
    const hoursLeft = (Date.parse(cureDeadline) - Date.parse(clock.now)) / HOUR_MS;
    expect(hoursLeft).toBeGreaterThan(MARGIN_CALL_CURE_HOURS - 1);
    expect(hoursLeft).toBeLessThanOrEqual(MARGIN_CALL_CURE_HOURS);
    // The deadline in words and UTC ("Dec 3, 2026, 14:00 UTC"), never an ISO timestamp.
    expect(text).toContain(`by ${momentInWords(cureDeadline)} (48 hours)`);

    await useBorrowerInBrowser(page, borrower);
    await openLoanPage(page, loanUuid);
    const deadline = page.getByText(/deadline/i).first();
    await expect(deadline).toBeVisible();
    await expect(deadline).toContainText(dayPattern(cureDeadline));
    await expectAccessible(page);
  });

  await test.step('the agent sees the margin call in the risk queue', async () => {
    const agentJwt = await agentApiJwt(request);
    const queue = await riskQueue(request, agentJwt);
    expect(queue.marginCalls.map((loan) => loan.loanUuid)).toContain(loanUuid);

    const agentContext = await browser.newContext();
    const agentPage = await agentContext.newPage();
    await agentPage.goto('/ops/risk');
    await signIn(agentPage, AGENT_EMAIL, 'agent');
    await expect(agentPage).toHaveURL(/\/ops\/risk$/);
    await expect(agentPage.getByRole('heading', { level: 1, name: 'Risk queue' })).toBeVisible();
    const marginCalls = agentPage.getByRole('region', { name: 'Margin calls' });
    const row = marginCalls.getByRole('row').filter({ hasText: email });
    await expect(row.getByRole('link', { name: loanUuid.slice(0, 8) })).toHaveAttribute(
      'href',
      `/ops/loans/${loanUuid}`,
    );
    await expect(row).toContainText(/\d+ h \d{2} min left|\d+ min left/);
    await expect(row).toContainText(/per BTC/);
    await expectAccessible(agentPage);
    await screenshotBothWidths(agentPage, 'ops-risk');
    await agentContext.close();
  });

  let cured: TRiskLoan | undefined;
  await test.step('collateral deposited to the loan’s address: ACTIVE again', async () => {
    const inCall = await borrowerLoan(request, borrower.jwt, loanUuid);
    const address = inCall.risk.depositAddress;
    expect(address, 'the loan’s deposit address').not.toBeNull();
    await sandboxDeposit(request, address ?? '', '1');
    cured = await waitForLoan(request, borrower.jwt, loanUuid, 'cured: ACTIVE', (loan) => {
      return (
        loan.status === 'ACTIVE' &&
        loan.risk.cureDeadline === null &&
        Number(loan.risk.collateral.coinQuantity) === 2
      );
    });
    await waitForMail(request, email, CURED_MAIL);
    expect(await countOf(request, email, WARNING_MAIL)).toBe(1);
    expect(await countOf(request, email, COURTESY_MAIL)).toBe(1);
    expect(await countOf(request, email, MARGIN_CALL_MAIL)).toBe(1);
  });

  await test.step('past 90 %: part of the collateral sold with the 2 % fee; ledger and statement agree', async () => {
    if (cured === undefined) throw new Error('the loan was not cured');
    // A jump from under 75 % straight past 90 %: the sale, told by its own notice alone (a warning
    // or "act now" for a level the same pass has already acted on would come too late).
    await setPrices(request, { BTC: priceForLtv(cured, 92) });
    const liquidated = await waitForLoan(
      request,
      borrower.jwt,
      loanUuid,
      'a filled sale',
      (loan) => {
        return loan.liquidations.some((liquidation) => liquidation.fill !== null);
      },
    );
    const [liquidation] = liquidated.liquidations;
    const fill = liquidation?.fill;
    if (liquidation === undefined || fill === null || fill === undefined) {
      throw new Error('no filled liquidation');
    }
    expect(liquidation.reason).toBe('LIQUIDATION_LTV');
    expect(liquidation.ltvAtDecisionPct).toBeGreaterThanOrEqual(90);
    expect(fill.feeCents).toBe(Math.round(fill.proceedsCents * FEE_SHARE));
    expect(fill.appliedCents).toBe(fill.proceedsCents - fill.feeCents - fill.surplusCents);
    // Only enough is sold to bring the loan back to its initial tier (at most 50 %).
    expect(Number(fill.coinQuantitySold)).toBeLessThan(2);
    expect(fill.ltvAfterPct).not.toBeNull();
    expect(fill.ltvAfterPct ?? 100).toBeLessThanOrEqual(50);
    expect(liquidated.status).toBe('ACTIVE');
    expect(Number(liquidated.risk.collateral.coinQuantity)).toBeCloseTo(
      2 - Number(fill.coinQuantitySold),
      8,
    );

    await waitForMail(request, email, LIQUIDATING_MAIL);
    const statement = await waitForMail(request, email, STATEMENT_MAIL);
    expect(statement).toContain(`${fill.coinQuantitySold} BTC`);
    expect(dollarsOnLine(statement, /^Proceeds:/)).toBe(fill.proceedsCents);
    expect(dollarsOnLine(statement, /^Processing fee/)).toBe(fill.feeCents);
    expect(dollarsOnLine(statement, /^Applied to your loan:/)).toBe(fill.appliedCents);

    const agentJwt = await agentApiJwt(request);
    const { loan, ledger } = await opsLoan(request, agentJwt, loanUuid);
    const legs = liquidationLegs(ledger);
    expect(legs.journals).toBe(1);
    expect(legs.proceedsCents).toBe(fill.proceedsCents);
    expect(legs.feeIncomeCents).toBe(negated(fill.feeCents));
    expect(legs.receivablesCents).toBe(negated(fill.appliedCents));
    expect(legs.surplusCents).toBe(negated(fill.surplusCents));
    expect(dollarsOnLine(statement, /^Balance now:/)).toBe(loan.balances.totalCents);

    // The jump sent the liquidation notice and no warning with it.
    expect(await countOf(request, email, WARNING_MAIL)).toBe(1);
    expect(await countOf(request, email, COURTESY_MAIL)).toBe(1);
    expect(await countOf(request, email, MARGIN_CALL_MAIL)).toBe(1);
    expect(await countOf(request, email, LIQUIDATING_MAIL)).toBe(1);
    expect(await countOf(request, email, STATEMENT_MAIL)).toBe(1);

    // The borrower sees what was sold on the loan page.
    await openLoanPage(page, loanUuid);
    const sold = fill.coinQuantitySold.replace(/\.?0+$/, '');
    await expect(page.locator('main')).toContainText(
      new RegExp(`${sold.replace('.', '\\.')}0* BTC`),
    );
    await expectAccessible(page);
  });
});

test('a loan left in margin call is liquidated when its 48-hour cure passes', async ({
  request,
}) => {
  // ETH collateral: the BTC prices of the other loan leave it alone.
  await setPrices(request, { ETH: DEFAULT_PRICES.ETH });
  const { email, loanUuid } = await fundedRiskLoan(request, 'risk-cure', {
    collateralType: 'ETH',
    coinQuantity: '10',
    drawAmount: 10_000,
  });
  let borrower = await signInBorrower(request, email);
  const start = await borrowerLoan(request, borrower.jwt, loanUuid);
  expect(start.interestRatePct).toBe(8.91);

  await setPrices(request, { ETH: priceForLtv(start, 83) });
  await waitForMail(request, email, MARGIN_CALL_MAIL);
  const inCall = await waitForLoan(request, borrower.jwt, loanUuid, 'MARGIN_CALL', (loan) => {
    return loan.status === 'MARGIN_CALL' && loan.risk.cureDeadline !== null;
  });
  const agentJwt = await agentApiJwt(request);
  const queue = await riskQueue(request, agentJwt);
  const queued = queue.marginCalls.find((loan) => loan.loanUuid === loanUuid);
  expect(queued?.cureDeadline).toBe(inCall.risk.cureDeadline);

  // Nothing is done for 48 hours.
  const moved = await request.post('/sandbox/clock', {
    data: { advanceHours: MARGIN_CALL_CURE_HOURS },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
  // Two days later the borrower's session has idled out.
  borrower = await signInBorrower(request, email);
  const liquidated = await waitForLoan(
    request,
    borrower.jwt,
    loanUuid,
    'liquidated after the cure deadline',
    (loan) =>
      loan.liquidations.some(
        (liquidation) => liquidation.reason === 'CURE_DEADLINE_PASSED' && liquidation.fill !== null,
      ),
  );
  const fill = liquidated.liquidations[0]?.fill;
  expect(fill?.feeCents).toBe(Math.round((fill?.proceedsCents ?? 0) * FEE_SHARE));
  const notice = await waitForMail(request, email, LIQUIDATING_MAIL);
  expect(notice).toMatch(/48 hours/);
  await waitForMail(request, email, STATEMENT_MAIL);
  expect(await countOf(request, email, MARGIN_CALL_MAIL)).toBe(1);
});

test('the what-if’s sale at a price is the sale the risk engine makes at that price', async ({
  page,
  request,
}) => {
  await setPrices(request, DEFAULT_PRICES);
  const { email, loanUuid } = await fundedRiskLoan(request, 'what-if', {
    collateralType: 'BTC',
    coinQuantity: '1',
    drawAmount: 20_000,
  });
  const borrower = await signInBorrower(request, email);
  const start = await borrowerLoan(request, borrower.jwt, loanUuid);
  const liquidationPriceCents = start.risk.triggerPrices?.liquidationPriceCents ?? 0;
  expect(liquidationPriceCents).toBeGreaterThan(0);

  await useBorrowerInBrowser(page, borrower);
  await openLoanPage(page, loanUuid);
  const slider = page.getByRole('slider', { name: 'What if the BTC price falls?' });
  const step = Number(await slider.getAttribute('step'));
  const min = Number(await slider.getAttribute('min'));
  // The slider's nearest price under the liquidation price: past 90 %, part of the coins sold.
  const priceUsd = Math.max(min, Math.floor((liquidationPriceCents / 100 - 1) / step) * step);
  await slider.fill(String(priceUsd));
  await expect(slider).toHaveValue(String(priceUsd));
  const sale = page.getByTestId('what-if-sale');
  await expect(sale).toContainText('At this price your collateral would be liquidated');
  const shown = (await sale.textContent()) ?? '';
  await expectAccessible(page);

  await setPrices(request, { BTC: priceUsd });
  const liquidated = await waitForLoan(request, borrower.jwt, loanUuid, 'a sale', (loan) =>
    loan.liquidations.some((liquidation) => liquidation.fill !== null),
  );
  const [liquidation] = liquidated.liquidations;
  const fill = liquidation?.fill;
  if (liquidation === undefined || fill === null || fill === undefined) {
    throw new Error('no filled liquidation');
  }
  const usd = (cents: number) =>
    `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
  // What the page said the engine would do is what it decided and what the desk filled.
  expect(liquidation.decisionPrice.priceCents).toBe(priceUsd * 100);
  expect(shown).toContain(`sell ${liquidation.coinQuantityToSell} BTC`);
  expect(shown).toContain(
    `${fill.coinQuantitySold} BTC for ${usd(fill.proceedsCents)}; after the processing fee of ${usd(fill.feeCents)}, ${usd(fill.appliedCents)} repays the loan`,
  );
  await setPrices(request, DEFAULT_PRICES);
});
