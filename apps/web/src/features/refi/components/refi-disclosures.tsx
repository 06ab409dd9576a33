import { useState } from 'react';
import { useIsFetching, useMutation, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import type { TDocument, TRefinancingApplication } from '@pledge/contract';
import { paths } from '../../../config/paths.js';
import { Button } from '../../../ui/button/button.js';
import { useLiveRegion } from '../../../ui/live-region/live-region.js';
import { PageHeading } from '../../../ui/page-heading.js';
import { Progress } from '../../../ui/progress/progress.js';
import { ScrollRegion } from '../../../ui/scroll-region.js';
import { isApiError } from '../../../api/client.js';
import { DocumentDownloadButton } from '../../documents/components/document-download-button.js';
import { DocumentsLoadStatus } from '../../documents/components/documents-load-status.js';
import { refusalMessage } from '../../renewal/api/api-message.js';
import {
  cachedRefiApplications,
  refiApplicationsQueryKey,
  setCachedRefiApplication,
} from '../api/refi-applications.js';
import {
  downloadRefiDocument,
  refiDocumentsQueryKey,
  signRefiDocument,
  useRefiDocumentText,
  useRefiUnsignedDocuments,
} from '../api/refi-documents.js';
import { withLastDocumentSigned } from '../refi-loans.js';
import { RefiApplicationRoute } from './refi-application-route.js';
import type { TRefiListState } from './refi-list.js';

export const REFI_DISCLOSURES_TITLE = 'Review and sign your disclosures';

/** Said on the list when the last signature found the offer's terms changed (issue 34). */
export const REFI_OFFER_CHANGED_TITLE = 'Your offer changed: review it and accept it again';

/**
 * The signature was refused because the price moved and the offer was priced anew (its documents
 * voided): the borrower goes back to the new offer, not to the stale one.
 */
function isOfferRepriced(error: unknown): boolean {
  return isApiError(error) && (error.code === 'REFI_REPRICED' || error.code === 'DOCUMENT_VOIDED');
}

/** "Document 2 of 3": `signed` of the documents already signed on this page, `left` still to sign. */
export function refiDocumentPosition(signed: number, left: number): string {
  return `Document ${signed + 1} of ${signed + left}`;
}

/**
 * The document itself on the page (document 2 §2 shows one at a time), in a region that scrolls
 * on its own: its words as its PDF has them, or, for a document generated before they were kept,
 * a pointer to its Download.
 */
function DocumentText({ document }: { document: TDocument }) {
  const text = useRefiDocumentText(document.uuid);
  const labelId = `document-text-${document.uuid}`;
  if (text.data === undefined) {
    return text.isError ? (
      <p className="field__note">We couldn’t show {document.name} here. Download it to read it.</p>
    ) : (
      <p role="status">Loading {document.name}…</p>
    );
  }
  if (text.data.text === null) {
    return <p className="field__note">Download {document.name} to read it before you agree.</p>;
  }
  return (
    <ScrollRegion className="refi-document-text" aria-labelledby={labelId}>
      <p id={labelId} className="refi-document-text__title">
        {text.data.text.title}
      </p>
      {text.data.text.paragraphs.map((paragraph, index) => (
        // The paragraphs are the document's, in order: their place is their identity.
        <p key={index}>{paragraph}</p>
      ))}
    </ScrollRegion>
  );
}

function Signing({ identityUuid, app }: { identityUuid: string; app: TRefinancingApplication }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { announce, liveRegion } = useLiveRegion();
  const { appUuid } = app;
  const isOpen = app.state === 'SIGN_DOCS' || app.state === 'CELSIUS_FULL_COLLATERAL_RECEIVED';
  const documents = useRefiUnsignedDocuments(appUuid, identityUuid, { enabled: isOpen });
  const [signedHere, setSignedHere] = useState(0);
  const isListFetching = useIsFetching({ queryKey: refiApplicationsQueryKey(identityUuid) }) > 0;

  const sign = useMutation({
    mutationFn: (document: TDocument) => signRefiDocument(document.uuid),
    onMutate: (document) => {
      const isLast = documents.data?.length === 1 && documents.data[0]?.uuid === document.uuid;
      const previous = cachedRefiApplications(queryClient, identityUuid);
      if (isLast) setCachedRefiApplication(queryClient, identityUuid, withLastDocumentSigned(app));
      return { previous };
    },
    onSuccess: (result) => {
      setSignedHere((count) => count + 1);
      announce(`${result.document.name} signed.`);
      queryClient.setQueryData<TDocument[]>(refiDocumentsQueryKey(appUuid), (current) =>
        current?.filter((document) => document.uuid !== result.document.uuid),
      );
      if (result.unsignedRemaining === 0) {
        setCachedRefiApplication(queryClient, identityUuid, {
          ...app,
          state: result.state,
          stage: result.stage,
        });
      }
    },
    onError: (error, _document, snapshot) => {
      if (snapshot?.previous !== undefined) {
        queryClient.setQueryData(refiApplicationsQueryKey(identityUuid), snapshot.previous);
      }
      if (isOfferRepriced(error)) {
        // The server priced the offers anew: the list reads them, and these documents are void.
        queryClient.removeQueries({ queryKey: refiDocumentsQueryKey(appUuid) });
        void queryClient.invalidateQueries({ queryKey: refiApplicationsQueryKey(identityUuid) });
        const back: TRefiListState = {
          title: REFI_OFFER_CHANGED_TITLE,
          error: refusalMessage(error),
          appUuid,
          variant: 'warn',
        };
        void navigate(paths.refinance.list.getHref(), { state: back });
        return;
      }
      const back: TRefiListState = {
        title: 'Your disclosures were not signed',
        error: refusalMessage(error),
      };
      void navigate(paths.refinance.list.getHref(), { state: back });
    },
  });

  // After the last signature (recorded by the server), back to the list.
  if (sign.isSuccess && sign.data.unsignedRemaining === 0) {
    return <Navigate to={paths.refinance.list.getHref()} />;
  }
  // Not while a signature is on its way: its optimistic state must not send the borrower to a list
  // read before the server has recorded it.
  // Nor while the list is read again on opening: a state the page before saw (the full top-up in)
  // may not be in the copy it left behind yet.
  if (!isOpen && sign.isIdle) {
    if (isListFetching) return <p role="status">Loading your disclosures…</p>;
    return <Navigate replace to={paths.refinance.list.getHref()} />;
  }
  if (documents.data === undefined) {
    return (
      <DocumentsLoadStatus
        query={documents}
        title="We couldn’t load your disclosures"
        loadingText="Loading your disclosures…"
      />
    );
  }
  const current = documents.data[0];
  if (current === undefined) {
    return <p role="status">Preparing your disclosures…</p>;
  }
  const left = documents.data.length;
  return (
    <>
      <Progress
        className="disclosures__progress"
        label={refiDocumentPosition(signedHere, left)}
        value={signedHere + 1}
        max={signedHere + left}
      />
      <article className="disclosures__document" aria-labelledby={`document-${current.uuid}`}>
        <h2 id={`document-${current.uuid}`}>{current.name}</h2>
        {current.description !== '' && <p>{current.description}</p>}
        <DocumentText key={current.uuid} document={current} />
        <DocumentDownloadButton
          name={current.name}
          download={() => downloadRefiDocument(current)}
        />
      </article>
      {liveRegion}
      <p className="disclosures__sign-text">
        By selecting Agree, you electronically sign the {current.name}.
      </p>
      <div className="page-actions">
        <Button isLoading={sign.isPending} onClick={() => sign.mutate(current)}>
          Agree
        </Button>
      </div>
    </>
  );
}

/**
 * /celsius-refi/{appUuid}/{offerUuid}/disclosures (document 2 §2, §4): one disclosure at a time,
 * shown on the page with its download and 'Agree'; after the last one, back to /celsius-refi.
 */
export function RefiDisclosures() {
  return (
    <RefiApplicationRoute
      title={REFI_DISCLOSURES_TITLE}
      hasOffer={(app, offerUuid) => app.selectedOffer?.uuid === offerUuid}
    >
      {({ identityUuid, app }) => (
        <section className="panel disclosures refi-page">
          <PageHeading>{REFI_DISCLOSURES_TITLE}</PageHeading>
          <Signing identityUuid={identityUuid} app={app} />
        </section>
      )}
    </RefiApplicationRoute>
  );
}
