import { APP, expect, expectAccessible, screenshotBothWidths, test } from '../fixtures/index.js';

test('the offer page without a state or country sends the borrower to /residency', async ({
  page,
}) => {
  await page.goto(`${APP}/start`);
  await expect(page).toHaveURL(new RegExp(`${APP}/residency$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Where do you reside?' })).toBeVisible();
  await expectAccessible(page);
  await screenshotBothWidths(page, 'residency');
});

test('the offer page keeps a state query and shows its title', async ({ page }) => {
  await page.goto(`${APP}/start?state=OH`);
  await expect(page).toHaveURL(new RegExp(`${APP}/start\\?state=OH$`));
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Borrow funds against your crypto assets to get cash while you HODL',
    }),
  ).toBeVisible();
  await expectAccessible(page);
});

test('an unknown path inside the app lands on the residency choice via /start', async ({
  page,
}) => {
  await page.goto(`${APP}/no-such-page/at-all`);
  await expect(page).toHaveURL(new RegExp(`${APP}/residency$`));
});
