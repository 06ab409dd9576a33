import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AfterPageSettles, SETTLE_LIMIT_MS } from './after-page-settles.js';

function Fetching({ answer }: { answer: Promise<string> }) {
  useQuery({ queryKey: ['page-data'], queryFn: () => answer });
  return null;
}

function page(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      {children}
      <AfterPageSettles>
        <p>After the page</p>
      </AfterPageSettles>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('what waits for the page to settle', () => {
  it('shows once the browser is idle on a page that calls nothing', async () => {
    page(null);
    expect(screen.queryByText('After the page')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('After the page')).toBeInTheDocument();
  });

  it('waits while the page’s data is on its way, and stays once shown', async () => {
    let answer: (value: string) => void = () => undefined;
    const data = new Promise<string>((resolve) => {
      answer = resolve;
    });
    page(<Fetching answer={data} />);
    await act(() => vi.advanceTimersByTimeAsync(SETTLE_LIMIT_MS - 1));
    expect(screen.queryByText('After the page')).toBeNull();
    await act(async () => answer('loaded'));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText('After the page')).toBeInTheDocument();
  });

  it('does not wait past its limit for a call that never answers', async () => {
    page(<Fetching answer={new Promise<string>(() => undefined)} />);
    await act(() => vi.advanceTimersByTimeAsync(SETTLE_LIMIT_MS - 1));
    expect(screen.queryByText('After the page')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('After the page')).toBeInTheDocument();
  });
});
