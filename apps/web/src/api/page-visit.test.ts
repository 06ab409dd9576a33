import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import {
  markPageVisit,
  pageVisitStartedAt,
  refetchUnlessFetchedThisVisit,
  visitContinuation,
} from './page-visit.js';

const VISIT_AT = Date.parse('2026-05-04T10:00:00Z');

/** A query of a fresh client whose data was fetched at `fetchedAt`. */
function queryFetchedAt(fetchedAt: number) {
  const client = new QueryClient();
  client.setQueryData(['loan'], { balanceCents: 100 }, { updatedAt: fetchedAt });
  const query = client.getQueryCache().find<{ balanceCents: number }>({ queryKey: ['loan'] });
  if (query === undefined) throw new Error('no query');
  return query;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a page visit', () => {
  it('begins when the router renders a new address, not again for the same one', () => {
    vi.useFakeTimers({ now: VISIT_AT - 1_000 });
    markPageVisit('before');
    vi.setSystemTime(VISIT_AT);
    markPageVisit('visit');
    vi.setSystemTime(VISIT_AT + 5_000);
    markPageVisit('visit');
    expect(pageVisitStartedAt()).toBe(VISIT_AT);
  });

  it.each([
    ['fetched before the visit began', VISIT_AT - 1, 'always'],
    ['fetched as the visit began', VISIT_AT, false],
    ['fetched during the visit', VISIT_AT + 2_000, false],
  ])('data %s: refetched on mount %s', (_, fetchedAt, refetch) => {
    vi.useFakeTimers({ now: VISIT_AT - 1_000 });
    markPageVisit('a page before');
    vi.setSystemTime(VISIT_AT);
    markPageVisit(`a visit of data ${String(fetchedAt)}`);
    expect(refetchUnlessFetchedThisVisit(queryFetchedAt(fetchedAt))).toBe(refetch);
  });

  it('goes on through a redirect that continues it, and only that visit', () => {
    vi.useFakeTimers({ now: VISIT_AT - 1_000 });
    markPageVisit('before');
    vi.setSystemTime(VISIT_AT);
    markPageVisit('entry');
    const continuation = visitContinuation();
    vi.setSystemTime(VISIT_AT + 300);
    markPageVisit('destination', continuation);
    expect(pageVisitStartedAt()).toBe(VISIT_AT);
    expect(refetchUnlessFetchedThisVisit(queryFetchedAt(VISIT_AT + 100))).toBe(false);

    // Back to the same entry later: its history state names a visit that is over.
    vi.setSystemTime(VISIT_AT + 60_000);
    markPageVisit('elsewhere');
    vi.setSystemTime(VISIT_AT + 90_000);
    markPageVisit('destination', continuation);
    expect(pageVisitStartedAt()).toBe(VISIT_AT + 90_000);
    expect(refetchUnlessFetchedThisVisit(queryFetchedAt(VISIT_AT + 100))).toBe('always');
  });

  it('begins anew for a history state that continues no visit', () => {
    vi.useFakeTimers({ now: VISIT_AT - 1_000 });
    markPageVisit('before');
    vi.setSystemTime(VISIT_AT);
    for (const [key, state] of [
      ['a', { continuesVisitOf: 'another' }],
      ['b', { continuesVisitOf: 42 }],
      ['c', 'a'],
      ['d', null],
    ] as const) {
      markPageVisit(key, state);
      expect(pageVisitStartedAt()).toBe(VISIT_AT);
      vi.setSystemTime(VISIT_AT);
    }
  });
});
