import type { TOpsApplicationDetail } from '@pledge/contract';
import { formatDollars, formatLtv, formatRate } from '../../offer/format.js';
import { formatBytes, formatCoin, formatDateTime } from '../format.js';
import { IdentityFileActions } from './identity-file-actions.js';
import { OpsFacts, OpsSection } from './ops-facts.js';

type TDetailProps = { detail: TOpsApplicationDetail };

export function OfferSection({ detail }: TDetailProps) {
  const offer = detail.application.selectedOffer;
  return (
    <OpsSection id="offer" title="Offer">
      {offer === null ? (
        <p>No offer accepted yet.</p>
      ) : (
        <OpsFacts
          facts={[
            ['Loan amount', formatDollars(offer.amount)],
            ['Cash to the borrower', formatDollars(offer.drawAmount)],
            ['Interest rate', formatRate(offer.interestRate)],
            ['APR', formatRate(offer.annualPercentageRate)],
            [
              'Origination fee',
              `${formatDollars(offer.originationFeeAmount)} (${formatRate(offer.originationFee)})`,
            ],
            ['Term', `${offer.term} months`],
            ['Collateral', `${offer.collateralUnits} ${offer.collateral.type}`],
            ['LTV', formatLtv(offer.ltv)],
            ['Monthly payment', formatDollars(offer.estimatedMonthlyPayment)],
          ]}
        />
      )}
    </OpsSection>
  );
}

export function BorrowerSection({ detail }: TDetailProps) {
  const { borrower, application } = detail;
  return (
    <OpsSection id="borrower" title="Borrower">
      <OpsFacts
        facts={[
          ['Name', borrower.name],
          ['Email', borrower.email],
          ['Phone', borrower.phone],
          ['SSN', borrower.ssnMask],
          ['Home address', borrower.homeAddress],
          ['Country of domicile', borrower.countryOfDomicile],
          ['Organization', application.organization],
          ['Borrower id', borrower.identityUuid],
        ]}
      />
    </OpsSection>
  );
}

export function FinalStepsSection({ detail }: TDetailProps) {
  return (
    <OpsSection id="final-steps" title="Final steps">
      <OpsFacts
        facts={[
          ...detail.finalSteps.items.map((item): [string, string] => [item.name, item.status]),
          ['Overall', detail.finalSteps.status],
        ]}
      />
    </OpsSection>
  );
}

