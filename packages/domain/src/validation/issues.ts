/**
 * Reporting a problem from inside a zod/mini transform, whose context (unlike a refinement's) has
 * no `addIssue`.
 */
import type { z } from 'zod/mini';

/** A custom issue with the product's message, at `path` under the value being transformed. */
export function addCustomIssue(
  payload: z.core.ParsePayload,
  message: string,
  path?: PropertyKey[],
): void {
  payload.issues.push({
    code: 'custom',
    message,
    input: payload.value,
    ...(path === undefined ? {} : { path }),
  });
}
