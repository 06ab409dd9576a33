import { APP, expect, test } from '../fixtures/index.js';

const VIDEO = '/media/background.webm';

test('the layout’s background video plays muted on a wide screen, and pauses on request', async ({
  page,
  request,
}) => {
  const file = await request.get(VIDEO);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toMatch(/^video\/webm/);
  expect((await file.body()).length).toBeLessThan(100_000);

  // The suite's browser asks for less motion (playwright.config.ts): this reader does not.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${APP}/residency`);
  const video = page.locator('.background-video video');
  await expect(video).toHaveAttribute('poster', /background-poster\.jpg$/);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused && element.muted))
    .toBe(true);
  await page.getByRole('button', { name: 'Pause background animation' }).click();
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
});

test('the background video stays still for a reader who asks for less motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${APP}/residency`);
  const video = page.locator('.background-video video');
  await expect(video).toHaveAttribute('poster', /background-poster\.jpg$/);
  await page.waitForTimeout(500);
  expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
  await expect(page.getByRole('button', { name: 'Pause background animation' })).toHaveCount(0);
});
