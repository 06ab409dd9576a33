import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { approveAsSecondAgent, PROPOSED_TEXT } from '../fixtures/approvals.js';
import { expect, expectAccessible, test } from '../fixtures/index.js';
import { AGENT_EMAIL } from '../fixtures/risk.js';
import { signIn } from '../fixtures/sign-in.js';

// The partner console at a phone's width: an agent proposes the sandbox receiver as a webhook
// endpoint, a second agent approves it on the Approvals page, the proposer reads its signing
// secret once (and not again), and the endpoint's delivery log opens; nothing scrolls sideways.
test.describe.configure({ timeout: 180_000 });

const WIDTH = 320;

async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(WIDTH);
}

test('an endpoint proposed in the console shows its secret once to its proposer', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: WIDTH, height: 800 });
  await page.goto('/ops/partners');
  await signIn(page, AGENT_EMAIL, 'agent');
  await expect(page).toHaveURL(/\/ops\/partners$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Partner events' })).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'API keys of default' })
      .or(page.getByText('This brand has no API key.')),
  ).toBeVisible();

  const description = `console receiver ${randomUUID()}`;
  const form = page.getByRole('form', { name: 'Propose a webhook endpoint' });
  await form.getByRole('button', { name: 'Propose the endpoint' }).click();
  await expect(form.getByLabel('URL')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('URL').fill('sandbox:webhooks/inbox');
  await form.getByLabel('Description').fill(description);
  await form.getByRole('button', { name: 'Propose the endpoint' }).click();
  await expect(form.getByText(PROPOSED_TEXT)).toBeVisible();
  await expectNoSidewaysScroll(page);

  await approveAsSecondAgent(browser, description);

  await page.reload();
  const secrets = page.getByRole('region', { name: 'Secrets waiting for you' });
  await secrets
    .getByRole('button', { name: /Show the secret once/ })
    .first()
    .click();
  const field = secrets.getByLabel('The signing secret');
  await expect(field).toHaveValue(/^whsec_/);
  await expect(field).toHaveAttribute('readonly', '');
  await expect(secrets).toContainText('you will not see it again');
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await secrets.getByRole('button', { name: 'I have saved it' }).click();
  await expect(field).toBeHidden();

  await page.reload();
  await expect(secrets.getByText(/No secret waits for you/)).toBeVisible();
  const row = page
    .getByRole('table', { name: 'Webhook endpoints of default' })
    .getByRole('row')
    .filter({ hasText: description });
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: /Show deliveries/ }).click();
  await expect(
    page.getByRole('heading', { name: /Deliveries to sandbox:webhooks\/inbox/ }),
  ).toBeVisible();
  await expect(
    page.getByRole('table', { name: /^Deliveries to / }).or(page.getByText(/Nothing was sent/)),
  ).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
});
