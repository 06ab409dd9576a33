import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import type { TApplication } from '@pledge/contract';
import {
  ACCEPTED_ID_MIME_TYPES,
  ADDITIONAL_DOCUMENT_TYPE,
  fieldErrorsOf,
  ID_TYPES,
  identityDocumentType,
  identityPageRoute,
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

/** Where the page returns the borrower: the checklist, or the tracker while the funds wait. */
interface TReturnLink {
  href: string;
  backLabel: string;
  /** Where the review's progress shows, after an upload. */
  progressNote: string;
}

function returnLinkOf(appUuid: string, returnTo: 'next-steps' | 'complete'): TReturnLink {
  return returnTo === 'complete'
    ? {
        href: paths.application.complete.getHref(appUuid),
        backLabel: 'Back to your application status',
        progressNote: 'your application status shows its progress',
      }
    : {
        href: paths.application.nextSteps.getHref(appUuid),
        backLabel: 'Back to your next steps',
        progressNote: 'your next steps show its progress',
      };
}

/**
 * /{appUuid}/identity: the borrower uploads an ID (document 1 §5). Open in every state where the
 * server takes one (identityPageRoute), including those where the funds wait for it after the
 * borrower signed and deposited first; otherwise the checklist decides where the borrower belongs.
 * Once the server counts Verify Identity as completed the approved ID is final: the page says so
 * and offers no upload. The additional-documents flag is decided before the form shows, so that
 * its fields do not appear later.
 */
export function IdentityUpload() {
  const { appUuid = '' } = useParams();
  const application = useFreshApplication(appUuid);
  const additionalDocs = useFeatureFlag(SHOW_ADDITIONAL_DOCS_FLAG);
  const route = application.data === undefined ? null : identityPageRoute(application.data.state);
  const finalSteps = useFinalSteps(appUuid, { enabled: route?.isOpen === true });

  if (!application.isFresh || application.data === undefined || route === null) {
    return <PendingData query={application} />;
  }
  if (!route.isOpen) {
    return <Navigate replace to={paths.application.nextSteps.getHref(appUuid)} />;
  }
  const returnLink = returnLinkOf(appUuid, route.returnTo);
  const identityStep = finalSteps.data?.items.find((item) => item.name === 'Verify Identity');
  if (identityStep?.status === 'COMPLETED') return <IdentityApproved returnLink={returnLink} />;
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
      returnLink={returnLink}
    />
  );
}

function IdentityApproved({ returnLink }: { returnLink: TReturnLink }) {
  return (
    <section className="panel identity">
      <PageHeading>{TITLE}</PageHeading>
      <Alert variant="success" title="Your ID is verified">
        We have verified your ID, so there is nothing more to upload.
      </Alert>
      <div className="page-actions">
        <Link className="button" to={returnLink.href}>
          {returnLink.backLabel}
        </Link>
      </div>
    </section>
  );
}

/** The uploaded state, held until the borrower moves on: the next page is theirs to open. */
function UploadDone({ returnLink }: { returnLink: TReturnLink }) {
  const continueLink = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    continueLink.current?.focus();
  }, []);
  return (
    <>
      <Alert variant="success" title="Your ID was uploaded" isLive>
        We will review it shortly; {returnLink.progressNote}.
      </Alert>
      <div className="page-actions">
        <Link ref={continueLink} className="button" to={returnLink.href}>
          Continue
        </Link>
      </div>
    </>
  );
}

function IdentityUploadForm({
  application,
  showAdditionalDocs,
  returnLink,
}: {
  application: TApplication;
  showAdditionalDocs: boolean;
  returnLink: TReturnLink;
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
        {submission.isDone && <UploadDone returnLink={returnLink} />}
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
