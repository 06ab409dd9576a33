import type { ReactNode } from 'react';
import type { TCollateralProof, TCollateralProofMovement } from '@pledge/contract';
import { formatWholeNumber } from '@pledge/domain';
import { Alert } from '../../../ui/alert/alert.js';
import { FactList } from '../../../ui/fact-list.js';
import { ScrollRegion } from '../../../ui/scroll-region.js';
import { displayDateTime } from '../../loan/loan-dates.js';

const DIRECTION_WORDS: Record<TCollateralProofMovement['direction'], string> = {
  DEPOSIT: 'Deposit',
  WITHDRAWAL: 'Withdrawal',
};

/** A heading one level below the page's or section's own. */
function Heading({ level, id, children }: { level: 2 | 3; id: string; children: ReactNode }) {
  return level === 2 ? <h2 id={id}>{children}</h2> : <h3 id={id}>{children}</h3>;
}

/** A link to a public block explorer, opened apart, telling it nothing of this page. */
function ExplorerLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** What the last confirmed reading says, or why no figure is shown as settled. */
export function BalanceReading({ proof }: { proof: TCollateralProof }) {
  const { balance, collateralType: coin } = proof;
  if (balance === null || proof.status === 'CHECKING') {
    return (
      <p className="collateral-proof__balance" data-testid="collateral-proof-balance">
        Being checked: we have not yet read this address on the chain. The balance shows here once
        we have.
      </p>
    );
  }
  const reading = `${balance.confirmedBalance} ${coin} at block ${formatWholeNumber(balance.blockHeight)}`;
  const readAt = displayDateTime(balance.readAt);
  if (proof.status === 'SHORT') {
    return (
      <Alert variant="warn" title="Being checked">
        <p data-testid="collateral-proof-balance">
          The last confirmed reading of this address, {reading} (read {readAt}), is below the coins
          this loan should hold there. Our team has been alerted and is looking into it.
        </p>
      </Alert>
    );
  }
  return (
    <FactList
      kind="loan-facts"
      className="collateral-proof__balance"
      data-testid="collateral-proof-balance"
      facts={[
        { label: 'Confirmed balance', value: `${balance.confirmedBalance} ${coin}` },
        { label: 'At block', value: formatWholeNumber(balance.blockHeight) },
        { label: 'Read', value: readAt },
      ]}
    />
  );
}

function Movements({ proof, idPrefix }: { proof: TCollateralProof; idPrefix: string }) {
  if (proof.movements.length === 0) {
    return <p>No movements yet. Deposits and withdrawals show here once the chain has them.</p>;
  }
  const captionId = `${idPrefix}-movements-caption`;
  return (
    // A table on wide screens (scrolling sideways if it must); on a phone each movement is a card
    // of labelled lines (styles/collateral-proof.css).
    <ScrollRegion className="collateral-proof__movements" aria-labelledby={captionId}>
      <table className="collateral-proof__table">
        <caption id={captionId} className="visually-hidden">
          Deposits and withdrawals on the collateral address, newest first
        </caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Type</th>
            <th scope="col" className="collateral-proof__amount">
              Amount
            </th>
            <th scope="col">Transaction</th>
          </tr>
        </thead>
        <tbody>
          {proof.movements.map((movement) => (
            <tr key={`${movement.direction}-${movement.txid}`}>
              <td data-label="Time">
                <span>{displayDateTime(movement.time)}</span>
              </td>
              <td data-label="Type">
                <span>
                  {DIRECTION_WORDS[movement.direction]}
                  {!movement.isConfirmed && (
                    <span className="tag collateral-proof__pending">Pending</span>
                  )}
                </span>
              </td>
              <td data-label="Amount" className="collateral-proof__amount">
                <span>
                  {movement.direction === 'WITHDRAWAL' ? '−' : '+'}
                  {movement.amount} {proof.collateralType}
                </span>
              </td>
              <td data-label="Transaction">
                {movement.explorerUrl === null ? (
                  <code className="collateral-proof__id">{movement.txid}</code>
                ) : (
                  <ExplorerLink href={movement.explorerUrl}>
                    <code className="collateral-proof__id">{movement.txid}</code>
                  </ExplorerLink>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/**
 * A collateral proof as the chain watcher recorded it: the address, the last confirmed balance
 * with its block height, every movement with its transaction id, and the lender's statement. The
 * same on the loan page and on the public page; `headingLevel` fits it under either.
 */
export function CollateralProofDetails({
  proof,
  headingLevel,
  idPrefix,
}: {
  proof: TCollateralProof;
  headingLevel: 2 | 3;
  idPrefix: string;
}) {
  const isSandbox = proof.network === 'SANDBOX';
  return (
    <div className="collateral-proof">
      {isSandbox && (
        <Alert variant="info" title="Sandbox chain">
          <p>
            This is a sandbox: the address and its transactions are on a simulated chain for
            testing. They hold no real coins and no public block explorer shows them.
          </p>
        </Alert>
      )}
      <Heading level={headingLevel} id={`${idPrefix}-address`}>
        {proof.addresses.length === 1 ? 'Collateral address' : 'Collateral addresses'}
      </Heading>
      <ul className="collateral-proof__addresses">
        {proof.addresses.map((entry) => (
          <li key={entry.address}>
            <code className="collateral-proof__id" data-testid="collateral-proof-address">
              {entry.address}
            </code>
            {entry.explorerUrl !== null && (
              <ExplorerLink href={entry.explorerUrl}>
                See this {proof.collateralType} address on a block explorer
              </ExplorerLink>
            )}
          </li>
        ))}
      </ul>
      <Heading level={headingLevel} id={`${idPrefix}-balance`}>
        Balance on the chain
      </Heading>
      <BalanceReading proof={proof} />
      <Heading level={headingLevel} id={`${idPrefix}-movements`}>
        Deposits and withdrawals
      </Heading>
      <Movements proof={proof} idPrefix={idPrefix} />
      <Heading level={headingLevel} id={`${idPrefix}-attestation`}>
        {proof.companyName}’s statement
      </Heading>
      <blockquote className="collateral-proof__attestation">
        <p>{proof.attestation}</p>
      </blockquote>
    </div>
  );
}
