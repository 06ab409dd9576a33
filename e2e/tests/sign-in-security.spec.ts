import { createHmac, randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures/index.js';
import { readMailbox, signIn, waitForSignInCode } from '../fixtures/sign-in.js';

/** The sandbox borrower with two-factor sign-in (apps/server seed-identities.ts). */
const TWO_FACTOR_EMAIL = 'legacy-2fa@example.com';
const TWO_FACTOR_SECRET = 'ONQW4ZDCN54C25DPORYC243FMNZGK5BB';
const STORED_TOKEN = "localStorage.getItem('pledge.jwt')";

/** The server's time: the sandbox clock may have been moved forward by other tests. */
async function serverNow(request: APIRequestContext): Promise<number> {
  const answer = await request.get('/sandbox/clock');
  if (!answer.ok()) return Date.now();
  return new Date(((await answer.json()) as { now: string }).now).getTime();
}

/** RFC 6238 (HMAC-SHA1, 30-second steps, 6 digits), as an authenticator app computes it. */
function totpAt(secretBase32: string, atMs: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secretBase32) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const bytes = (bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const digest = createHmac('sha1', Buffer.from(bytes)).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  return ((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, '0');
}

test('a borrower with two-factor sign-in gives the authenticator code after the e-mailed code', async ({
  page,
}) => {
  await page.goto('/auth/login?signInMode=broker&redirectUrl=%2Fdashboard');
  await page.getByRole('textbox', { name: /Email address/ }).fill(TWO_FACTOR_EMAIL);
  const sentBefore = (await readMailbox(page.request, TWO_FACTOR_EMAIL)).length;
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await waitForSignInCode(page.request, TWO_FACTOR_EMAIL, sentBefore);
  await page.getByRole('textbox', { name: /Sign-in code/ }).fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();

  const totp = page.getByRole('textbox', { name: /Authenticator code/ });
  await expect(totp).toBeFocused();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await expectAccessible(page);
  // A code of a step of its own, so that no earlier test's code is replayed.
  const nextStepMs = Math.ceil((await serverNow(page.request)) / 30_000) * 30_000;
  await totp.fill(totpAt(TWO_FACTOR_SECRET, nextStepMs));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('banner').getByText(TWO_FACTOR_EMAIL)).toBeVisible();
});

test('the old address undoes a change of sign-in address from the e-mailed link', async ({
  page,
}) => {
  const oldEmail = `undo-${randomUUID()}@example.com`;
  const newEmail = `moved-${randomUUID()}@example.com`;
  await page.goto('/auth/login');
  await signIn(page, oldEmail);
  const jwt = String(await page.evaluate(STORED_TOKEN));
  const headers = { authorization: `Bearer ${jwt}` };

  // The step-up of an account without password: a code e-mailed to its current address.
  const mailed = (await readMailbox(page.request, oldEmail)).length;
  const stepUp = await page.request.post('/identity/secure/api/v1/identity/step-up', { headers });
  expect(await stepUp.json()).toEqual({ method: 'email-code' });
  const stepUpCode = await waitForSignInCode(page.request, oldEmail, mailed);
  const asked = await page.request.put('/identity/secure/api/v1/identity/alias', {
    headers,
    data: { type: 'Email', value: newEmail, stepUpCode },
  });
  expect(asked.status()).toBe(200);
  const code = await waitForSignInCode(page.request, newEmail, 0);
  const confirmed = await page.request.post('/identity/secure/api/v1/identity/alias/confirm', {
    headers,
    data: { type: 'Email', value: newEmail, code },
  });
  expect(confirmed.status()).toBe(200);

  const [notice] = await readMailbox(page.request, oldEmail);
  const link = /(https?:\/\/\S+undoEmailChange=\S+)/.exec(notice?.text ?? '')?.[1];
  expect(link).toBeDefined();
  await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Restore your sign-in address' }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Restore my old address' }).click();
  await expect(page.getByText(`Your sign-in address is ${oldEmail} again`)).toBeVisible();
  await expectAccessible(page);

  // Everyone was signed out, the caller too.
  const after = await page.request.get('/identity/secure/api/v1/identity', { headers });
  expect(after.status()).toBe(401);
});
