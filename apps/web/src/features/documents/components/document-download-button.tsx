import { useMutation } from '@tanstack/react-query';
import { Button } from '../../../ui/button/button.js';
import { downloadDocument, type TDocumentToDownload } from '../api/download-document.js';

export interface TDocumentDownloadButtonProps {
  document: TDocumentToDownload;
  className?: string;
}

/** The failure message of one document's download. */
export function downloadFailedMessage(name: string): string {
  return `We couldn’t download ${name}. Try again.`;
}

/**
 * 'Download': fetches the document's PDF and saves it as a file named after it. The button says
 * which document it downloads to assistive technology; a failure is announced beside it.
 */
export function DocumentDownloadButton({ document, className }: TDocumentDownloadButtonProps) {
  const download = useMutation({ mutationFn: () => downloadDocument(document) });
  return (
    <div
      className={className === undefined ? 'document-download' : `document-download ${className}`}
    >
      <Button
        variant="secondary"
        isFullWidth={false}
        isLoading={download.isPending}
        aria-label={`Download ${document.name}`}
        onClick={() => download.mutate()}
      >
        Download
      </Button>
      {download.isError && (
        <p className="field__error document-download__error" role="alert">
          {downloadFailedMessage(document.name)}
        </p>
      )}
    </div>
  );
}
