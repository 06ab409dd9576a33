import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { getBanners, type TBanner } from '@pledge/contract';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch.js';
import { renderApp } from '../../../test/render-app.js';
import { BANNER_DISMISSALS_STORAGE_KEY } from '../banner-dismissals.js';

const BANNERS_KEY = `GET ${getBanners.path}`;

const OLDER: TBanner = {
  uuid: '1b7f3a52-6c1d-4e2f-9a3b-4c5d6e7f8a9b',
  message: 'Scheduled maintenance on Sunday from 2 to 4 am ET.',
  apps: ['crypto-backed-loan'],
  variant: 'warn',
  active: true,
  dismissable: true,
  metadata: { createdAt: '2025-03-01T10:00:00.000Z', updatedAt: '2025-03-01T10:00:00.000Z' },
};
const NEWER: TBanner = {
  ...OLDER,
  uuid: '2c8a4b63-7d2e-4f3a-8b4c-5d6e7f8a9b0c',
  message: 'Rates were updated today.',
  variant: 'info',
  metadata: { createdAt: '2025-03-05T10:00:00.000Z', updatedAt: '2025-03-05T10:00:00.000Z' },
};

async function faqPage() {
  const view = renderApp('/account/crypto-backed-loan/faq');
  await screen.findByRole('heading', { level: 1 });
  return view;
}

describe('the banner area of the layout', () => {
  it('shows the newest active banner only, fetched past the cache', async () => {
    const fetch = mockFetch({ [BANNERS_KEY]: () => jsonResponse([OLDER, NEWER]) });
    await faqPage();
    expect(await screen.findByText('Rates were updated today.')).toBeInTheDocument();
    expect(screen.queryByText(OLDER.message)).not.toBeInTheDocument();
    const call = fetch.mock.calls.find(([url]) => String(url) === getBanners.path);
    expect(call?.[1]?.cache).toBe('no-store');
  });

  it('remembers a dismissal by its time and shows the next banner', async () => {
    mockFetch({ [BANNERS_KEY]: () => jsonResponse([OLDER, NEWER]) });
    const { user } = await faqPage();
    await user.click(await screen.findByRole('button', { name: 'Dismiss announcement' }));
    expect(await screen.findByText(OLDER.message)).toBeInTheDocument();
    expect(screen.queryByText(NEWER.message)).not.toBeInTheDocument();
    const stored = JSON.parse(window.localStorage.getItem(BANNER_DISMISSALS_STORAGE_KEY) ?? '{}');
    expect(stored[NEWER.uuid]).toBeGreaterThanOrEqual(Date.parse(NEWER.metadata.updatedAt));
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('offers no dismissal for a banner that cannot be dismissed', async () => {
    mockFetch({ [BANNERS_KEY]: () => jsonResponse([{ ...NEWER, dismissable: false }]) });
    await faqPage();
    expect(await screen.findByText(NEWER.message)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dismiss announcement' })).not.toBeInTheDocument();
  });

  it.each([
    ['malformed data', () => jsonResponse([{ ...NEWER, variant: 'shout' }])],
    ['data that is not JSON', () => new Response('<html>', { status: 200 })],
    ['a failed fetch', () => jsonResponse({ code: 'DOWN', message: 'Unavailable' }, 503)],
  ])('shows no banner for %s', async (_, answer) => {
    const fetch = mockFetch({ [BANNERS_KEY]: answer });
    await faqPage();
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url) === getBanners.path)).toBe(true),
    );
    expect(screen.queryByRole('region', { name: 'Announcements' })).not.toBeInTheDocument();
  });
});
