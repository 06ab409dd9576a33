import type { TOpsApplicationDetail } from '@pledge/contract';
import { formatDollars, formatLtv, formatRate } from '../../offer/format.js';
import { formatBytes, formatCoin, formatDateTime } from '../format.js';
import { IdentityFileActions } from './identity-file-actions.js';
import { OpsFacts, OpsSection, OpsTableSection } from './ops-facts.js';
import { OpsTable, type TOpsColumn } from './ops-table.js';

type TDetailProps = { detail: TOpsApplicationDetail };

type TIdentityDocument = TOpsApplicationDetail['identityDocuments'][number];
type TDocument = TOpsApplicationDetail['documents'][number];
type TVoidedDocument = NonNullable<TOpsApplicationDetail['voidedDocuments']>[number];
type TAuditEvent = TOpsApplicationDetail['auditEvents'][number];
type TWalletTransaction = NonNullable<
  NonNullable<TOpsApplicationDetail['application']['collateral']>['wallet']
>['transactions'][number];

function identityDocumentColumns(appUuid: string): readonly TOpsColumn<TIdentityDocument>[] {
  return [
    {
      header: 'File',
      cell: (document) => (
        <>
          {document.fileName}
          <span className="ops-muted">
            {' '}
            ({document.contentType}, {formatBytes(document.sizeBytes)})
          </span>
        </>
      ),
    },
    { header: 'Type', cell: (document) => document.documentType },
    { header: 'Uploaded', cell: (document) => formatDateTime(document.uploadedAt) },
    {
      header: 'Review',
      cell: (document) => (
        <>
          {document.reviewStatus}
          {document.reviewReason !== null && `: ${document.reviewReason}`}
        </>
      ),
    },
    {
      header: 'File actions',
      cell: (document) => <IdentityFileActions appUuid={appUuid} document={document} />,
    },
  ];
}

const DOCUMENT_COLUMNS: readonly TOpsColumn<TDocument>[] = [
  { header: 'Document', cell: (document) => document.name },
  {
    header: 'Signed',
    cell: (document) =>
      document.signature === null ? 'Not signed' : formatDateTime(document.signature.signedAt),
  },
  { header: 'IP address', cell: (document) => document.signature?.ipAddress ?? '—' },
  {
    header: 'User agent',
    cellClassName: 'ops-break',
    cell: (document) => document.signature?.userAgent ?? '—',
  },
  {
    header: 'SHA-256',
    cellClassName: 'ops-hash',
    cell: (document) => document.signature?.documentSha256 ?? document.sha256,
  },
];

const VOIDED_DOCUMENT_COLUMNS: readonly TOpsColumn<TVoidedDocument>[] = [
  { header: 'Document', cell: (document) => `${document.name} (voided)` },
  { header: 'Voided', cell: (document) => formatDateTime(document.voidedAt) },
  { header: 'Why', cellClassName: 'ops-break', cell: (document) => document.voidedReason ?? '—' },
  {
    header: 'Signed',
    cell: (document) =>
      document.signature === null ? 'Not signed' : formatDateTime(document.signature.signedAt),
  },
  {
    header: 'SHA-256',
    cellClassName: 'ops-hash',
    cell: (document) => document.signature?.documentSha256 ?? document.sha256,
  },
];

function transactionColumns(coinType: string): readonly TOpsColumn<TWalletTransaction>[] {
  return [
    { header: 'Time', cell: (transaction) => formatDateTime(transaction.transactionTime) },
    { header: 'Type', cell: (transaction) => transaction.transactionType },
    { header: 'Amount', cell: (transaction) => `${transaction.transactionAmount} ${coinType}` },
    { header: 'Confirmed', cell: (transaction) => (transaction.confirmed ? 'Yes' : 'No') },
    {
      header: 'Transaction hash',
      cellClassName: 'ops-hash',
      cell: (transaction) => transaction.transactionHash ?? '—',
    },
  ];
}

const AUDIT_EVENT_COLUMNS: readonly TOpsColumn<TAuditEvent>[] = [
  { header: 'Time', cell: (event) => formatDateTime(event.at) },
  { header: 'Actor', cellClassName: 'ops-break', cell: (event) => event.actor },
  {
    header: 'From → to',
    cell: (event) =>
      event.fromState === null && event.toState === null
        ? '—'
        : `${event.fromState ?? '(new)'} → ${event.toState ?? '—'}`,
  },
  { header: 'Event', cell: (event) => event.event ?? '—' },
  { header: 'Reason', cell: (event) => event.reason ?? '—' },
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
  return (
    <OpsTableSection
      id="identity-documents"
      title="Identity documents"
      columns={identityDocumentColumns(detail.application.appUuid)}
      items={detail.identityDocuments}
      rowKey={(document) => document.uuid}
      emptyText="No ID uploaded yet."
    />
  );
}

export function DocumentsSection({ detail }: TDetailProps) {
  return (
    <OpsTableSection
      id="documents"
      title="Documents and signatures"
      columns={DOCUMENT_COLUMNS}
      items={detail.documents}
      rowKey={(document) => document.uuid}
      emptyText="No disclosures generated yet."
    />
  );
}

/**
 * The disclosures a re-pricing voided (the offer they state no longer held), newest first: kept
 * with their signatures, each with when and why; shown only when there are any.
 */
export function VoidedDocumentsSection({ detail }: TDetailProps) {
  const voided = detail.voidedDocuments ?? [];
  if (voided.length === 0) return null;
  return (
    <OpsTableSection
      id="voided-documents"
      title="Voided documents"
      columns={VOIDED_DOCUMENT_COLUMNS}
      items={voided}
      rowKey={(document) => document.uuid}
      emptyText="No document was voided."
    />
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
        columns={transactionColumns(collateral.requiredCoinAmount.type)}
        items={wallet?.transactions ?? []}
        rowKey={(transaction, index) => transaction.transactionHash ?? index}
        emptyText="No transactions yet."
      />
    </OpsSection>
  );
}

export function AuditTrailSection({ detail }: TDetailProps) {
  return (
    <OpsTableSection
      id="audit-trail"
      title="Audit trail"
      caption="Audit trail, newest first"
      columns={AUDIT_EVENT_COLUMNS}
      items={detail.auditEvents}
      rowKey={(event) => event.id}
      emptyText="Nothing recorded yet."
    />
  );
}
