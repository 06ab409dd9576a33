import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OpsTable, type TOpsColumn } from './ops-table.js';

type TTransfer = { time: string; amount: string; hash: string; isDeposit: boolean };

const COLUMNS: readonly TOpsColumn<TTransfer>[] = [
  { header: 'Time', cell: (transfer) => transfer.time },
  {
    header: 'Amount',
    cell: (transfer) => (transfer.isDeposit ? <strong>{transfer.amount}</strong> : transfer.amount),
  },
  { header: 'Transaction hash', cellClassName: 'ops-hash', cell: (transfer) => transfer.hash },
];

const DEPOSIT: TTransfer = {
  time: 'Jan 2, 2025, 07:00 UTC',
  amount: '0.3 BTC',
  hash: 'f00d',
  isDeposit: true,
};
const WITHDRAWAL: TTransfer = {
  time: 'Jan 3, 2025, 08:00 UTC',
  amount: '0.1 BTC',
  hash: 'beef',
  isDeposit: false,
};

function Table(props: { items: readonly TTransfer[]; caption?: string; isBusy?: boolean }) {
  return (
    <OpsTable
      columns={COLUMNS}
      rowKey={(transfer) => transfer.hash}
      emptyText="None yet."
      {...props}
    />
  );
}

function bodyRows(): HTMLElement[] {
  return within(screen.getByRole('table')).getAllByRole('row').slice(1);
}

describe('OpsTable', () => {
  it('shows the empty text and no table when there are no rows', () => {
    const { container } = render(
      <OpsTable
        columns={COLUMNS}
        items={[]}
        rowKey={(transfer) => transfer.hash}
        emptyText="No transactions yet."
      />,
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(container.innerHTML).toBe('<p>No transactions yet.</p>');
  });

  it('renders column headers and one row per entry, cells labelled by their column', () => {
    render(<Table items={[DEPOSIT, WITHDRAWAL]} />);
    expect(screen.queryByText('None yet.')).not.toBeInTheDocument();

    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Time',
      'Amount',
      'Transaction hash',
    ]);
    for (const header of headers) expect(header).toHaveAttribute('scope', 'col');

    const [deposit, withdrawal] = bodyRows();
    const depositCells = within(deposit!).getAllByRole('cell');
    expect(depositCells.map((cell) => cell.dataset.label)).toEqual([
      'Time',
      'Amount',
      'Transaction hash',
    ]);
    expect(depositCells[1]).toContainHTML('<strong>0.3 BTC</strong>');
    expect(depositCells[0]).not.toHaveAttribute('class');
    expect(depositCells[2]).toHaveClass('ops-hash');
    expect(withdrawal).toHaveTextContent('Jan 3, 2025, 08:00 UTC0.1 BTCbeef');
  });

  it('wraps the table for scrolling and names it by a caption only when given one', () => {
    const { container, rerender } = render(<Table items={[DEPOSIT]} />);
    expect(container.firstElementChild).toHaveClass('ops-table-wrap');
    expect(screen.getByRole('table')).toHaveClass('ops-table');
    expect(container.querySelector('caption')).toBeNull();

    rerender(<Table caption="Transactions, newest first" items={[DEPOSIT]} />);
    expect(screen.getByRole('table', { name: 'Transactions, newest first' })).toBeVisible();
    expect(container.querySelector('caption')).toHaveClass('visually-hidden');
  });

  it('keeps each row’s element with its key when the rows are reordered', () => {
    const { rerender } = render(<Table items={[DEPOSIT, WITHDRAWAL]} />);
    const [depositRow, withdrawalRow] = bodyRows();

    rerender(<Table items={[WITHDRAWAL, DEPOSIT]} />);
    const reordered = bodyRows();
    expect(reordered[0]).toBe(withdrawalRow);
    expect(reordered[1]).toBe(depositRow);
    expect(depositRow).toHaveTextContent('f00d');
  });

  it('says the rows are being read again while they are', () => {
    const { container, rerender } = render(<Table items={[DEPOSIT]} isBusy />);
    expect(container.firstElementChild).toHaveAttribute('aria-busy', 'true');
    rerender(<Table items={[DEPOSIT]} />);
    expect(container.firstElementChild).not.toHaveAttribute('aria-busy');
  });
});
