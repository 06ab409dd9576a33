import type { TOpsCollateralDiscrepancy } from '@pledge/contract';
import { formatWholeNumber } from '@pledge/domain';
import { useOpsCollateralDiscrepancies } from '../api/ops-collateral-discrepancies.js';
import { formatDateTime } from '../format.js';
import { OpsTableSection } from './ops-facts.js';
import { OpsLoanLink } from './ops-links.js';
import { OpsQueryStatus } from './ops-query-status.js';
import type { TOpsColumn } from './ops-table.js';

const coins = (quantity: string, item: TOpsCollateralDiscrepancy) =>
  `${quantity} ${item.collateralType}`;

const DISCREPANCY_COLUMNS: readonly TOpsColumn<TOpsCollateralDiscrepancy>[] = [
  { header: 'Loan', cell: (item) => <OpsLoanLink loanUuid={item.loanUuid} /> },
  { header: 'Address', cellClassName: 'ops-hash', cell: (item) => item.address },
  { header: 'On chain', cell: (item) => coins(item.confirmedBalance, item) },
  { header: 'Ledger', cell: (item) => coins(item.expectedCoins, item) },
  { header: 'Short by', cell: (item) => coins(item.shortBy, item) },
  {
    header: 'Read',
    cell: (item) => `block ${formatWholeNumber(item.blockHeight)}, ${formatDateTime(item.readAt)}`,
  },
  { header: 'Short since', cell: (item) => formatDateTime(item.shortSince) },
];

/**
 * Deposit addresses of open loans whose last confirmed balance on chain is below the coins the
 * loan's ledger holds: the borrower's proof says the balance is being checked until an agent has
 * found why.
 */
export function OpsCollateralDiscrepancies() {
  const query = useOpsCollateralDiscrepancies();
  return (
    <>
      <OpsQueryStatus
        query={query}
        loadingText="Loading the collateral discrepancies…"
        errorTitle="The collateral discrepancies could not be loaded"
      />
      {query.isSuccess && (
        <OpsTableSection
          id="risk-collateral-discrepancies"
          title="Collateral below the ledger"
          caption="Deposit addresses whose confirmed balance is below their loan's coins, longest-standing first"
          columns={DISCREPANCY_COLUMNS}
          items={query.data.discrepancies}
          rowKey={(item) => item.address}
          emptyText="Every open loan's address holds at least the coins its ledger says."
        />
      )}
    </>
  );
}
