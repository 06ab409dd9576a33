import type { APIRequestContext, Page } from '@playwright/test';
import { APP, expect, test } from '../fixtures/index.js';
import { collateralDue, submitInternationalDetails, waitForState } from '../fixtures/loan.js';
import { newApplication, signInBorrower } from '../fixtures/new-application.js';
import { signIn } from '../fixtures/sign-in.js';

// Sessions last while the borrower uses the app (idle timeout 30 minutes, absolute limit 12 hours,
// packages/domain SESSION_LIMITS) and end when a tab is left idle past the idle timeout. Time is
// moved with the sandbox clock, which the server's session checks read.
test.describe.configure({ timeout: 120_000 });

const LEAP = '/service-cryptopl-leap';
const FIGURE_INFO = '/identity-broker/customer/secure/api/v3/self/figureinfo';
const IDLE_TIMEOUT_MINUTES = 30;
/** The token's whole life before sessions: a borrower was sent to sign in after it. */
const OLD_TOKEN_LIFE_MINUTES = 15;

function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

function bearer(jwt: string) {
  return { Authorization: `Bearer ${jwt}` };
}

async function advanceClock(request: APIRequestContext, minutes: number): Promise<void> {
  const answer = await request.post('/sandbox/clock', { data: { advanceHours: minutes / 60 } });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** Signs every disclosure through the API, in order, as the disclosures page does. */
async function signAllDocuments(request: APIRequestContext, jwt: string, appUuid: string) {
  const identity = await request.get(FIGURE_INFO, { headers: bearer(jwt) });
  expect(identity.ok(), await identity.text()).toBe(true);
  const { identityUuid } = (await identity.json()) as { identityUuid: string };
  const documents = `${LEAP}/secure/api/v1/applications/${appUuid}/borrowers/${identityUuid}/documents`;
  const unsigned = await request.get(`${documents}/unsigned`, { headers: bearer(jwt) });
  expect(unsigned.ok(), await unsigned.text()).toBe(true);
  for (const document of (await unsigned.json()) as { uuid: string }[]) {
    const signed = await request.post(`${documents}/${document.uuid}/sign`, {
      headers: bearer(jwt),
    });
    expect(signed.ok(), await signed.text()).toBe(true);
  }
  await waitForState(request, jwt, appUuid, 'WAITING_FOR_COLLATERAL');
}

/**
 * A borrower whose application waits for collateral, signed in in the browser through the sign-in
 * page (the page sends the browser there and back), on /collateral with the deposit address shown.
 */
async function borrowerOnCollateral(page: Page, request: APIRequestContext) {
  await request.post('/sandbox/prices', { data: { BTC: 60000, ETH: 3000 } });
  const borrower = await signInBorrower(request, uniqueEmail('session'));
  const { appUuid } = await newApplication(request, borrower.jwt, {
    countryCode: 'DE',
    requestedAmount: 20_000,
    coinQuantity: '1',
  });
  await submitInternationalDetails(request, borrower.jwt, appUuid, borrower.email);
  await signAllDocuments(request, borrower.jwt, appUuid);
  const due = await collateralDue(request, borrower.jwt, appUuid);

  const collateralUrl = `${APP}/${appUuid}/collateral`;
  await page.goto(collateralUrl);
  await signIn(page, borrower.email);
  await expect(page).toHaveURL(collateralUrl);
  await expect(page.getByText(due.address).first()).toBeVisible();
  return { email: borrower.email, collateralUrl, depositAddress: due.address };
}

async function browserToken(page: Page): Promise<string> {
  const jwt = await page.evaluate<string | null>('window.localStorage.getItem("pledge.jwt")');
  expect(jwt, 'a signed-in browser').not.toBeNull();
  return jwt ?? '';
}

test.beforeEach(async ({ request }) => {
  await request.delete('/sandbox/clock');
});
test.afterEach(async ({ request }) => {
  await request.delete('/sandbox/clock');
});

test('a borrower waiting on /collateral stays signed in past the old 15-minute limit', async ({
  page,
  request,
}) => {
  const { collateralUrl, depositAddress } = await borrowerOnCollateral(page, request);
  const jwt = await browserToken(page);

  // Waiting for confirmations, looking again now and then (each look is within the idle timeout).
  const stepMinutes = IDLE_TIMEOUT_MINUTES - 10;
  const steps = 4;
  for (let step = 0; step < steps; step += 1) {
    await advanceClock(request, stepMinutes);
    await page.reload();
    await expect(page.getByText(depositAddress).first()).toBeVisible();
    await expect(page).toHaveURL(collateralUrl);
  }
  // Longer than the old token life, and than the idle timeout, in all.
  expect(steps * stepMinutes).toBeGreaterThan(2 * IDLE_TIMEOUT_MINUTES);
  expect(steps * stepMinutes).toBeGreaterThan(OLD_TOKEN_LIFE_MINUTES);
  // The same sign-in, still good.
  expect(await browserToken(page)).toBe(jwt);
  expect((await request.get(FIGURE_INFO, { headers: bearer(jwt) })).status()).toBe(200);
});

test('a tab left idle past the idle timeout signs out and comes back to its page', async ({
  page,
  request,
}) => {
  const { email, collateralUrl, depositAddress } = await borrowerOnCollateral(page, request);
  const idleJwt = await browserToken(page);

  await advanceClock(request, IDLE_TIMEOUT_MINUTES + 1);
  // The borrower comes back to the tab: it checks its session, which has ended, so the app asks
  // for a new sign-in, remembering the page.
  await page.evaluate('document.dispatchEvent(new Event("visibilitychange"))');
  await expect(page).toHaveURL((url) => url.pathname === '/auth/login');
  expect((await request.get(FIGURE_INFO, { headers: bearer(idleJwt) })).status()).toBe(401);

  await signIn(page, email);
  await expect(page).toHaveURL(collateralUrl);
  await expect(page.getByText(depositAddress).first()).toBeVisible();
  expect(await browserToken(page)).not.toBe(idleJwt);
});
