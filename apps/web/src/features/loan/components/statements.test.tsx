/**
 * The loan's statements (issue 33, finding 10): a liquidation's statement is listed with the
 * monthly ones and beside its sale, to download; every "Download PDF" button's accessible name
 * starts with its visible words (axe's label-content-name-mismatch; the E2E runs axe itself).
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPath, getServicingLiquidationStatement } from '@pledge/contract';
import { mockFetch } from '../../../test/mock-fetch.js';
import { liquidation, LOAN_UUID, servicingLoan } from '../loan-test-data.js';
import { LiquidationsSection } from './liquidations-section.js';
import { StatementsSection } from './loan-records.js';
import { TestProviders } from '../../../test/providers.js';

/** The files the page hands to the browser to save (saveFile clicks a download link). */
const saved: string[] = [];
beforeEach(() => {
  Object.assign(URL, { createObjectURL: () => 'blob:statement', revokeObjectURL: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
});

afterEach(() => {
  saved.length = 0;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

const SOLD = liquidation();
const soldLoan = () => servicingLoan({ status: 'ACTIVE', liquidations: [SOLD] });

describe('the statements', () => {
  it('list a liquidation’s statement with the monthly ones, and download it', async () => {
    const path = buildPath(getServicingLiquidationStatement.path, {
      loanUuid: LOAN_UUID,
      liquidationUuid: SOLD.liquidationUuid,
    });
    const fetch = mockFetch({
      [`GET ${path}`]: () =>
        new Response(new Uint8Array([37, 80, 68, 70]), {
          headers: { 'Content-Type': 'application/pdf' },
        }),
    });
    const user = userEvent.setup();
    render(<StatementsSection loan={soldLoan()} />, { wrapper: TestProviders });
    const list = screen.getByRole('region', { name: 'Statements' });
    expect(within(list).getByText('Liquidation statement of Feb 12, 2025')).toBeInTheDocument();
    await user.click(
      within(list).getByRole('button', {
        name: 'Download PDF, liquidation statement of Feb 12, 2025',
      }),
    );
    await vi.waitFor(() => expect(saved).toEqual(['liquidation-2025-02-12.pdf']), {
      timeout: 15_000,
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(
      within(list).getByRole('button', { name: 'Download PDF, statement of Feb 10, 2025' }),
    ).toBeInTheDocument();
  });

  it('list no liquidation statement before it is written', () => {
    render(
      <StatementsSection
        loan={servicingLoan({ liquidations: [liquidation({ statementReady: false })] })}
      />,
      { wrapper: TestProviders },
    );
    expect(screen.queryByText(/Liquidation statement/)).not.toBeInTheDocument();
  });

  it('offer the statement beside the sale on the loan page', () => {
    render(<LiquidationsSection loan={soldLoan()} />, { wrapper: TestProviders });
    const sales = screen.getByRole('region', { name: 'Liquidations' });
    expect(
      within(sales).getByRole('button', {
        name: 'Download PDF, liquidation statement of Feb 12, 2025',
      }),
    ).toBeInTheDocument();
  });

  it('name every Download PDF button by its visible words first', () => {
    render(<StatementsSection loan={soldLoan()} />, { wrapper: TestProviders });
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Download PDF, liquidation statement of Feb 12, 2025',
      'Download PDF, statement of Feb 10, 2025',
    ]);
    // Axe's label-content-name-mismatch: the name contains the visible words, at its start.
    for (const button of buttons) {
      expect(button).toHaveTextContent(/^Download PDF$/);
      expect(button.getAttribute('aria-label')?.startsWith(button.textContent ?? '?')).toBe(true);
    }
  });
});
