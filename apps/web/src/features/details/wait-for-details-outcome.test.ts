import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TKrangState } from '@pledge/contract';
import {
  DETAILS_POLL_MAX_TRIES,
  DETAILS_POLL_MS,
  NEXT_STEP_POLL_MAX_TRIES,
  NEXT_STEP_POLL_MS,
  type TApplicationState,
} from '@pledge/domain';
import { waitForDetailsOutcome } from './wait-for-details-outcome.js';

function krang(state: TApplicationState): TKrangState {
  return { state, stage: 'APPLYING' };
}

/** Answers the states in turn, then the last one forever; counts the calls. */
function statesInTurn(...states: TApplicationState[]) {
  let calls = 0;
  const readState = vi.fn(async () => {
    const state = states[Math.min(calls, states.length - 1)] ?? 'SOFT_CREDIT';
    calls += 1;
    return krang(state);
  });
  return readState;
}

const FAST_PHASE_MS = NEXT_STEP_POLL_MAX_TRIES * NEXT_STEP_POLL_MS;
const SLOW_PHASE_MS = DETAILS_POLL_MAX_TRIES * DETAILS_POLL_MS;

describe('waitForDetailsOutcome', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls every 100 ms while the state is transitional and settles on the first settled state', async () => {
    const readState = statesInTurn(
      'ATTACH_PROFILE',
      'SOFT_CREDIT',
      'GEN_APP_DISCLOSURES',
      'SIGN_DOCS',
    );
    const outcome = waitForDetailsOutcome({ readState });
    await vi.advanceTimersByTimeAsync(NEXT_STEP_POLL_MS * 3);
    expect(readState).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(NEXT_STEP_POLL_MS);
    await expect(outcome).resolves.toEqual({
      kind: 'settled',
      state: krang('SIGN_DOCS'),
      route: 'next-steps',
    });
    expect(readState).toHaveBeenCalledTimes(4);
  });

  it.each([
    ['SOFT_CREDIT_NO_MATCH', 'credit-no-match'],
    ['SOFT_CREDIT_LOCKED', 'credit-locked'],
    ['SOFT_CREDIT_FROZEN', 'credit-frozen'],
    ['DECLINED', 'decline'],
    ['CANCELLED', 'dashboard'],
    ['WAITING_FOR_COLLATERAL', 'next-steps'],
  ] as const)('a settled %s leads to %s', async (state, route) => {
    const outcome = waitForDetailsOutcome({ readState: statesInTurn(state) });
    await vi.advanceTimersByTimeAsync(NEXT_STEP_POLL_MS);
    await expect(outcome).resolves.toMatchObject({ kind: 'settled', route });
  });

  it('after 20 tries at 100 ms polls 10 times at 2 s, then gives up', async () => {
    const readState = statesInTurn('SOFT_CREDIT');
    let outcome: unknown;
    void waitForDetailsOutcome({ readState }).then((result) => (outcome = result));
    await vi.advanceTimersByTimeAsync(FAST_PHASE_MS);
    expect(readState).toHaveBeenCalledTimes(NEXT_STEP_POLL_MAX_TRIES);
    await vi.advanceTimersByTimeAsync(DETAILS_POLL_MS - 1);
    expect(readState).toHaveBeenCalledTimes(NEXT_STEP_POLL_MAX_TRIES);
    await vi.advanceTimersByTimeAsync(1);
    expect(readState).toHaveBeenCalledTimes(NEXT_STEP_POLL_MAX_TRIES + 1);
    await vi.advanceTimersByTimeAsync(SLOW_PHASE_MS - DETAILS_POLL_MS - 1);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(readState).toHaveBeenCalledTimes(NEXT_STEP_POLL_MAX_TRIES + DETAILS_POLL_MAX_TRIES);
    expect(outcome).toEqual({ kind: 'still-processing' });
  });

  it('settles in the slow phase when the check takes longer', async () => {
    const readState = statesInTurn(
      ...Array<TApplicationState>(NEXT_STEP_POLL_MAX_TRIES + 2).fill('SOFT_CREDIT'),
      'SOFT_CREDIT_FROZEN',
    );
    const outcome = waitForDetailsOutcome({ readState });
    await vi.advanceTimersByTimeAsync(FAST_PHASE_MS + 3 * DETAILS_POLL_MS);
    await expect(outcome).resolves.toMatchObject({ route: 'credit-frozen' });
    expect(readState).toHaveBeenCalledTimes(NEXT_STEP_POLL_MAX_TRIES + 3);
  });

  it('counts a failed poll as a try and keeps polling', async () => {
    const readState = vi
      .fn<() => Promise<TKrangState>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(krang('SIGN_DOCS'));
    const outcome = waitForDetailsOutcome({ readState });
    await vi.advanceTimersByTimeAsync(NEXT_STEP_POLL_MS * 2);
    await expect(outcome).resolves.toMatchObject({ route: 'next-steps' });
    expect(readState).toHaveBeenCalledTimes(2);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const readState = statesInTurn('SOFT_CREDIT');
    const outcome = waitForDetailsOutcome({ readState, signal: controller.signal });
    const settled = expect(outcome).rejects.toThrow('left the page');
    await vi.advanceTimersByTimeAsync(NEXT_STEP_POLL_MS);
    controller.abort(new Error('left the page'));
    await settled;
    await vi.advanceTimersByTimeAsync(FAST_PHASE_MS + SLOW_PHASE_MS);
    expect(readState).toHaveBeenCalledTimes(1);
  });
});
