import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFinalSteps } from '@pledge/contract';
import {
  ID_ALREADY_APPROVED_CODE,
  markIdentityUploaded,
  type TIdentityDocumentType,
} from '@pledge/domain';
import { isApiError } from '../../../api/client.js';
import { finalStepsQueryKey } from '../../final-steps/api/get-final-steps.js';
import { uploadIdentityDocument } from '../api/upload-identity-document.js';

/** The form's two files: the ID (or passport) and the additional proof of address. */
export type TIdentitySlot = 'idFile' | 'additionalDocument';

export interface TSlotUpload {
  slot: TIdentitySlot;
  file: File;
  documentType: TIdentityDocumentType;
}

/** What the server refused, on the field it concerns or for the whole form. */
export interface TIdentityServerErrors {
  fields: Partial<Record<TIdentitySlot | 'idType', string>>;
  form: string | null;
}

const NO_ERRORS: TIdentityServerErrors = { fields: {}, form: null };

function refusalOf(error: unknown, slot: TIdentitySlot): TIdentityServerErrors {
  if (!isApiError(error)) {
    return { fields: {}, form: error instanceof Error ? error.message : String(error) };
  }
  const [fileError] = [...error.fieldErrors('document'), ...error.fieldErrors('fileName')];
  if (fileError !== undefined) return { fields: { [slot]: fileError }, form: null };
  const [typeError] = error.fieldErrors('documentType');
  if (typeError !== undefined && slot === 'idFile') {
    return { fields: { idType: typeError }, form: null };
  }
  return { fields: {}, form: typeError ?? error.message };
}

/**
 * Uploads the form's files one at a time (each its own multipart call), then marks Verify Identity
 * IN_PROGRESS in the cached final steps (document 1 §4) and is done: the page shows the uploaded
 * state (document 2 §4, §5) until the borrower continues, rather than leaving before it is seen. A second submit while
 * one runs does nothing; after a failure, a file already uploaded is not sent again. A file whose
 * document the server already approved (final) is skipped: the other one is what was asked for.
 */
export function useIdentityUpload(appUuid: string, documentOwnerIdentityUuid: string) {
  const queryClient = useQueryClient();
  const isBusy = useRef(false);
  const uploadedRef = useRef<Partial<Record<TIdentitySlot, File>>>({});
  const [uploading, setUploading] = useState<TIdentitySlot | null>(null);
  const [uploaded, setUploaded] = useState<Partial<Record<TIdentitySlot, File>>>({});
  const [serverErrors, setServerErrors] = useState<TIdentityServerErrors>(NO_ERRORS);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isDone, setIsDone] = useState(false);

  async function upload(files: readonly TSlotUpload[]): Promise<void> {
    if (isBusy.current) return;
    isBusy.current = true;
    setIsSubmitting(true);
    setServerErrors(NO_ERRORS);
    for (const { slot, file, documentType } of files) {
      if (uploadedRef.current[slot] === file) continue;
      setUploading(slot);
      try {
        await uploadIdentityDocument({ appUuid, documentOwnerIdentityUuid, documentType, file });
      } catch (error) {
        // That document was approved already (an agent asked only for the other one): it is done.
        if (isApiError(error) && error.code === ID_ALREADY_APPROVED_CODE) continue;
        setServerErrors(refusalOf(error, slot));
        setUploading(null);
        setIsSubmitting(false);
        isBusy.current = false;
        return;
      }
      uploadedRef.current = { ...uploadedRef.current, [slot]: file };
      setUploaded(uploadedRef.current);
    }
    setUploading(null);
    queryClient.setQueryData<TFinalSteps>(finalStepsQueryKey(appUuid), (steps) =>
      steps === undefined
        ? undefined
        : // The domain names the overall status differently; only the items change.
          {
            ...steps,
            items: markIdentityUploaded({ items: steps.items, overallStatus: steps.status }).items,
          },
    );
    setIsDone(true);
  }

  /** Forgets a server message once the borrower changes what it was about. */
  function clearServerError(field: TIdentitySlot | 'idType') {
    setServerErrors((current) =>
      current.fields[field] === undefined
        ? current
        : { ...current, fields: { ...current.fields, [field]: undefined } },
    );
  }

  return {
    upload,
    uploading,
    uploaded,
    serverErrors,
    clearServerError,
    /** From submit until the page is left; false again after a failure. */
    isSubmitting,
    /** Every file is uploaded: the form is finished. */
    isDone,
  };
}
