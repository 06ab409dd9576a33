import { Navigate, useParams } from 'react-router';
import type { TApplication, TDocument } from '@pledge/contract';
import { formatUsd, UNSIGNED_DOCUMENTS_FEE_CENTS } from '@pledge/domain';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { PageHeading } from '../../../ui/page-heading.js';
import { Progress } from '../../../ui/progress/progress.js';
import { useLiveRegion } from '../../../ui/live-region/live-region.js';
import { useFreshApplication } from '../../application/api/get-application.js';
import { PendingData } from '../../application/components/application-load-error.js';
import { downloadDocument } from '../../documents/api/download-document.js';
import { useBorrowerDocuments } from '../../documents/api/get-borrower-documents.js';
import { DocumentDownloadButton } from '../../documents/components/document-download-button.js';
import { DocumentsLoadStatus } from '../../documents/components/documents-load-status.js';
import { useSignDocument } from '../hooks/use-sign-document.js';

const TITLE = 'Review and sign documents';

/** "Document 2 of 4": where the borrower is in the documents to sign. */
export function documentProgressLabel(position: number, total: number): string {
  return `Document ${position} of ${total}`;
}

/** The signing text (document 1 §9: a fee applies when the documents are not signed). */
export function signText(documentName: string): string {
  return `By selecting Agree, you electronically sign the ${documentName}. Please review and sign every document: a ${formatUsd(UNSIGNED_DOCUMENTS_FEE_CENTS, { decimals: 0 })} fee applies if your loan documents are not signed.`;
}

/**
 * /{appUuid}/disclosures: the documents to sign, one at a time and in order (document 1 §4), each
 * with its download and an Agree that signs it. Only while the documents are open for signing
 * (SIGN_DOCS); otherwise the checklist decides where the borrower belongs.
 */
export function Disclosures() {
  const { appUuid = '' } = useParams();
  const application = useFreshApplication(appUuid);

  if (!application.isFresh || application.data === undefined) {
    return <PendingData query={application} />;
  }
  return <DocumentSigning application={application.data} />;
}

function DocumentSigning({ application }: { application: TApplication }) {
  const { appUuid, identityUuid } = application;
  const isSigning = application.state === 'SIGN_DOCS';
  const sign = useSignDocument(application);
  const { announce, liveRegion } = useLiveRegion();
  const documents = useBorrowerDocuments(appUuid, identityUuid, {
    enabled: isSigning && sign.destination === null,
  });

  // The last signature moves the application on: go where the rules say, not where its new state
  // would send a page that is not signing.
  if (sign.destination !== null) return <Navigate to={sign.destination} />;
  if (!isSigning) return <Navigate replace to={paths.application.nextSteps.getHref(appUuid)} />;
  if (documents.data === undefined) {
    return (
      <section className="panel disclosures">
        <PageHeading>{TITLE}</PageHeading>
        <DocumentsLoadStatus
          query={documents}
          title="We couldn’t load your documents"
          loadingText="Loading your documents…"
        />
      </section>
    );
  }

  const position = documents.data.findIndex((document) => !document.signed);
  const current: TDocument | undefined = documents.data[position];
  if (current === undefined) {
    return <Navigate replace to={paths.application.nextSteps.getHref(appUuid)} />;
  }
  const total = documents.data.length;

  return (
    <section className="panel disclosures">
      <PageHeading>{TITLE}</PageHeading>
      <Progress
        className="disclosures__progress"
        label={documentProgressLabel(position + 1, total)}
        value={position + 1}
        max={total}
      />
      <article className="disclosures__document" aria-labelledby={`document-${current.uuid}`}>
        <h2 id={`document-${current.uuid}`}>{current.name}</h2>
        {current.description !== '' && <p>{current.description}</p>}
        <DocumentDownloadButton
          name={current.name}
          download={() =>
            downloadDocument({ appUuid, identityUuid, docUuid: current.uuid, name: current.name })
          }
        />
      </article>
      {liveRegion}
      {sign.isError && (
        <Alert variant="error" title="Your signature was not saved">
          <p>{sign.error.message}</p>
          <p>Select Agree to try again.</p>
        </Alert>
      )}
      <p className="disclosures__sign-text">{signText(current.name)}</p>
      <div className="page-actions">
        <Button
          isLoading={sign.isPending}
          onClick={() =>
            sign.mutate(current, {
              // Said once, then cleared (document 2 §5: live-region messages clear after 300 ms).
              onSuccess: (signed) => announce(`${signed.document.name} signed.`),
            })
          }
        >
          Agree
        </Button>
      </div>
    </section>
  );
}
