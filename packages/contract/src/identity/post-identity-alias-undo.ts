import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';

export const UNDO_EMAIL_CHANGE_MESSAGES = {
  token: 'This link is not complete. Open the link from the e-mail again.',
} as const;

export const ZPostIdentityAliasUndoBody = z.object({
  /** The single-use token e-mailed to the old address when the sign-in address changed. */
  token: z
    .string({ error: UNDO_EMAIL_CHANGE_MESSAGES.token })
    .check(
      z.maxLength(128, { error: UNDO_EMAIL_CHANGE_MESSAGES.token, abort: true }),
      z.regex(/^[A-Za-z0-9_-]{32,128}$/, { error: UNDO_EMAIL_CHANGE_MESSAGES.token }),
    ),
});
export type TPostIdentityAliasUndoBody = z.infer<typeof ZPostIdentityAliasUndoBody>;

export const ZPostIdentityAliasUndoResponse = z.object({
  /** The sign-in address restored. */
  email: z.email(),
});
export type TPostIdentityAliasUndoResponse = z.infer<typeof ZPostIdentityAliasUndoResponse>;

export const postIdentityAliasUndo = defineEndpoint({
  method: 'POST',
  path: '/identity/api/v1/identity/alias/undo',
  auth: 'none',
  summary:
    'Undo a change of sign-in address with the token e-mailed to the old address: restores it and ends every session (single use, rate limited)',
  body: ZPostIdentityAliasUndoBody,
  response: ZPostIdentityAliasUndoResponse,
});
