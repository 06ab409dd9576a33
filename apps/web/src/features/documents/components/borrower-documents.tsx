import { Link, useParams, useSearchParams } from 'react-router';
import { documentsBackTarget } from '@pledge/domain';
import { paths } from '../../../config/paths.js';
import { buttonClassName } from '../../../ui/button/button.js';
import { ScreenLoading } from '../../../ui/layout/app-layout.js';
import { PageHeading } from '../../../ui/page-heading.js';
import { useApplication } from '../../application/api/get-application.js';
import { ApplicationLoadError } from '../../application/components/application-load-error.js';
import { downloadDocument } from '../api/download-document.js';
import { useBorrowerDocuments } from '../api/get-borrower-documents.js';
import { DocumentDownloadButton } from './document-download-button.js';
import { DocumentsLoadStatus } from './documents-load-status.js';

export const DOCUMENTS_MESSAGES = {
  loadFailed: 'Unable to load documents. Please try again later',
  empty: 'Currently no documents.',
} as const;

const BACK_LABELS = {
  details: 'Back to loan details',
  '/dashboard': 'Back to dashboard',
} as const;

/**
 * /{appUuid}/documents: every document of the application, each with its download. The back link
 * returns to the loan details with ?back=true, else to the dashboard (document 1 §2).
 */
export function BorrowerDocuments() {
  const { appUuid = '' } = useParams();
  const [searchParams] = useSearchParams();
  const application = useApplication(appUuid);
  const documents = useBorrowerDocuments(appUuid, application.data?.identityUuid);
  const back = documentsBackTarget(searchParams.get('back'));
  const backHref =
    back === 'details' ? paths.application.details.getHref(appUuid) : paths.dashboard.getHref();

  if (application.data === undefined) {
    return application.isError ? (
      <ApplicationLoadError error={application.error} onRetry={() => void application.refetch()} />
    ) : (
      <ScreenLoading />
    );
  }
  const { identityUuid } = application.data;

  return (
    <section className="panel documents">
      <PageHeading>Documents</PageHeading>
      {documents.data === undefined ? (
        <DocumentsLoadStatus
          query={documents}
          message={DOCUMENTS_MESSAGES.loadFailed}
          loadingText="Loading your documents…"
        />
      ) : documents.data.length === 0 ? (
        <p>{DOCUMENTS_MESSAGES.empty}</p>
      ) : (
        <ul className="documents__list" aria-label="Your documents">
          {documents.data.map((document) => (
            <li key={document.uuid} className="documents__item">
              <div className="documents__text">
                <h2 className="documents__name">{document.name}</h2>
                {document.description !== '' && (
                  <p className="documents__description">{document.description}</p>
                )}
              </div>
              <DocumentDownloadButton
                name={document.name}
                download={() =>
                  downloadDocument({
                    appUuid,
                    identityUuid,
                    docUuid: document.uuid,
                    name: document.name,
                  })
                }
              />
            </li>
          ))}
        </ul>
      )}
      <div className="page-actions">
        <Link className={buttonClassName({ variant: 'secondary' })} to={backHref}>
          {BACK_LABELS[back]}
        </Link>
      </div>
    </section>
  );
}
