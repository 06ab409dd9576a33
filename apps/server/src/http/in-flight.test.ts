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

  it('counts out a handler that throws before it returns a promise, and rejects with its error', async () => {
    const inFlight = createInFlight();
    const refusal = new Error('refused at once');
    const tracked = inFlight.track((): Promise<void> => {
      throw refusal;
    });
    expect(inFlight.count).toBe(0);
    await expect(tracked).rejects.toBe(refusal);
    await expect(inFlight.idle()).resolves.toBeUndefined();
  });

  it('answers what the handler answered', async () => {
    const inFlight = createInFlight();
    const answer = { rates: [] };
    await expect(inFlight.track(() => Promise.resolve(answer))).resolves.toBe(answer);
    expect(inFlight.count).toBe(0);
  });
});
