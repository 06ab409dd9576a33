import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  getOpsCollateralDiscrepancies,
  type TGetOpsCollateralDiscrepanciesResponse,
} from '@pledge/contract';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch.js';
import { LOADED } from '../../../test/loaded.js';
import { OpsCollateralDiscrepancies } from './ops-collateral-discrepancies.js';
import { TestProviders } from '../../../test/providers.js';

const LOAN = '8d1e6f4a-2b3c-4d5e-9f80-1a2b3c4d5e6f';
const ADDRESS = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';

function answer(
  discrepancies: TGetOpsCollateralDiscrepanciesResponse['discrepancies'],
): TGetOpsCollateralDiscrepanciesResponse {
  return { discrepancies, isTruncated: false };
}

describe('the console’s collateral discrepancies', () => {
  it('lists each short address with what the chain holds, what the ledger says and since when', async () => {
    mockFetch({
      [`GET ${getOpsCollateralDiscrepancies.path}`]: () =>
        jsonResponse(
          answer([
            {
              loanUuid: LOAN,
              collateralType: 'BTC',
              address: ADDRESS,
              confirmedBalance: '0.6',
              expectedCoins: '1',
              shortBy: '0.4',
              blockHeight: 840_099,
              readAt: '2025-03-04T15:30:00.000Z',
              shortSince: '2025-03-04T15:00:00.000Z',
            },
          ]),
        ),
    });
    render(<OpsCollateralDiscrepancies />, { wrapper: TestProviders });
    const section = await screen.findByRole(
      'region',
      { name: 'Collateral below the ledger' },
      LOADED,
    );
    const row = within(section).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByRole('link', { name: LOAN.slice(0, 8) })).toHaveAttribute(
      'href',
      `/ops/loans/${LOAN}`,
    );
    expect(within(row).getByText(ADDRESS)).toBeInTheDocument();
    expect(within(row).getByText('0.6 BTC')).toBeInTheDocument();
    expect(within(row).getByText('1 BTC')).toBeInTheDocument();
    expect(within(row).getByText('0.4 BTC')).toBeInTheDocument();
    expect(within(row).getByText(/^block 840,099, /)).toBeInTheDocument();
  });

  it('says when every address holds what its ledger says', async () => {
    mockFetch({
      [`GET ${getOpsCollateralDiscrepancies.path}`]: () => jsonResponse(answer([])),
    });
    render(<OpsCollateralDiscrepancies />, { wrapper: TestProviders });
    expect(
      await screen.findByText(
        "Every open loan's address holds at least the coins its ledger says.",
        {},
        LOADED,
      ),
    ).toBeInTheDocument();
  });
});
