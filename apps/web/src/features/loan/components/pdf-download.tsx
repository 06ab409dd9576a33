import { useState } from 'react';
import { Button } from '../../../ui/button/button.js';

/**
 * "Download PDF" for one document of the loan. The button's name is its visible words followed by
 * the document it downloads ("Download PDF, statement of Feb 10, 2025"), so that speech input
 * ("click Download PDF") finds it and axe's label-content-name-mismatch holds.
 */
/** The button's visible words; its accessible name starts with them. */
export const PDF_DOWNLOAD_WORDS = 'Download PDF';

export function PdfDownload({
  documentName,
  download,
}: {
  /** What the PDF is, in words ("statement of Feb 10, 2025"). */
  documentName: string;
  download: () => Promise<void>;
}) {
  const [state, setState] = useState<'idle' | 'pending' | 'failed'>('idle');

  function onDownload() {
    setState('pending');
    download().then(
      () => setState('idle'),
      () => setState('failed'),
    );
  }

  return (
    <>
      <Button
        variant="secondary"
        isFullWidth={false}
        isLoading={state === 'pending'}
        aria-label={`${PDF_DOWNLOAD_WORDS}, ${documentName}`}
        onClick={onDownload}
      >
        {PDF_DOWNLOAD_WORDS}
      </Button>
      {state === 'failed' && (
        <p className="field__error" role="alert">
          We couldn’t download the {documentName}. Try again.
        </p>
      )}
    </>
  );
}
