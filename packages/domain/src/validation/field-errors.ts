/**
 * Zod issues as the API's `fieldErrors`: field path (dot-joined, '' for the whole value) → messages
 * in the order they were raised, each message once.
 */
import { config, safeParse, type core } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

// zod/mini carries no messages: an issue a schema gives no words for (a wrong type, a missing field)
// reads in zod's English, as it did with zod classic, in the server's answers and in the forms.
config(en());

export function fieldErrorsFromZodError(error: core.$ZodError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    const messages = (fieldErrors[path] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return fieldErrors;
}

/** Parse and answer the field errors, or {} when the input is valid (for forms and tests). */
export function fieldErrorsOf(schema: core.$ZodType, input: unknown): Record<string, string[]> {
  const result = safeParse(schema, input);
  return result.success ? {} : fieldErrorsFromZodError(result.error);
}
