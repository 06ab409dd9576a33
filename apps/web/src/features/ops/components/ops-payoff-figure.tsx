import { Link } from 'react-router';
import { formatUsd } from '@pledge/domain';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { useOpsLoan } from '../api/ops-loans.js';
import { OpsQueryStatus } from './ops-query-status.js';

export const PAYOFF_FIGURE_LABEL = 'Owed today by the ledger:';

/**
 * What the ledger holds as owed on the loan today, shown beside a payoff's amount: the server
 * records a payoff only for exactly that figure, so the agent compares it with the bank statement
 * rather than guessing. The amount is not filled in for them: what they type is what the bank shows.
 */
export function OpsPayoffFigure({ loanUuid }: { loanUuid: string }) {
  const loan = useOpsLoan(loanUuid);
  return (
    <>
      <OpsQueryStatus
        query={loan}
        loadingText="Reading what the ledger holds as owed…"
        errorTitle="The ledger’s figure could not be read"
      />
      {loan.data !== undefined && (
        <Alert
          variant="info"
          title={`${PAYOFF_FIGURE_LABEL} ${formatUsd(loan.data.loan.balances.totalCents)}`}
        >
          A payoff is recorded only for exactly this amount. A smaller amount is a wire payment,
          recorded on the <Link to={paths.opsLoan.getHref(loanUuid)}>loan’s page</Link>.
        </Alert>
      )}
    </>
  );
}
