import type { TOpsApplicationDetail } from '@pledge/contract';
import { formatDollars, formatLtv, formatRate } from '../../offer/format.js';
import { formatBytes, formatCoin, formatDateTime } from '../format.js';
import { IdentityFileActions } from './identity-file-actions.js';
import { OpsFacts, OpsSection } from './ops-facts.js';
import { OpsTable, type TOpsTableColumn } from './ops-table.js';

type TDetailProps = { detail: TOpsApplicationDetail };

const IDENTITY_DOCUMENT_COLUMNS: readonly TOpsTableColumn[] = [
  { header: 'File' },
  { header: 'Type' },
  { header: 'Uploaded' },
  { header: 'Review' },
  { header: 'File actions' },
];

const DOCUMENT_COLUMNS: readonly TOpsTableColumn[] = [
  { header: 'Document' },
  { header: 'Signed' },
  { header: 'IP address' },
  { header: 'User agent', cellClassName: 'ops-break' },
  { header: 'SHA-256', cellClassName: 'ops-hash' },
];

const TRANSACTION_COLUMNS: readonly TOpsTableColumn[] = [
  { header: 'Time' },
  { header: 'Type' },
  { header: 'Amount' },
  { header: 'Confirmed' },
  { header: 'Transaction hash', cellClassName: 'ops-hash' },
];

const AUDIT_EVENT_COLUMNS: readonly TOpsTableColumn[] = [
  { header: 'Time' },
  { header: 'Actor', cellClassName: 'ops-break' },
  { header: 'From → to' },
  { header: 'Event' },
  { header: 'Reason' },
];

/** What the offer's cash is: paid out to a new loan's borrower, nothing paid out otherwise. */
export function drawLabel(application: { isRollForward: boolean; isCelsiusRefi: boolean }): string {
  if (application.isCelsiusRefi) return 'Paid to the Celsius estate';
  if (application.isRollForward) return 'Carried from the renewed loan';
  return 'Cash to the borrower';
}

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
            [drawLabel(detail.application), formatDollars(offer.drawAmount)],
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
      {borrower.profileDiffers && (
        <p role="note">The profile has changed since this application&rsquo;s credit pull.</p>
      )}
      <OpsFacts
        facts={[
          ['Name', borrower.name],
          ['Email', borrower.email],
          ['Phone', borrower.phone],
          ['SSN', borrower.ssnMask],
          ['Date of birth', borrower.dob],
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
      <OpsTable
        columns={IDENTITY_DOCUMENT_COLUMNS}
        rows={detail.identityDocuments.map((document) => ({
          key: document.uuid,
          cells: [
            <>
              {document.fileName}
              <span className="ops-muted">
                {' '}
                ({document.contentType}, {formatBytes(document.sizeBytes)})
              </span>
            </>,
            document.documentType,
            formatDateTime(document.uploadedAt),
            <>
              {document.reviewStatus}
              {document.reviewReason !== null && `: ${document.reviewReason}`}
            </>,
            <IdentityFileActions appUuid={appUuid} document={document} />,
          ],
        }))}
        emptyText="No ID uploaded yet."
      />
    </OpsSection>
  );
}

export function DocumentsSection({ detail }: TDetailProps) {
  return (
    <OpsSection id="documents" title="Documents and signatures">
      <OpsTable
        columns={DOCUMENT_COLUMNS}
        rows={detail.documents.map((document) => ({
          key: document.uuid,
          cells: [
            document.name,
            document.signature === null
              ? 'Not signed'
              : formatDateTime(document.signature.signedAt),
            document.signature?.ipAddress ?? '—',
            document.signature?.userAgent ?? '—',
            document.signature?.documentSha256 ?? document.sha256,
          ],
        }))}
        emptyText="No disclosures generated yet."
      />
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
      <OpsTable
        columns={TRANSACTION_COLUMNS}
        rows={(wallet?.transactions ?? []).map((transaction, index) => ({
          key: transaction.transactionHash ?? index,
          cells: [
            formatDateTime(transaction.transactionTime),
            transaction.transactionType,
            `${transaction.transactionAmount} ${collateral.requiredCoinAmount.type}`,
            transaction.confirmed ? 'Yes' : 'No',
            transaction.transactionHash ?? '—',
          ],
        }))}
        emptyText="No transactions yet."
      />
    </OpsSection>
  );
}

export function AuditTrailSection({ detail }: TDetailProps) {
  return (
    <OpsSection id="audit-trail" title="Audit trail">
      <OpsTable
        caption="Audit trail, newest first"
        columns={AUDIT_EVENT_COLUMNS}
        rows={detail.auditEvents.map((event) => ({
          key: event.id,
          cells: [
            formatDateTime(event.at),
            event.actor,
            event.fromState === null && event.toState === null
              ? '—'
              : `${event.fromState ?? '(new)'} → ${event.toState ?? '—'}`,
            event.event ?? '—',
            event.reason ?? '—',
          ],
        }))}
        emptyText="Nothing recorded yet."
      />
    </OpsSection>
  );
}
