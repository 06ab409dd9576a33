import { useState, type ChangeEvent, type DragEvent, type ReactNode } from 'react';
import {
  classNames,
  describedBy,
  fieldClassName,
  FieldDescription,
  FieldError,
  hasError,
  type TFieldStateProps,
  useFieldIds,
} from '../field/field-parts.js';

/** Selecting, uploading, uploaded (document 2 §4). */
export type TUploadStatus = 'selecting' | 'uploading' | 'uploaded';

/** The uploaded-count message of document 2 §5. */
export function uploadedCountMessage(count: number): string {
  return `${count} file(s) uploaded`;
}

/** The tag beside the label (document 2 §5); null when none applies. */
export function uploadTag(
  status: TUploadStatus,
  fileCount: number,
  isRequired: boolean,
): 'Required' | 'Uploading' | 'Uploaded' | null {
  if (status === 'uploading') return 'Uploading';
  if (status === 'uploaded') return 'Uploaded';
  return isRequired && fileCount === 0 ? 'Required' : null;
}

/** "image/png" → "PNG", for the hint listing what may be chosen. */
function mimeTypeName(mimeType: string): string {
  return (mimeType.split('/')[1] ?? mimeType).toUpperCase();
}

function isAccepted(file: File, accept: readonly string[]): boolean {
  return accept.some((type) =>
    type.endsWith('/*') ? file.type.startsWith(type.slice(0, -1)) : file.type === type,
  );
}

function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export interface TFileUploaderProps extends TFieldStateProps {
  label: ReactNode;
  /** The mime types accepted ("image/png", "application/pdf", or "image/*"). */
  accept: readonly string[];
  /** The chosen files (controlled). */
  files: readonly File[];
  onFilesChange: (files: File[]) => void;
  status?: TUploadStatus;
  isMultiple?: boolean;
  chooseLabel?: string;
  id?: string;
  className?: string;
}

/**
 * Chooses files by keyboard (a real file input, reached with Tab and opened with Enter or Space),
 * by click, or by dropping them on the zone. Files of another type are refused with a message.
 * Required by default (document 2 §5): a 'Required' tag until a file is chosen, then 'Uploading'
 * and 'Uploaded' with the count, announced as they change.
 */
export function FileUploader({
  label,
  accept,
  files,
  onFilesChange,
  status = 'selecting',
  isMultiple = false,
  chooseLabel = isMultiple ? 'Choose files' : 'Choose a file',
  description,
  error,
  isRequired = true,
  isDisabled = false,
  isReadOnly = false,
  id,
  className,
}: TFileUploaderProps) {
  const ids = useFieldIds(id);
  const hintId = `${ids.controlId}-hint`;
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isDragOver, setIsDragOver] = useState(false);
  // A refused file says why, even over the form's "required" message: that one only follows from it.
  const shownError = refusal ?? (hasError(error) ? error : null);
  const isInvalid = hasError(shownError);
  const isLocked = isDisabled || isReadOnly || status === 'uploading';
  const tag = uploadTag(status, files.length, isRequired);
  const acceptedNames = accept.map(mimeTypeName).join(', ');

  function choose(chosen: File[]) {
    if (isLocked || chosen.length === 0) return;
    const refused = chosen.filter((file) => !isAccepted(file, accept));
    const accepted = chosen.filter((file) => isAccepted(file, accept));
    setRefusal(
      refused.length === 0
        ? null
        : `${refused.map((file) => file.name).join(', ')}: only ${acceptedNames} files can be uploaded.`,
    );
    if (accepted.length === 0) return;
    onFilesChange(isMultiple ? [...files, ...accepted] : accepted.slice(0, 1));
  }

  function onInputChange(event: ChangeEvent<HTMLInputElement>) {
    choose(Array.from(event.target.files ?? []));
    // Lets the same file be chosen again after it was removed.
    event.target.value = '';
  }

  function onDragOver(event: DragEvent<HTMLElement>) {
    if (isLocked) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setIsDragOver(true);
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setIsDragOver(false);
    choose(Array.from(event.dataTransfer.files));
  }

  function remove(index: number) {
    setRefusal(null);
    onFilesChange(files.filter((_, position) => position !== index));
  }

  return (
    <div
      className={fieldClassName({ isInvalid, isDisabled, isReadOnly }, 'file-uploader', className)}
    >
      <div className="field__label-row">
        <label className="field__label" id={ids.labelId} htmlFor={ids.controlId}>
          {label}
        </label>
        {tag !== null && (
          // The control says "required" itself; the live status below announces the others.
          <span className={`tag tag--${tag.toLowerCase()}`} aria-hidden="true">
            {tag}
          </span>
        )}
      </div>
      {description !== undefined && (
        <FieldDescription id={ids.descriptionId}>{description}</FieldDescription>
      )}
      {isInvalid && <FieldError id={ids.errorId} message={shownError} />}
      <label
        className={classNames('file-uploader__zone', isDragOver && 'file-uploader__zone--over')}
        htmlFor={ids.controlId}
        onDragOver={onDragOver}
        onDragLeave={() => setIsDragOver(false)}
        onDrop={onDrop}
      >
        <input
          id={ids.controlId}
          type="file"
          className="file-uploader__input visually-hidden"
          accept={accept.join(',')}
          multiple={isMultiple}
          disabled={isLocked}
          required={isRequired && files.length === 0}
          aria-labelledby={ids.labelId}
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedBy(
            description !== undefined && ids.descriptionId,
            isInvalid && ids.errorId,
            hintId,
          )}
          onChange={onInputChange}
        />
        <span className={classNames('button', 'button--secondary', 'button--fit')}>
          {chooseLabel}
        </span>
        <span className="file-uploader__drop-text">
          or drag and drop {isMultiple ? 'them' : 'it'} here
        </span>
      </label>
      <p id={hintId} className="field__note">
        Accepted files: {acceptedNames}
      </p>
      {files.length > 0 && (
        <ul className="file-uploader__files">
          {files.map((file, index) => (
            <li
              key={`${file.name}-${file.size}-${file.lastModified}`}
              className="file-uploader__file"
            >
              <span className="file-uploader__file-name">{file.name}</span>
              <span className="file-uploader__file-size">{formatFileSize(file.size)}</span>
              {!isLocked && status !== 'uploaded' && (
                <button
                  type="button"
                  className="button button--link button--fit"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => remove(index)}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="file-uploader__status" role="status">
        {status === 'uploading' && <span className="visually-hidden">Uploading</span>}
        {status === 'uploaded' && uploadedCountMessage(files.length)}
      </p>
    </div>
  );
}
