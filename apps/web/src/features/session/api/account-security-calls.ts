import { queryOptions } from '@tanstack/react-query';
import {
  deleteIdentitySession,
  getIdentitySessions,
  postIdentityAliasConfirm,
  postIdentitySessionsEnd,
  postIdentityStepUp,
  putIdentityAlias,
  type TPostIdentityStepUpResponse,
  type TPutIdentityAliasBody,
} from '@pledge/contract';
import { apiRequest, isApiError } from '../../../api/client.js';

/** The signed-in person's open sessions, most recently used first. */
export const sessionsQuery = queryOptions({
  queryKey: ['session', 'sessions'] as const,
  queryFn: ({ signal }) => apiRequest(getIdentitySessions, { signal }),
});

export function endSession(sessionId: string): Promise<void> {
  return apiRequest(deleteIdentitySession, { params: { sessionId } });
}

/** Ends every session of the person, this one too; answers where to go next. */
export async function endAllSessions(): Promise<string> {
  return (await apiRequest(postIdentitySessionsEnd)).redirectUrl;
}

/** Which proof the account gives before its address changes; an e-mailed one is sent now. */
export function beginStepUp(): Promise<TPostIdentityStepUpResponse> {
  return apiRequest(postIdentityStepUp);
}

export async function requestEmailChange(body: TPutIdentityAliasBody): Promise<void> {
  await apiRequest(putIdentityAlias, { body });
}

export async function confirmEmailChange(value: string, code: string): Promise<void> {
  await apiRequest(postIdentityAliasConfirm, { body: { type: 'Email', value, code } });
}

export const UNEXPECTED_MESSAGE = 'Something unexpected happened. Try again.';

/** The server's words for a failed call: a field's message when it names one, else one message. */
export function failureOf(
  error: unknown,
  fields: readonly string[],
): { field: string | null; message: string } {
  if (!isApiError(error)) return { field: null, message: UNEXPECTED_MESSAGE };
  for (const field of fields) {
    const [first] = error.fieldErrors(field);
    if (first !== undefined) return { field, message: first };
  }
  const hasServerWords = error.apiError !== null || error.status === 0;
  return { field: null, message: hasServerWords ? error.message : UNEXPECTED_MESSAGE };
}
