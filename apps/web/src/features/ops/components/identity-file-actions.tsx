import { useState } from 'react';
import type { TIdentityDocument } from '@pledge/contract';
import { Button } from '../../../ui/button/button.js';
import { fetchIdentityDocumentFile } from '../api/get-ops-identity-document.js';

/** How long a fetched file's address stays valid after it was opened or saved. */
const FILE_URL_LIFETIME_MS = 60_000;

function keepFor(url: string) {
  window.setTimeout(() => URL.revokeObjectURL(url), FILE_URL_LIFETIME_MS);
}

function save(url: string, fileName: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

const FILE_MODES = [
  { mode: 'open', label: 'Open' },
  { mode: 'download', label: 'Download' },
] as const;

type TFileMode = (typeof FILE_MODES)[number]['mode'];

/**
 * Open and Download of one uploaded ID. The bytes come from the agent endpoint with the agent's
 * token (a plain link would carry none), then open in a new tab or save under the file's name.
 */
export function IdentityFileActions({
  appUuid,
  document: file,
}: {
  appUuid: string;
  document: TIdentityDocument;
}) {
  const [busy, setBusy] = useState<TFileMode | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run(mode: TFileMode) {
    setBusy(mode);
    setError(null);
    // Opened before the download so that the browser counts it as the click's own window.
    const tab = mode === 'open' ? window.open('', '_blank') : null;
    try {
      const url = URL.createObjectURL(await fetchIdentityDocumentFile(appUuid, file));
      keepFor(url);
      if (tab !== null) tab.location.href = url;
      else save(url, file.fileName);
    } catch (cause) {
      tab?.close();
      setError(cause instanceof Error ? cause.message : 'The file could not be loaded.');
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="ops-file-actions">
      {FILE_MODES.map(({ mode, label }) => (
        <Button
          key={mode}
          variant="secondary"
          isFullWidth={false}
          isLoading={busy === mode}
          aria-label={`${label} ${file.fileName}`}
          onClick={() => void run(mode)}
        >
          {label}
        </Button>
      ))}
      {error !== null && (
        <p className="ops-file-actions__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
