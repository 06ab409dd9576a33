import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QR_GIVE_UP_MS, QR_IMPRESSION_MS, QR_MAX_RELOADS, QR_REFRESH_MS } from '@pledge/domain';
import type * as LoadWithRetryModule from './load-with-retry.js';
import { QR_FAILURE_MESSAGES, QR_RELOADS_STORAGE_KEY, QrCode } from './qr-code.js';

const encoderLoad = vi.hoisted(() => ({ isBlocked: false, timings: [] as unknown[] }));

// Loads the encoder for real unless a test blocks it, as an ad blocker would; the retry timing
// itself is tested in load-with-retry.test.ts.
vi.mock('./load-with-retry.js', async (importOriginal) => {
  const actual = await importOriginal<typeof LoadWithRetryModule>();
  return {
    ...actual,
    loadWithRetry: (...args: Parameters<typeof actual.loadWithRetry>) => {
      encoderLoad.timings.push(args[1]);
      return encoderLoad.isBlocked
        ? Promise.reject(new Error('blocked by the client'))
        : actual.loadWithRetry(...args);
    },
  };
});

const ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';

beforeEach(() => {
  encoderLoad.isBlocked = false;
  encoderLoad.timings = [];
  sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('QrCode', () => {
  it('says it is loading, then draws the code as an SVG image with its text alternative', async () => {
    const { container } = render(
      <QrCode value={ADDRESS} alt="QR code of the deposit address" size={160} />,
    );
    expect(container.firstElementChild).toHaveAttribute('aria-busy', 'true');
    const image = await screen.findByRole('img', { name: 'QR code of the deposit address' });
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(image).toHaveAttribute('width', '160');
    expect(encoderLoad.timings).toEqual([{ intervalMs: QR_REFRESH_MS, giveUpMs: QR_GIVE_UP_MS }]);
  });

  it.each([
    ['borrower', 'QR code is generating. Make sure adblock is disabled and refresh the page.'],
    [
      'refinancing',
      'Failed to generate QR code. Make sure adblock is disabled and refresh the page.',
    ],
  ] as const)(
    'shows the %s failure text when the text cannot be encoded',
    async (variant, text) => {
      render(<QrCode value={ADDRESS.repeat(100)} alt="QR code" failureVariant={variant} />);
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(screen.queryByRole('img')).not.toBeInTheDocument();
    },
  );

  it('shows the failure text when the encoder cannot be loaded', async () => {
    encoderLoad.isBlocked = true;
    render(<QrCode value={ADDRESS} alt="QR code" failureVariant="refinancing" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(QR_FAILURE_MESSAGES.refinancing);
  });

  it(`reloads the page at most ${QR_MAX_RELOADS} times when asked to`, async () => {
    encoderLoad.isBlocked = true;
    // jsdom cannot navigate, so the reload is seen in the count it leaves and the missing message.
    sessionStorage.setItem(QR_RELOADS_STORAGE_KEY, String(QR_MAX_RELOADS - 1));
    const first = render(<QrCode value={ADDRESS} alt="QR code" reloadOnFailure />);
    await vi.waitFor(() =>
      expect(sessionStorage.getItem(QR_RELOADS_STORAGE_KEY)).toBe(String(QR_MAX_RELOADS)),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    first.unmount();

    render(<QrCode value={ADDRESS} alt="QR code" reloadOnFailure />);
    expect(await screen.findByRole('alert')).toHaveTextContent(QR_FAILURE_MESSAGES.borrower);
    expect(sessionStorage.getItem(QR_RELOADS_STORAGE_KEY)).toBe(String(QR_MAX_RELOADS));
  });

  it('forgets the reloads once a code is drawn', async () => {
    sessionStorage.setItem(QR_RELOADS_STORAGE_KEY, '1');
    render(<QrCode value={ADDRESS} alt="QR code" reloadOnFailure />);
    await screen.findByRole('img', { name: 'QR code' });
    expect(sessionStorage.getItem(QR_RELOADS_STORAGE_KEY)).toBeNull();
  });

  it(`reports an impression once the code has been visible for ${QR_IMPRESSION_MS} ms`, async () => {
    // Only timeouts are fake, so the encoder still loads while the test waits for it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const onImpression = vi.fn();
    render(<QrCode value={ADDRESS} alt="QR code" onImpression={onImpression} />);
    while (screen.queryByRole('img', { name: 'QR code' }) === null) {
      await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
    }
    act(() => {
      vi.advanceTimersByTime(QR_IMPRESSION_MS - 1);
    });
    expect(onImpression).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onImpression).toHaveBeenCalledOnce();
    act(() => {
      vi.advanceTimersByTime(QR_IMPRESSION_MS * 3);
    });
    expect(onImpression).toHaveBeenCalledOnce();
  });
});
