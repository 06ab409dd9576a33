import { describe, expect, it } from 'vitest';
import { createInFlight } from './in-flight.js';

describe('in-flight handlers', () => {
  it('is idle at once with nothing running', async () => {
    await expect(createInFlight().idle()).resolves.toBeUndefined();
  });

  it('becomes idle only when the last handler ends, failed or not', async () => {
    const inFlight = createInFlight();
    const ends: (() => void)[] = [];
    const work = () => new Promise<void>((resolve) => ends.push(resolve));
    const first = inFlight.track(work);
    const second = inFlight.track(async () => {
      await work();
      throw new Error('refused');
    });
    let idle = false;
    const waiting = inFlight.idle().then(() => {
      idle = true;
    });
    expect(inFlight.count).toBe(2);
    ends[0]?.();
    await first;
    await Promise.resolve();
    expect(idle).toBe(false);
    ends[1]?.();
    await expect(second).rejects.toThrow('refused');
    await waiting;
    expect(idle).toBe(true);
    expect(inFlight.count).toBe(0);
  });
});
