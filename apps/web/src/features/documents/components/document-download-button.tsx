import { useMutation } from '@tanstack/react-query';
import { Button } from '../../../ui/button/button.js';

export interface TDocumentDownloadButtonProps {
  /** The document's name: the button names it to assistive technology, and so does a failure. */
  name: string;
  /** Fetches the document's PDF and saves it as a file. */
  download: () => Promise<void>;
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
export function DocumentDownloadButton({
  name,
  download,
  className,
}: TDocumentDownloadButtonProps) {
  const mutation = useMutation({ mutationFn: download });
  return (
    <div
      className={className === undefined ? 'document-download' : `document-download ${className}`}
    >
      <Button
        variant="secondary"
        isFullWidth={false}
        isLoading={mutation.isPending}
        aria-label={`Download ${name}`}
        onClick={() => mutation.mutate()}
      >
        Download
      </Button>
      {mutation.isError && (
        <p className="field__error document-download__error" role="alert">
          {downloadFailedMessage(name)}
        </p>
      )}
    </div>
  );
}
