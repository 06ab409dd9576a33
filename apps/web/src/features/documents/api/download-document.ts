import { getBorrowerDocument } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';

export interface TDocumentToDownload {
  appUuid: string;
  identityUuid: string;
  docUuid: string;
  /** The document's name, which the saved file is named after. */
  name: string;
}

/** Characters that file systems refuse in a name: path separators, reserved and control ones. */
// eslint-disable-next-line no-control-regex
const UNSAFE_FILE_NAME_CHARS = /[\\/:*?"<>|\u0000-\u001f]+/g;

/** The file name a document is saved under: its name, without characters file systems refuse. */
export function documentFileName(name: string): string {
  const base = name.replace(UNSAFE_FILE_NAME_CHARS, ' ').replace(/\s+/g, ' ').trim();
  const stem = base === '' ? 'document' : base;
  return stem.toLowerCase().endsWith('.pdf') ? stem : `${stem}.pdf`;
}

/** Hands bytes to the browser as a download. */
export function saveFile(bytes: Uint8Array<ArrayBuffer>, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is no longer needed once it has run.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Fetches a document's PDF and saves it as a file named after the document. */
export async function downloadDocument(document: TDocumentToDownload): Promise<void> {
  const bytes = await apiRequest(getBorrowerDocument, {
    params: {
      appUuid: document.appUuid,
      identityUuid: document.identityUuid,
      docUuid: document.docUuid,
    },
  });
  saveFile(new Uint8Array(bytes), documentFileName(document.name), 'application/pdf');
}
