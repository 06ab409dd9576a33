import type { Page } from '@playwright/test';
import { APP, expect, expectAccessible, screenshotBothWidths, test } from '../fixtures/index.js';

const ORG_CODES = ['default', 'partner', 'markets'] as const;

const HOUSING_LOGO_NAMES: Record<string, string> = {
  EQUAL_HOUSING_LENDER: 'Equal Housing Lender',
  EQUAL_HOUSING_OPPORTUNITY: 'Equal Housing Opportunity',
  EQUAL_OPPORTUNITY: 'Equal Opportunity Lender',
};

interface TPageBrand {
  orgCode: string;
  companyName: string;
  legalName: string;
  nmlsNumber: string;
  supportEmail: string;
  housingLogo: string;
  colors: { primary: string };
}

/** The brand the server injected into the page. */
async function injectedBrand(page: Page): Promise<TPageBrand> {
  const text = await page.locator('#brand-config').textContent();
  return JSON.parse(text ?? '{}') as TPageBrand;
}

for (const org of ORG_CODES) {
  test(`the ${org} brand shows its own name, colours, NMLS number and fair-lending mark`, async ({
    page,
  }) => {
    await page.goto(`/privacy?org=${org}`);
    const brand = await injectedBrand(page);
    expect(brand.orgCode).toBe(org);

    await expect(
      page.getByRole('banner').getByRole('link', { name: brand.companyName }),
    ).toBeVisible();
    await expect(page).toHaveTitle(`Privacy notice | ${brand.companyName}`);
    const primary = String(
      await page.evaluate(
        "getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim()",
      ),
    );
    expect(primary.toLowerCase()).toBe(brand.colors.primary.toLowerCase());

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: `NMLS #${brand.nmlsNumber}` })).toBeVisible();
    await expect(
      footer.getByRole('img', { name: HOUSING_LOGO_NAMES[brand.housingLogo] }),
    ).toBeVisible();
    await expect(footer).toContainText(`© ${new Date().getFullYear()} ${brand.legalName}`);
    await expect(footer).toContainText('Yemen and Zimbabwe');

    // The privacy notice speaks for this brand.
    const notice = page.getByRole('main');
    await expect(notice).toContainText(brand.legalName);
    await expect(notice.getByRole('link', { name: brand.supportEmail }).first()).toBeVisible();
    await expectAccessible(page);
    await screenshotBothWidths(page, `privacy-${org}`);

    await page.goto(`/auth/login?org=${org}&signInMode=broker`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(
      page.getByRole('banner').getByRole('link', { name: brand.companyName }),
    ).toBeVisible();
    await expectAccessible(page);
    await screenshotBothWidths(page, `sign-in-${org}`);
  });
}

test('the brands differ from one another', async ({ page }) => {
  const brands: TPageBrand[] = [];
  for (const org of ORG_CODES) {
    await page.goto(`/privacy?org=${org}`);
    brands.push(await injectedBrand(page));
  }
  for (const field of ['companyName', 'nmlsNumber', 'housingLogo'] as const) {
    expect(new Set(brands.map((brand) => brand[field])).size).toBe(ORG_CODES.length);
  }
  expect(new Set(brands.map((brand) => brand.colors.primary)).size).toBe(ORG_CODES.length);
});

test('the markets brand offers no International residency; the default brand does', async ({
  page,
}) => {
  await page.goto(`${APP}/residency?org=markets`);
  await expect(page.getByRole('heading', { level: 1, name: 'Where do you reside?' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /International/ })).toHaveCount(0);
  await expectAccessible(page);

  await page.goto(`${APP}/residency?org=default`);
  await expect(page.getByRole('radio', { name: /International/ })).toBeVisible();
});
