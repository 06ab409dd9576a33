import type { TCollateralTransaction } from '@pledge/contract';
import type { TCollateralType } from '@pledge/domain';
import { ScrollRegion } from '../../../ui/scroll-region.js';
import { formatDateTime, transactionAmountText } from '../collateral-display.js';

const TYPE_LABELS: Record<TCollateralTransaction['transactionType'], string> = {
  DEPOSIT: 'Deposit',
  WITHDRAWAL: 'Withdrawal',
};

/** Movements on the deposit wallet, newest first: time, type and amount (4 decimals). */
export function CollateralTransactions({
  transactions,
  type,
}: {
  transactions: readonly TCollateralTransaction[];
  type: TCollateralType;
}) {
  const newestFirst = [...transactions].sort(
    (a, b) => Date.parse(b.transactionTime) - Date.parse(a.transactionTime),
  );
  return (
    <section className="collateral__section" aria-labelledby="collateral-transactions-heading">
      <h2 id="collateral-transactions-heading">Transactions</h2>
      {newestFirst.length === 0 ? (
        <p className="field__note">No transactions yet. Deposits show here once we see them.</p>
      ) : (
        // Scrolls sideways when the table is wider than the screen.
        <ScrollRegion
          className="collateral-transactions"
          aria-labelledby="collateral-transactions-caption"
        >
          <table className="collateral-transactions__table">
            <caption id="collateral-transactions-caption" className="visually-hidden">
              Transactions on your deposit address
            </caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Type</th>
                <th scope="col" className="collateral-transactions__amount">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {newestFirst.map((transaction, index) => (
                <tr key={transaction.transactionHash ?? `${transaction.transactionTime}-${index}`}>
                  <td>{formatDateTime(transaction.transactionTime)}</td>
                  <td>
                    {TYPE_LABELS[transaction.transactionType]}
                    {!transaction.confirmed && (
                      <span className="tag collateral-transactions__pending">Pending</span>
                    )}
                  </td>
                  <td className="collateral-transactions__amount">
                    {transactionAmountText(transaction.transactionAmount, type)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
