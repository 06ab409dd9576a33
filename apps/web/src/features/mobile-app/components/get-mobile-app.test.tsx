import { act, configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QR_GIVE_UP_MS, QR_IMPRESSION_MS, QR_MAX_RELOADS, QR_REFRESH_MS } from '@pledge/domain';
import { APP_UUID, makeBrand } from '../../../test/fixtures.js';
import { mockFetch } from '../../../test/mock-fetch.js';
import { renderApp } from '../../../test/render-app.js';
import { telemetry } from '../../../telemetry/telemetry-client.js';
import type * as LoadWithRetryModule from '../../../ui/qr-code/load-with-retry.js';
import { QR_RELOADS_STORAGE_KEY } from '../../../ui/qr-code/qr-code.js';
import { QR_IMPRESSION_EVENT } from './get-mobile-app.js';

const encoder = vi.hoisted(() => ({ isBlocked: false, attempts: 0 }));

// The encoder loads for real unless a test blocks it, as an ad blocker would; the retry timing is
// the real one.
vi.mock('../../../ui/qr-code/load-with-retry.js', async (importOriginal) => {
  const actual = await importOriginal<typeof LoadWithRetryModule>();
  return {
    ...actual,
    loadWithRetry: <T,>(...[load, timing, signal]: Parameters<typeof actual.loadWithRetry<T>>) =>
      actual.loadWithRetry<T>(
        () => {
          encoder.attempts += 1;
          return encoder.isBlocked ? Promise.reject(new Error('blocked by the client')) : load();
        },
        timing,
        signal,
      ),
  };
});

configure({ asyncUtilTimeout: 5000 });

const B = '/account/crypto-backed-loan';
const PAGE = `${B}/get-mobile-app?loanAmount=20250&appUuid=${APP_UUID}`;
const IOS_URL = 'https://apps.apple.com/app/id100000';
const ANDROID_URL = 'https://play.google.com/store/apps/details?id=example.markets';
const MARKETS = makeBrand({
  orgCode: 'markets',
  companyName: 'Markets Credit',
  flags: { wholesale: false, marketsCredit: true, general: false },
  mobileApp: { iosUrl: IOS_URL, androidUrl: ANDROID_URL },
});
const HEADING = 'Just a few more steps for your $20,250.00 loan';
const QR_ALT = 'QR code that opens the download of the Markets Credit app on your phone';

/** Lets promises and real I/O run while only timeouts are fake. */
async function settle(until: () => boolean) {
  for (let turn = 0; turn < 500 && !until(); turn += 1) {
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  }
}

beforeEach(() => {
  encoder.isBlocked = false;
  encoder.attempts = 0;
  sessionStorage.clear();
  mockFetch({});
});

afterEach(() => {
  vi.useRealTimers();
});

describe('get the mobile app', { timeout: 20_000 }, () => {
  it('names the loan, lists the three steps and shows the install code on a desktop', async () => {
    renderApp(PAGE, { brand: MARKETS });
    expect(await screen.findByRole('heading', { level: 1, name: HEADING })).toBeInTheDocument();
    const steps = screen.getAllByRole('listitem').filter((item) => item.closest('ol'));
    expect(steps.map((step) => within(step).getByRole('heading').textContent)).toEqual([
      'Install the Markets Credit app',
      'Complete your account setup',
      'Submit your loan application',
    ]);
    expect(screen.getByText('It takes 5-10 minutes.')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: QR_ALT })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'App Store' })).toHaveAttribute('href', IOS_URL);
    expect(screen.getByRole('link', { name: 'Google Play' })).toHaveAttribute('href', ANDROID_URL);
  });

  it.each([
    ['an iPhone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)', IOS_URL],
    ['an Android phone', 'Mozilla/5.0 (Linux; Android 14; Pixel 8)', ANDROID_URL],
  ])('links to the app store on %s instead of a code', async (_, userAgent, href) => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
    renderApp(PAGE, { brand: MARKETS });
    const link = await screen.findByRole('link', { name: 'Install the Markets Credit app' });
    expect(link).toHaveAttribute('href', href);
    expect(screen.queryByRole('img', { name: QR_ALT })).toBeNull();
  });

  it('says no application was found without an appUuid', async () => {
    renderApp(`${B}/get-mobile-app?loanAmount=20250`, { brand: MARKETS });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Get the mobile app' }),
    ).toBeInTheDocument();
    expect(screen.getByText('No application was found.')).toBeInTheDocument();
    expect(
      screen.getByText('Go back to the loan details page and continue from there.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: QR_ALT })).toBeNull();
  });

  it(`tries the code again every ${QR_REFRESH_MS} ms and reloads the page after ${QR_GIVE_UP_MS} ms`, async () => {
    encoder.isBlocked = true;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderApp(PAGE, { brand: MARKETS });
    await settle(() => encoder.attempts > 0);
    expect(encoder.attempts).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(QR_REFRESH_MS * 3));
    expect(encoder.attempts).toBe(4);
    expect(sessionStorage.getItem(QR_RELOADS_STORAGE_KEY)).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(QR_GIVE_UP_MS));
    expect(encoder.attempts).toBe(QR_GIVE_UP_MS / QR_REFRESH_MS);
    // jsdom cannot reload: the reload shows in the count it leaves, and in the missing message.
    expect(sessionStorage.getItem(QR_RELOADS_STORAGE_KEY)).toBe('1');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it(`gives up after ${QR_MAX_RELOADS} reloads with the failure message`, async () => {
    encoder.isBlocked = true;
    sessionStorage.setItem(QR_RELOADS_STORAGE_KEY, String(QR_MAX_RELOADS));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderApp(PAGE, { brand: MARKETS });
    await settle(() => encoder.attempts > 0);
    await act(() => vi.advanceTimersByTimeAsync(QR_GIVE_UP_MS + QR_REFRESH_MS));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'QR code is generating. Make sure adblock is disabled and refresh the page.',
    );
    expect(sessionStorage.getItem(QR_RELOADS_STORAGE_KEY)).toBe(String(QR_MAX_RELOADS));
  });

  it(`reports the impression after ${QR_IMPRESSION_MS} ms on screen`, async () => {
    const trackEvent = vi.spyOn(telemetry, 'trackEvent').mockResolvedValue();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderApp(PAGE, { brand: MARKETS });
    await settle(() => screen.queryByRole('img', { name: QR_ALT }) !== null);
    const impressions = () =>
      trackEvent.mock.calls.filter(([input]) => input.event === QR_IMPRESSION_EVENT);

    await act(() => vi.advanceTimersByTimeAsync(QR_IMPRESSION_MS - 1));
    expect(impressions()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(impressions()).toEqual([[{ event: QR_IMPRESSION_EVENT, applicationUuid: APP_UUID }]]);
  });

  it('sends a brand without an app back to the web application', async () => {
    renderApp(PAGE, { brand: makeBrand({ mobileApp: null }) });
    expect(await screen.findByRole('heading', { level: 1, name: HEADING })).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Continue your application on the web' }),
    ).toHaveAttribute('href', `${B}/${APP_UUID}/details`);
    // No install step for an app the brand does not have.
    expect(screen.getByText('Harbor Credit Partners has no mobile app.')).toBeInTheDocument();
    expect(screen.queryByText(/Install the/)).toBeNull();
    expect(screen.queryByText('Complete your account setup')).toBeNull();
  });
});
