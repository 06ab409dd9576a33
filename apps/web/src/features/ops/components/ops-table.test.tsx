import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OpsTable, type TOpsTableColumn, type TOpsTableRow } from './ops-table.js';

const COLUMNS: readonly TOpsTableColumn[] = [
  { header: 'Time' },
  { header: 'Amount' },
  { header: 'Transaction hash', cellClassName: 'ops-hash' },
];

const DEPOSIT: TOpsTableRow = {
  key: 'f00d',
  cells: ['Jan 2, 2025, 07:00 UTC', <strong>0.3 BTC</strong>, 'f00d'],
};
const WITHDRAWAL: TOpsTableRow = {
  key: 'beef',
  cells: ['Jan 3, 2025, 08:00 UTC', '0.1 BTC', 'beef'],
};

function bodyRows(): HTMLElement[] {
  return within(screen.getByRole('table')).getAllByRole('row').slice(1);
}

describe('OpsTable', () => {
  it('shows the empty text and no table when there are no rows', () => {
    const { container } = render(
      <OpsTable columns={COLUMNS} rows={[]} emptyText="No transactions yet." />,
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(container.innerHTML).toBe('<p>No transactions yet.</p>');
  });

  it('renders column headers and one row per entry, cells labelled by their column', () => {
    render(<OpsTable columns={COLUMNS} rows={[DEPOSIT, WITHDRAWAL]} emptyText="None yet." />);
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
    const { container, rerender } = render(
      <OpsTable columns={COLUMNS} rows={[DEPOSIT]} emptyText="None yet." />,
    );
    expect(container.firstElementChild).toHaveClass('ops-table-wrap');
    expect(screen.getByRole('table')).toHaveClass('ops-table');
    expect(container.querySelector('caption')).toBeNull();

    rerender(
      <OpsTable
        caption="Transactions, newest first"
        columns={COLUMNS}
        rows={[DEPOSIT]}
        emptyText="None yet."
      />,
    );
    expect(screen.getByRole('table', { name: 'Transactions, newest first' })).toBeVisible();
    expect(container.querySelector('caption')).toHaveClass('visually-hidden');
  });

  it('keeps each row’s element with its key when the rows are reordered', () => {
    const { rerender } = render(
      <OpsTable columns={COLUMNS} rows={[DEPOSIT, WITHDRAWAL]} emptyText="None yet." />,
    );
    const [depositRow, withdrawalRow] = bodyRows();

    rerender(<OpsTable columns={COLUMNS} rows={[WITHDRAWAL, DEPOSIT]} emptyText="None yet." />);
    const reordered = bodyRows();
    expect(reordered[0]).toBe(withdrawalRow);
    expect(reordered[1]).toBe(depositRow);
    expect(depositRow).toHaveTextContent('f00d');
  });
});