export function IdentityDocumentsSection({ detail }: TDetailProps) {
  const appUuid = detail.application.appUuid;
  return (
    <OpsSection id="identity-documents" title="Identity documents">
      {detail.identityDocuments.length === 0 ? (
        <p>No ID uploaded yet.</p>
      ) : (
        <div className="ops-table-wrap">
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Type</th>
                <th scope="col">Uploaded</th>
                <th scope="col">Review</th>
                <th scope="col">File actions</th>
              </tr>
            </thead>
            <tbody>
              {detail.identityDocuments.map((document) => (
                <tr key={document.uuid}>
                  <td data-label="File">
                    {document.fileName}
                    <span className="ops-muted">
                      {' '}
                      ({document.contentType}, {formatBytes(document.sizeBytes)})
                    </span>
                  </td>
                  <td data-label="Type">{document.documentType}</td>
                  <td data-label="Uploaded">{formatDateTime(document.uploadedAt)}</td>
                  <td data-label="Review">
                    {document.reviewStatus}
                    {document.reviewReason !== null && `: ${document.reviewReason}`}
                  </td>
                  <td data-label="File actions">
                    <IdentityFileActions appUuid={appUuid} document={document} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </OpsSection>
  );
}

export function DocumentsSection({ detail }: TDetailProps) {
  return (
    <OpsSection id="documents" title="Documents and signatures">
      {detail.documents.length === 0 ? (
        <p>No disclosures generated yet.</p>
      ) : (
        <div className="ops-table-wrap">
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">Document</th>
                <th scope="col">Signed</th>
                <th scope="col">IP address</th>
                <th scope="col">User agent</th>
                <th scope="col">SHA-256</th>
              </tr>
            </thead>
            <tbody>
              {detail.documents.map((document) => (
                <tr key={document.uuid}>
                  <td data-label="Document">{document.name}</td>
                  <td data-label="Signed">
                    {document.signature === null
                      ? 'Not signed'
                      : formatDateTime(document.signature.signedAt)}
                  </td>
                  <td data-label="IP address">{document.signature?.ipAddress ?? '—'}</td>
                  <td data-label="User agent" className="ops-break">
                    {document.signature?.userAgent ?? '—'}
                  </td>
                  <td data-label="SHA-256" className="ops-hash">
                    {document.signature?.documentSha256 ?? document.sha256}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </OpsSection>
  );
}

export function DisbursementSection({ detail }: TDetailProps) {
  const account = detail.disbursement;
  return (
    <OpsSection id="disbursement" title="Disbursement account">
      {account === null ? (
        <p>No disbursement account given yet.</p>
      ) : (
        <OpsFacts
          facts={[
            ['Method', account.method],
            ['Account holder', account.accountHolderName],
            ['Account type', account.accountType],
            ['Routing number', account.routingNumber],
            [
              'Account number',
              account.accountNumberMask === null ? null : `••••${account.accountNumberMask}`,
            ],
            ['Wallet address', account.walletAddress],
            ['Chain', account.chain],
            ['Updated', formatDateTime(account.updatedAt)],
          ]}
        />
      )}
    </OpsSection>
  );
}

export function CollateralSection({ detail }: TDetailProps) {
  const collateral = detail.application.collateral;
  if (collateral === null) {
    return (
      <OpsSection id="collateral" title="Collateral">
        <p>No collateral tracked yet.</p>
      </OpsSection>
    );
  }
  const wallet = collateral.wallet;
  return (
    <OpsSection id="collateral" title="Collateral">
      <OpsFacts
        facts={[
          ['Deposit address', wallet?.depositAddress ?? 'Not derived yet'],
          ['Required', formatCoin(collateral.requiredCoinAmount)],
          ['Received', wallet === null ? null : formatCoin(wallet.currentTotalCoinBalance)],
          ['Still due', formatCoin(collateral.remainingCoinAmountDue)],
          ['Source wallet', collateral.walletSourceType],
          [
            'Borrower said sent',
            collateral.borrowerConfirmedAt === null
              ? null
              : formatDateTime(collateral.borrowerConfirmedAt),
          ],
        ]}
      />
      <h3>Transactions</h3>
      {wallet === null || wallet.transactions.length === 0 ? (
        <p>No transactions yet.</p>
      ) : (
        <div className="ops-table-wrap">
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Type</th>
                <th scope="col">Amount</th>
                <th scope="col">Confirmed</th>
                <th scope="col">Transaction hash</th>
              </tr>
            </thead>
            <tbody>
              {wallet.transactions.map((transaction, index) => (
                <tr key={transaction.transactionHash ?? index}>
                  <td data-label="Time">{formatDateTime(transaction.transactionTime)}</td>
                  <td data-label="Type">{transaction.transactionType}</td>
                  <td data-label="Amount">
                    {transaction.transactionAmount} {collateral.requiredCoinAmount.type}
                  </td>
                  <td data-label="Confirmed">{transaction.confirmed ? 'Yes' : 'No'}</td>
                  <td data-label="Transaction hash" className="ops-hash">
                    {transaction.transactionHash ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </OpsSection>
  );
}

export function AuditTrailSection({ detail }: TDetailProps) {
  return (
    <OpsSection id="audit-trail" title="Audit trail">
      {detail.auditEvents.length === 0 ? (
        <p>Nothing recorded yet.</p>
      ) : (
        <div className="ops-table-wrap">
          <table className="ops-table">
            <caption className="visually-hidden">Audit trail, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Actor</th>
                <th scope="col">From → to</th>
                <th scope="col">Event</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {detail.auditEvents.map((event) => (
                <tr key={event.id}>
                  <td data-label="Time">{formatDateTime(event.at)}</td>
                  <td data-label="Actor" className="ops-break">
                    {event.actor}
                  </td>
                  <td data-label="From → to">
                    {event.fromState === null && event.toState === null
                      ? '—'
                      : `${event.fromState ?? '(new)'} → ${event.toState ?? '—'}`}
                  </td>
                  <td data-label="Event">{event.event ?? '—'}</td>
                  <td data-label="Reason">{event.reason ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </OpsSection>
  );
}
