/**
 * What the details page does after the details are in (document 2 §4 and §9): the application
 * state is polled while the server attaches the profile, runs the soft credit check and generates
 * the disclosures — up to NEXT_STEP_POLL_MAX_TRIES tries NEXT_STEP_POLL_MS apart, then the details
 * step's own rule, up to DETAILS_POLL_MAX_TRIES polls DETAILS_POLL_MS apart — and the first
 * settled state decides the page to go to (`routeAfterDetails`). When the server is still working
 * after all of them, the borrower goes to the dashboard, where the application shows up later.
 */
import type { TKrangState } from '@pledge/contract';
import {
  DETAILS_POLL_MAX_TRIES,
  DETAILS_POLL_MS,
  NEXT_STEP_POLL_MAX_TRIES,
  NEXT_STEP_POLL_MS,
  routeAfterDetails,
  type TRouteAfterDetails,
} from '@pledge/domain';

export const DETAILS_POLL_SCHEDULE: readonly { tries: number; intervalMs: number }[] = [
  { tries: NEXT_STEP_POLL_MAX_TRIES, intervalMs: NEXT_STEP_POLL_MS },
  { tries: DETAILS_POLL_MAX_TRIES, intervalMs: DETAILS_POLL_MS },
];

export type TDetailsOutcome =
  { kind: 'settled'; state: TKrangState; route: TRouteAfterDetails } | { kind: 'still-processing' };

/** Resolves after `ms`, or rejects with the signal's reason once it aborts. */
export function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Polls `readState` on the schedule. A poll that fails counts as a try that saw nothing new: the
 * schedule, not one failed call, decides when to give up. Rejects only when `signal` aborts.
 */
export async function waitForDetailsOutcome(input: {
  readState: (signal?: AbortSignal) => Promise<TKrangState>;
  signal?: AbortSignal;
}): Promise<TDetailsOutcome> {
  const { readState, signal } = input;
  for (const { tries, intervalMs } of DETAILS_POLL_SCHEDULE) {
    for (let attempt = 0; attempt < tries; attempt += 1) {
      await wait(intervalMs, signal);
      let state: TKrangState;
      try {
        state = await readState(signal);
      } catch (error) {
        if (signal?.aborted) throw error;
        continue;
      }
      const route = routeAfterDetails(state.state);
      if (route !== null) return { kind: 'settled', state, route };
    }
  }
  return { kind: 'still-processing' };
}
