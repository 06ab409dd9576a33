import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  OpsList,
  selectFilter,
  useOpsList,
  type TOpsFilter,
  type TOpsListState,
} from './ops-list.js';
import type { TOpsColumn } from './ops-table.js';

type TLoan = { id: string; status: 'OPEN' | 'CLOSED' };

const COLUMNS: readonly TOpsColumn<TLoan>[] = [
  { header: 'Loan', cell: (loan) => loan.id },
  { header: 'Status', cell: (loan) => loan.status },
];

const STATUS_FILTER = selectFilter({
  name: 'status',
  label: 'Status',
  allLabel: 'All statuses',
  values: ['OPEN', 'CLOSED'] as const,
  words: { OPEN: 'Open', CLOSED: 'Closed' },
});

const FILTERS: readonly TOpsFilter[] = [
  STATUS_FILTER,
  { kind: 'search', name: 'search', label: 'Search', description: 'A loan id' },
];

const LOANS: readonly TLoan[] = [
  { id: 'L-1', status: 'OPEN' },
  { id: 'L-2', status: 'CLOSED' },
  { id: 'L-3', status: 'OPEN' },
];

type TAsked = {
  status: string | undefined;
  search: string | undefined;
  cursor: string | undefined;
};

/** A server of two loans a page: the cursor is the index of the page's first loan. */
function servePage(asked: TAsked) {
  const matching = LOANS.filter(
    (loan) =>
      (asked.status === undefined || loan.status === asked.status) &&
      (asked.search === undefined || loan.id.includes(asked.search)),
  );
  const start = Number(asked.cursor ?? 0);
  const next = start + 2 < matching.length ? String(start + 2) : null;
  return { items: matching.slice(start, start + 2), nextCursor: next };
}

const IDLE = { isPending: false, isError: false, isFetching: false, error: null };

/** What every list below says, besides its load and rows. */
const TEXTS = {
  loadingText: 'Loading loans…',
  errorTitle: 'The loans could not be loaded',
  caption: 'Loans',
  columns: COLUMNS,
  rowKey: (loan: TLoan) => loan.id,
  emptyText: 'There are no loans yet.',
};

/** A list whose load answers at once from `servePage`, recording what it was asked. */
function Loans({
  isInAddress = false,
  onAsk,
}: {
  isInAddress?: boolean;
  onAsk: (asked: TAsked, list: TOpsListState) => void;
}) {
  const list = useOpsList(FILTERS, { isInAddress });
  const asked = {
    status: list.chosen(STATUS_FILTER),
    search: list.values.search,
    cursor: list.cursor,
  };
  onAsk(asked, list);
  const page = servePage(asked);
  return (
    <OpsList
      {...TEXTS}
      list={list}
      query={{ ...IDLE, refetch: vi.fn() }}
      items={page.items}
      nextCursor={page.nextCursor}
      emptyText={list.isFiltered ? 'No loan matches.' : 'There are no loans yet.'}
    />
  );
}

function Address() {
  return <output aria-label="Address">{useLocation().search}</output>;
}

function renderLoans(url = '/', isInAddress = false) {
  const asks: TAsked[] = [];
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[url]}>
      <Loans isInAddress={isInAddress} onAsk={(asked) => asks.push(asked)} />
      <Address />
    </MemoryRouter>,
  );
  return { asks, user };
}

function shownLoans(): string[] {
  return within(screen.getByRole('table', { name: 'Loans' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

describe('the console list', () => {
  it('shows its columns and pages on with the server’s cursor, and back', async () => {
    const { user, asks } = renderLoans();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Loan',
      'Status',
    ]);
    expect(shownLoans()).toEqual(['L-1', 'L-2']);
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).queryByRole('button', { name: 'Previous page' })).toBeNull();

    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(asks.at(-1)?.cursor).toBe('2');
    expect(shownLoans()).toEqual(['L-3']);
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(asks.at(-1)?.cursor).toBeUndefined();
    expect(shownLoans()).toEqual(['L-1', 'L-2']);
  });

  it('filters by a value and by a search, each time from the first page', async () => {
    const { user, asks } = renderLoans();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(asks.at(-1)?.cursor).toBe('2');

    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All statuses', 'Open', 'Closed']);
    await user.selectOptions(status, 'OPEN');
    expect(asks.at(-1)).toEqual({ status: 'OPEN', search: undefined, cursor: undefined });
    expect(shownLoans()).toEqual(['L-1', 'L-3']);

    await user.type(screen.getByRole('searchbox', { name: /Search/ }), '  3 ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(asks.at(-1)).toEqual({ status: 'OPEN', search: '3', cursor: undefined });
    expect(shownLoans()).toEqual(['L-3']);

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(asks.at(-1)?.search).toBeUndefined();
    expect(screen.getByRole('searchbox', { name: /Search/ })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
  });

  it('keeps its filters in the address when asked to, and reads them back from it', async () => {
    const { user, asks } = renderLoans('/?status=CLOSED&search=L-', true);
    expect(asks.at(-1)).toEqual({ status: 'CLOSED', search: 'L-', cursor: undefined });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('CLOSED');
    expect(screen.getByRole('searchbox', { name: /Search/ })).toHaveValue('L-');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '');
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('?search=L-');
    expect(asks.at(-1)?.status).toBeUndefined();
  });

  it('ignores a value in the address that is not one of the filter’s', () => {
    const { asks } = renderLoans('/?status=LOST', true);
    expect(asks.at(-1)?.status).toBeUndefined();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('');
  });

  it('says when nothing is there yet, and when nothing matches the filters', async () => {
    const { user } = renderLoans();
    await user.type(screen.getByRole('searchbox', { name: /Search/ }), 'L-9');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('No loan matches.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();

    render(<OpsList {...TEXTS} query={{ ...IDLE, refetch: vi.fn() }} items={[]} />);
    expect(screen.getByText('There are no loans yet.')).toHaveAttribute('role', 'status');
  });

  it('says it is loading, then shows the server’s refusal with a way to try again', async () => {
    const refetch = vi.fn();
    const user = userEvent.setup();
    function Failing() {
      const [isPending, setIsPending] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setIsPending(false)}>
            Answer
          </button>
          <OpsList
            query={{
              isPending,
              isError: !isPending,
              isFetching: isPending,
              error: isPending ? null : new Error('This page link is no longer valid'),
              refetch,
            }}
            {...TEXTS}
            items={undefined}
          />
        </>
      );
    }
    render(<Failing />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading loans…');
    expect(screen.queryByRole('table')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Answer' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The loans could not be loaded');
    expect(alert).toHaveTextContent('This page link is no longer valid');
    expect(screen.queryByText('There are no loans yet.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows more of a list read page after page, while it loads the next', async () => {
    const onMore = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(
      <OpsList
        {...TEXTS}
        query={{ ...IDLE, refetch: vi.fn() }}
        items={LOANS}
        more={{ hasMore: true, isLoading: false, onMore }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(onMore).toHaveBeenCalledOnce();

    rerender(
      <OpsList
        {...TEXTS}
        query={{ ...IDLE, refetch: vi.fn() }}
        items={LOANS}
        more={{ hasMore: false, isLoading: false, onMore }}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});
