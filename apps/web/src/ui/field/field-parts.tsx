import { useId, type ReactNode } from 'react';

/** The states every form control supports (document 2 §4). */
export interface TFieldStateProps {
  /** A hint under the label, linked to the control with aria-describedby. */
  description?: ReactNode;
  /** The validation message; a control with one is invalid. */
  error?: string | null;
  isRequired?: boolean;
  isDisabled?: boolean;
  isReadOnly?: boolean;
}

/** The ids that tie a control to its label, hint and error. */
export function useFieldIds(id: string | undefined) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  return {
    controlId,
    labelId: `${controlId}-label`,
    descriptionId: `${controlId}-description`,
    errorId: `${controlId}-error`,
    noticeId: `${controlId}-notice`,
  };
}

export function hasError(error: string | null | undefined): error is string {
  return error !== undefined && error !== null && error !== '';
}

/** An aria-describedby value from the ids that apply, or undefined when none does. */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const value = ids.filter(Boolean).join(' ');
  return value === '' ? undefined : value;
}

export function classNames(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

/** The class of a field's wrapper: `field` with a class per state it is in, and its own beside. */
export function fieldClassName(
  state: { isInvalid: boolean; isDisabled: boolean; isReadOnly: boolean },
  ...own: (string | undefined)[]
): string {
  return classNames(
    'field',
    state.isInvalid && 'field--invalid',
    state.isDisabled && 'field--disabled',
    state.isReadOnly && 'field--read-only',
    ...own,
  );
}

/**
 * What every labelled control works out from its state: the ids tying it to its label, hint and
 * error; whether it is invalid, and with what message; its wrapper's class (`own` classes beside
 * the state's); what its FieldHeading shows; and its aria-describedby, the hint and error with any
 * further ids (a notice) after them.
 */
export function useField(
  id: string | undefined,
  { description, error, isDisabled = false, isReadOnly = false }: TFieldStateProps,
  ...own: (string | undefined)[]
) {
  const ids = useFieldIds(id);
  const errorMessage = hasError(error) ? error : null;
  const isInvalid = errorMessage !== null;
  return {
    ids,
    isInvalid,
    /** The error to show; null when there is none. */
    errorMessage,
    heading: { ids, description, error },
    className: fieldClassName({ isInvalid, isDisabled, isReadOnly }, ...own),
    describedBy: (...more: (string | false)[]) =>
      describedBy(
        description !== undefined && ids.descriptionId,
        isInvalid && ids.errorId,
        ...more,
      ),
  };
}

/**
 * A visual "Required" tag next to a label. Hidden from assistive technology, which already hears
 * "required" from the control itself.
 */
export function RequiredTag() {
  return (
    <span className="tag tag--required" aria-hidden="true">
      Required
    </span>
  );
}

export function FieldLabel({
  htmlFor,
  id,
  isRequired = false,
  children,
}: {
  htmlFor: string;
  id?: string;
  isRequired?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="field__label-row">
      <label className="field__label" htmlFor={htmlFor} id={id}>
        {children}
      </label>
      {isRequired && <RequiredTag />}
    </div>
  );
}

export function FieldDescription({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="field__note">
      {children}
    </p>
  );
}

/**
 * A field's validation message. The visually hidden "Error:" makes a screen reader say that the
 * text is an error (document 2 §5), not only show it in red.
 */
export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="field__error">
      {/* A mark beside the message, so an error is not told by colour alone; not read out. */}
      <span className="field__error-mark" aria-hidden="true">
        !
      </span>
      <span>
        <span className="visually-hidden">Error:</span> {message}
      </span>
    </p>
  );
}

/**
 * What stands above a labelled control, in this order: its label, its hint and its error, so that
 * a sighted reader sees the error before the value it is about.
 */
export function FieldHeading({
  ids,
  label,
  description,
  error,
  isRequired = false,
}: {
  ids: ReturnType<typeof useFieldIds>;
  label: ReactNode;
  description?: ReactNode;
  error?: string | null;
  isRequired?: boolean;
}) {
  return (
    <>
      <FieldLabel htmlFor={ids.controlId} isRequired={isRequired}>
        {label}
      </FieldLabel>
      {description !== undefined && (
        <FieldDescription id={ids.descriptionId}>{description}</FieldDescription>
      )}
      {hasError(error) && <FieldError id={ids.errorId} message={error} />}
    </>
  );
}
