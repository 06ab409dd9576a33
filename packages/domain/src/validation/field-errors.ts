/**
 * Zod issues as the API's `fieldErrors`: field path (dot-joined, '' for the whole value) → messages
 * in the order they were raised, each message once.
 */
import type { z } from 'zod';

export function fieldErrorsFromZodError(error: z.ZodError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    const messages = (fieldErrors[path] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return fieldErrors;
}

/** Parse and answer the field errors, or {} when the input is valid (for forms and tests). */
export function fieldErrorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrorsFromZodError(result.error);
}
