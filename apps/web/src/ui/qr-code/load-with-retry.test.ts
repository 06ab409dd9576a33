import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadCancelledError, loadWithRetry } from './load-with-retry.js';

const TIMING = { intervalMs: 500, giveUpMs: 10000 };

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('loadWithRetry', () => {
  it('answers at once when the first try works', async () => {
    const load = vi.fn(() => Promise.resolve('encoder'));
    await expect(loadWithRetry(load, TIMING, new AbortController().signal)).resolves.toBe(
      'encoder',
    );
    expect(load).toHaveBeenCalledOnce();
  });

  it('tries again every interval until a try works', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('blocked'))
      .mockRejectedValueOnce(new Error('blocked'))
      .mockResolvedValue('encoder');
    const result = loadWithRetry(load, TIMING, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(TIMING.intervalMs - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(TIMING.intervalMs);
    await expect(result).resolves.toBe('encoder');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('gives up with the last error when the give-up time is reached', async () => {
    const load = vi.fn(() => Promise.reject(new Error('blocked')));
    const result = loadWithRetry(load, TIMING, new AbortController().signal);
    const outcome = vi.fn();
    result.then(outcome, outcome);
    await vi.advanceTimersByTimeAsync(TIMING.giveUpMs - 1);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(new Error('blocked'));
    expect(load).toHaveBeenCalledTimes(TIMING.giveUpMs / TIMING.intervalMs);
  });

  it('stops trying when aborted', async () => {
    const load = vi.fn(() => Promise.reject(new Error('blocked')));
    const controller = new AbortController();
    const result = loadWithRetry(load, TIMING, controller.signal);
    await vi.advanceTimersByTimeAsync(TIMING.intervalMs);
    controller.abort();
    await expect(result).rejects.toBeInstanceOf(LoadCancelledError);
    await vi.advanceTimersByTimeAsync(TIMING.giveUpMs);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
