const UNIQUE_VIOLATION = '23505';

/** A unique index refused the write (SQLSTATE 23505), anywhere in the error's chain of causes. */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}
