import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** Fakes the timers a page polls and waits with; setImmediate and the clock stay real. */
export function fakePollingTimers() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
}

/**
 * Lets promises and React settle while the polling timers are fake, until `until` holds (or 500
 * turns have passed).
 */
export async function settle(until: () => boolean) {
  for (let turn = 0; turn < 500 && !until(); turn += 1) {
    // TanStack Query hands its updates over with setTimeout(0), faked here.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
      await new Promise<void>((resolve) => setImmediate(resolve));
    });
  }
}
