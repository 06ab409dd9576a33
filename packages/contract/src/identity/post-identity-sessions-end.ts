import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZLocalPath } from '../wire.js';

/** Where the browser goes once every session, its own too, has ended (the sign-in page). */
export const ZPostIdentitySessionsEndResponse = z.object({
  redirectUrl: ZLocalPath,
});
export type TPostIdentitySessionsEndResponse = z.infer<typeof ZPostIdentitySessionsEndResponse>;

export const postIdentitySessionsEnd = defineEndpoint({
  method: 'POST',
  path: '/identity/secure/api/v1/identity/sessions/end',
  auth: 'bearer',
  summary:
    'Sign out everywhere: every session of the caller, on every device and audience, this one too, ends on every instance at once; answers where to go next',
  response: ZPostIdentitySessionsEndResponse,
});
