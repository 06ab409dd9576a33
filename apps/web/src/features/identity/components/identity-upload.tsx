import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import type { TApplication } from '@pledge/contract';
import {
  ACCEPTED_ID_MIME_TYPES,
  ADDITIONAL_DOCUMENT_TYPE,
  fieldErrorsOf,
  hasFinalSteps,
  ID_TYPES,
  identityDocumentType,
  makeIdentityUploadSchema,
  SHOW_ADDITIONAL_DOCS_FLAG,
  type TIdType,
} from '@pledge/domain';
import { paths } from '../../../config/paths.js';
import { useFeatureFlag } from '../../../flags/use-feature-flag.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { FileUploader, type TUploadStatus } from '../../../ui/file-uploader/file-uploader.js';
import { PageHeading } from '../../../ui/page-heading.js';
import { RadioGroup } from '../../../ui/radio-group/radio-group.js';
import { useFreshApplication } from '../../application/api/get-application.js';
import { PendingData } from '../../application/components/application-load-error.js';
import { useFinalSteps } from '../../final-steps/api/get-final-steps.js';
import {
  useIdentityUpload,
  type TIdentitySlot,
  type TSlotUpload,
} from '../hooks/use-identity-upload.js';
import { ID_TYPE_LABELS } from '../id-types.js';

const TITLE = 'Upload ID';

type TIdentityField = TIdentitySlot | 'idType';

const ID_TYPE_OPTIONS = ID_TYPES.map((idType) => ({
  value: idType,
  label: ID_TYPE_LABELS[idType],
}));

function isIdType(value: string): value is TIdType {
  return (ID_TYPES as readonly string[]).includes(value);
}

/**
 * /{appUuid}/identity: the borrower uploads an ID (document 1 §5). Open while the final steps are;
 * otherwise the checklist decides where the borrower belongs. Once the server counts Verify
 * Identity as completed the approved ID is final: the page says so and offers no upload. The
 * additional-documents flag is decided before the form shows, so that its fields do not appear
 * later.
 */
export function IdentityUpload() {
  const { appUuid = '' } = useParams();
  const application = useFreshApplication(appUuid);
  const additionalDocs = useFeatureFlag(SHOW_ADDITIONAL_DOCS_FLAG);
  const hasChecklist = application.data !== undefined && hasFinalSteps(application.data.state);
  const finalSteps = useFinalSteps(appUuid, { enabled: hasChecklist });

  if (!application.isFresh || application.data === undefined) {
    return <PendingData query={application} />;
  }
  if (!hasFinalSteps(application.data.state)) {
    return <Navigate replace to={paths.application.nextSteps.getHref(appUuid)} />;
  }
  const identityStep = finalSteps.data?.items.find((item) => item.name === 'Verify Identity');
  if (identityStep?.status === 'COMPLETED') return <IdentityApproved appUuid={appUuid} />;
  // Without the checklist the form shows: the server still refuses to replace an approved ID.
  if (additionalDocs.isPending || finalSteps.isPending) {
    return (
      <section className="panel identity">
        <PageHeading>{TITLE}</PageHeading>
        <p role="status">Loading…</p>
      </section>
    );
  }
  return (
    <IdentityUploadForm
      application={application.data}
      showAdditionalDocs={additionalDocs.isEnabled}
    />
  );
}

function IdentityApproved({ appUuid }: { appUuid: string }) {
  return (
    <section className="panel identity">
      <PageHeading>{TITLE}</PageHeading>
      <Alert variant="success" title="Your ID is verified">
        We have verified your ID, so there is nothing more to upload.
      </Alert>
      <div className="page-actions">
        <Link className="button" to={paths.application.nextSteps.getHref(appUuid)}>
          Back to your next steps
        </Link>
      </div>
    </section>
  );
}

/** The uploaded state, held until the borrower moves on: the next page is theirs to open. */
function UploadDone({ appUuid }: { appUuid: string }) {
  const continueLink = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    continueLink.current?.focus();
  }, []);
  return (
    <>
      <Alert variant="success" title="Your ID was uploaded" isLive>
        We will review it shortly; your next steps show its progress.
      </Alert>
      <div className="page-actions">
        <Link
          ref={continueLink}
          className="button"
          to={paths.application.nextSteps.getHref(appUuid)}
        >
          Continue
        </Link>
      </div>
    </>
  );
}

