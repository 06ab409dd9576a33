import { z } from 'zod/mini';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZApplication } from '../entities/application.js';
import { ZOrgCode } from '../wire.js';

export const ZPostCreateApplicationBody = z.object({
  /** Organisation code of the brand the borrower applies through. */
  organization: ZOrgCode,
  loanOriginatorUuid: z.optional(z.uuid()),
  referralUuid: z.optional(z.uuid()),
});
export type TPostCreateApplicationBody = z.infer<typeof ZPostCreateApplicationBody>;

/** Public path, but the new application is bound to the caller, so a bearer token is required. */
export const postCreateApplication = defineEndpoint({
  method: 'POST',
  path: `${LEAP}/insecure/api/v1/applications/create`,
  auth: 'bearer',
  summary: 'Create a web-flow application for the signed-in borrower',
  body: ZPostCreateApplicationBody,
  response: ZApplication,
  status: 201,
});
