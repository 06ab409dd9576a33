import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { approveAsSecondAgent, expectProposed } from '../fixtures/approvals.js';
import { APP, expect, expectAccessible, screenshotBothWidths, test } from '../fixtures/index.js';
import { AGENT_EMAIL } from '../fixtures/risk.js';
import { signIn } from '../fixtures/sign-in.js';

// Brand console (issue 38): an agent creates a brand as a draft, a contrast-failing colour is
// refused with its ratio, the draft is previewed on the real offer page at both widths (axe
// checks the frames too), a second agent approves its publication, and the brand's pages serve it
// by ?org= and by its host name, with no restart. Two instances serving it within a second are
// proven by the server's multi-instance test (test/multi-instance/brand-publication.test.ts): an
// E2E lane runs one server.
test.describe.configure({ timeout: 300_000 });

/** WCAG 2.0 contrast, written again here. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const n = parseInt(hex.slice(1), 16);
    const [r = 0, g = 0, bl = 0] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi = 0, lo = 0] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

async function injectedBrand(page: Page): Promise<{ orgCode: string; companyName: string }> {
  const text = await page.locator('#brand-config').textContent();
  return JSON.parse(text ?? '{}') as { orgCode: string; companyName: string };
}

test('a brand created in the console is served once a second agent approves it', async ({
  page,
  browser,
}) => {
  // A code of its own each run: an org code is never reused.
  const code = `e2e-${randomBytes(4).toString('hex')}`;
  const host = `${code}.localhost`;
  const company = `Brand ${code.slice(4)} Credit`;
  const primary = '#7a1f5c';
  const background = '#fbf7fa';

  await page.goto('/ops/brands');
  await signIn(page, AGENT_EMAIL, 'agent');
  await expect(page).toHaveURL(/\/ops\/brands$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Brands' })).toBeVisible();
  await page.getByRole('button', { name: 'New brand' }).click();

  await page.getByLabel('Organisation code').fill(code);
  await page.getByLabel('Company name').fill(company);
  await page.getByLabel('Legal name').fill(`${company}, LLC`);
  await page.getByLabel('Support e-mail').fill('help@brand-console.test');
  await page.getByLabel('Support phone').fill('(800) 201-4400');
  await page.getByLabel('NMLS number').fill('4455667');
  await page.getByLabel('Terms of use link').fill('https://brand-console.test/terms');
  await page.getByLabel('Licences page link').fill('https://brand-console.test/licences');
  await page.getByLabel('Primary (buttons, links) (hex)').fill(primary);
  await page.getByLabel('Page background (hex)').fill(background);
  await page.getByLabel('States served').fill('CA NY');
  await page.getByLabel('State licences').fill('CA CFL 60DBO-1234\nNY NY-LL-5678');
  await page.getByLabel('Footer paragraphs').fill(`${company} lends in California and New York.`);
  await page.getByLabel('Host names').fill(host);

  // Faint text is refused, with its ratio, before anything is sent.
  const text = page.getByLabel('Text (hex)', { exact: true });
  await text.fill('#aaaaaa');
  const ratio = (Math.floor(contrast('#aaaaaa', background) * 100) / 100).toFixed(2);
  await expect(page.getByRole('alert')).toContainText(`${ratio}:1`);
  await page.getByRole('button', { name: 'Create the brand as a draft' }).click();
  await expect(page).toHaveURL(/\/ops\/brands$/);

  await text.fill('#1a1017');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create the brand as a draft' }).click();
  await expect(page).toHaveURL(new RegExp(`/ops/brands/${code}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Brand ${code}` })).toBeVisible();
  await expect(page.getByText('Not published yet.')).toBeVisible();

  // The preview: the real offer page in the draft, at both widths, and accessible.
  await page.getByRole('button', { name: 'Show the preview' }).click();
  for (const width of [375, 1280]) {
    const frame = page.frameLocator(`iframe[title="Offer page in version 1, ${width} px wide"]`);
    await expect(frame.getByRole('banner').getByRole('link', { name: company })).toBeVisible();
    await expect(frame.getByRole('contentinfo')).toContainText(
      'State licences: CA CFL 60DBO-1234 · NY NY-LL-5678',
    );
  }
  await expectAccessible(page);
  await screenshotBothWidths(page, 'ops-brand');

  // Not served before approval: the code is unknown to the pages.
  await page.getByRole('button', { name: 'Propose publication of version 1' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Reason/).fill('New lender signed');
  await dialog.getByRole('button', { name: 'Propose to publish' }).click();
  await expectProposed(dialog, `Publish version 1 of brand ${code}`);

  const visitor = await browser.newContext();
  const start = await visitor.newPage();
  await start.goto(`${test.info().project.use.baseURL ?? ''}${APP}/start?org=${code}`);
  expect((await injectedBrand(start)).orgCode).toBe('default');

  await approveAsSecondAgent(browser, `brand ${code}`);

  // Served at once: by ?org= …
  await start.goto(`${test.info().project.use.baseURL ?? ''}${APP}/start?org=${code}`);
  expect(await injectedBrand(start)).toMatchObject({ orgCode: code, companyName: company });
  const served = String(
    await start.evaluate(
      "getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim()",
    ),
  );
  expect(served.toLowerCase()).toBe(primary);
  await expect(start.getByRole('banner').getByRole('link', { name: company })).toBeVisible();
  const footer = start.getByRole('contentinfo');
  await expect(footer).toContainText('State licences: CA CFL 60DBO-1234 · NY NY-LL-5678');
  await expect(footer).toContainText(`${company} lends in California and New York.`);
  await expect(footer.getByRole('link', { name: 'NMLS #4455667' })).toBeVisible();
  await expectAccessible(start);

  // … and by its host name.
  const port = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1').port;
  await start.goto(`http://${host}:${port}/privacy`);
  expect(await injectedBrand(start)).toMatchObject({ orgCode: code, companyName: company });
  await visitor.close();

  // The console lists who wrote and who approved it.
  await page.reload();
  const version = page.getByRole('row').filter({ hasText: 'Served' });
  await expect(version).toContainText('agent2@example.com');
});