function IdentityUploadForm({
  application,
  showAdditionalDocs,
}: {
  application: TApplication;
  showAdditionalDocs: boolean;
}) {
  const { appUuid, identityUuid, isInternational } = application;
  const passportOnly = isInternational || showAdditionalDocs;
  const [idType, setIdType] = useState<TIdType | null>(null);
  const [idFiles, setIdFiles] = useState<File[]>([]);
  const [additionalFiles, setAdditionalFiles] = useState<File[]>([]);
  const [formErrors, setFormErrors] = useState<Partial<Record<TIdentityField, string>>>({});
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const submission = useIdentityUpload(appUuid, identityUuid);

  const errorOf = (field: TIdentityField) =>
    formErrors[field] ?? submission.serverErrors.fields[field];

  // After a refused submit, focus goes to the first field in error so that it is heard and fixed.
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current
      ?.querySelector<HTMLElement>('input[aria-invalid="true"], [aria-invalid="true"] input')
      ?.focus();
  }, [attempt]);

  function clearError(field: TIdentityField) {
    setFormErrors(({ [field]: _cleared, ...rest }) => rest);
    submission.clearServerError(field);
  }

  function statusOf(slot: TIdentitySlot, files: readonly File[]): TUploadStatus {
    if (submission.uploading === slot) return 'uploading';
    const [file] = files;
    return file !== undefined && submission.uploaded[slot] === file ? 'uploaded' : 'selecting';
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submission.isSubmitting) return;
    const [idFile] = idFiles;
    const [additionalDocument] = additionalFiles;
    const chosenType = passportOnly ? 'PASSPORT' : idType;
    const errors = fieldErrorsOf(
      makeIdentityUploadSchema({ isInternational, showAdditionalDocs }),
      {
        idType: chosenType ?? undefined,
        idFile,
        additionalDocument,
      },
    );
    const fieldErrors: Partial<Record<TIdentityField, string>> = {
      idType: errors.idType?.[0],
      idFile: errors.idFile?.[0],
      additionalDocument: errors.additionalDocument?.[0],
    };
    if (Object.values(fieldErrors).some((message) => message !== undefined)) {
      setFormErrors(fieldErrors);
      setAttempt((count) => count + 1);
      return;
    }
    if (chosenType === null || idFile === undefined) return;
    setFormErrors({});
    const uploads: TSlotUpload[] = [
      { slot: 'idFile', file: idFile, documentType: identityDocumentType(chosenType) },
    ];
    if (showAdditionalDocs && additionalDocument !== undefined) {
      uploads.push({
        slot: 'additionalDocument',
        file: additionalDocument,
        documentType: ADDITIONAL_DOCUMENT_TYPE,
      });
    }
    void submission.upload(uploads).then(() => setAttempt((count) => count + 1));
  }

  return (
    <section className="panel identity">
      <PageHeading>{TITLE}</PageHeading>
      <p>
        {passportOnly
          ? 'To verify your identity, upload a picture of the photo page of your passport.'
          : 'To verify your identity, choose your ID type and upload a picture of the front of your ID.'}
        {showAdditionalDocs &&
          ' We also need an additional document that shows your full name and address.'}
      </p>
      <form ref={formRef} className="identity__form" noValidate onSubmit={onSubmit}>
        {!passportOnly && (
          <RadioGroup
            label="ID type"
            name="idType"
            options={ID_TYPE_OPTIONS}
            value={idType ?? ''}
            isRequired
            isDisabled={submission.isSubmitting}
            error={errorOf('idType')}
            onValueChange={(value) => {
              if (isIdType(value)) setIdType(value);
              clearError('idType');
            }}
          />
        )}
        <FileUploader
          label={passportOnly ? 'Passport picture' : 'Front of your ID'}
          description={
            passportOnly
              ? 'The photo page, with your name, photo and passport number readable.'
              : 'A clear picture of the front, with all four corners showing.'
          }
          accept={ACCEPTED_ID_MIME_TYPES}
          files={idFiles}
          status={statusOf('idFile', idFiles)}
          isDisabled={submission.isSubmitting}
          error={errorOf('idFile')}
          onFilesChange={(files) => {
            setIdFiles(files);
            clearError('idFile');
          }}
        />
        {showAdditionalDocs && (
          <FileUploader
            label="Additional document"
            description="A document that shows your full name and address, for example a utility bill."
            accept={ACCEPTED_ID_MIME_TYPES}
            files={additionalFiles}
            status={statusOf('additionalDocument', additionalFiles)}
            isDisabled={submission.isSubmitting}
            error={errorOf('additionalDocument')}
            onFilesChange={(files) => {
              setAdditionalFiles(files);
              clearError('additionalDocument');
            }}
          />
        )}
        {submission.isDone && <UploadDone appUuid={appUuid} />}
        {submission.serverErrors.form !== null && (
          <Alert variant="error" title="Your ID was not uploaded">
            {submission.serverErrors.form}
          </Alert>
        )}
        {!submission.isDone && (
          <div className="page-actions">
            <Button type="submit" isLoading={submission.isSubmitting}>
              Submit
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}
