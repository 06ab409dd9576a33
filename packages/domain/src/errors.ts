/**
 * The one error type of the domain. `code` is stable and machine-readable (the server maps it to the
 * `code` of its error body); `fieldErrors` carries field path → messages in the product's words, so
 * a rule refused deep in the domain still reaches the right form field.
 */
export class DomainError extends Error {
  readonly code: string;
  // Declared only, so that an error without field errors has no such key at all.
  declare readonly fieldErrors?: Record<string, string[]>;

  constructor(code: string, message: string, fieldErrors?: Record<string, string[]>) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    if (fieldErrors !== undefined) this.fieldErrors = fieldErrors;
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
