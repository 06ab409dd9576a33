import type { TGetOpsReconciliationResponse } from '@pledge/contract';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { useOpsReconciliation } from '../api/ops-loans.js';
import { formatDateTime } from '../format.js';
import { OpsFacts, OpsSection } from './ops-facts.js';
import { OpsLoanLink } from './ops-links.js';
import { OpsPage } from './ops-page.js';
import { OpsTable, type TOpsColumn } from './ops-table.js';
import { OpsQueryStatus } from './ops-query-status.js';

const ISSUE_COLUMNS: readonly TOpsColumn<TGetOpsReconciliationResponse['issues'][number]>[] = [
  { header: 'Loan', cell: (issue) => <OpsLoanLink loanUuid={issue.loanUuid} /> },
  { header: 'Problem', cellClassName: 'ops-break', cell: (issue) => issue.problem },
];

/**
 * The reconciliation report: every journal sums to zero, no receivable is negative, and each loan's
 * balances are the sums of its entries; what does not add up is listed by loan.
 */
export function OpsReconciliation() {
  const query = useOpsReconciliation();
  return (
    <OpsPage
      heading="Reconciliation"
      back={[{ href: paths.opsLoans.getHref(), label: 'All loans' }]}
    >
      <OpsQueryStatus
        query={query}
        loadingText="Reconciling every loan’s ledger…"
        errorTitle="The reconciliation could not be run"
      />
      {query.isSuccess && (
        <>
          {query.data.isBalanced ? (
            <Alert variant="success" isLive title="The ledger balances">
              Every journal sums to zero and every loan’s balances equal its entries.
            </Alert>
          ) : (
            <Alert variant="error" title="The ledger does not balance">
              {query.data.issues.length === 1
                ? 'One problem was found.'
                : `${query.data.issues.length} problems were found.`}
            </Alert>
          )}
          <OpsFacts
            facts={[
              ['Checked at', formatDateTime(query.data.checkedAt)],
              ['Loans checked', query.data.loansChecked],
              ['Journals checked', query.data.journalsChecked],
            ]}
          />
          <Button
            isFullWidth={false}
            isLoading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            Run again
          </Button>
          <OpsSection id="reconciliation-issues" title="Problems">
            <OpsTable
              caption="Problems found, by loan"
              columns={ISSUE_COLUMNS}
              items={query.data.issues}
              rowKey={(issue, index) => `${issue.loanUuid}-${index}`}
              emptyText="None."
            />
          </OpsSection>
        </>
      )}
    </OpsPage>
  );
}
