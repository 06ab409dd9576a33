import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZNoContent } from '../wire.js';
import { ZIdentitySessionId } from './get-identity-sessions.js';

export const ZDeleteIdentitySessionParams = z.object({ sessionId: ZIdentitySessionId });
export type TDeleteIdentitySessionParams = z.infer<typeof ZDeleteIdentitySessionParams>;

export const deleteIdentitySession = defineEndpoint({
  method: 'DELETE',
  path: '/identity/secure/api/v1/identity/sessions/:sessionId',
  auth: 'bearer',
  summary:
    "Sign out one of the caller's sessions, on every instance at once (404 when the caller has no such open session)",
  params: ZDeleteIdentitySessionParams,
  response: ZNoContent,
  status: 204,
});
