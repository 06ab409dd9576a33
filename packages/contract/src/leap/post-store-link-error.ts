import { z } from 'zod/mini';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZBankInstitution } from '../entities/bank-link.js';
import { ZNoContent } from '../wire.js';

export const ZPostStoreLinkErrorBody = z.object({
  appUuid: z.optional(z.uuid()),
  /** The widget's error on exit; null when the borrower closed it without one. */
  linkError: z.nullable(
    z.object({
      errorType: z.string().check(z.maxLength(128)),
      errorCode: z.string().check(z.maxLength(128)),
      errorMessage: z.string().check(z.maxLength(2000)),
      displayMessage: z.nullable(z.string().check(z.maxLength(2000))),
    }),
  ),
  linkErrorMetadata: z.object({
    institution: z.nullable(ZBankInstitution),
    status: z.nullable(z.string().check(z.maxLength(128))),
    linkSessionId: z.nullable(z.string().check(z.maxLength(128))),
    requestId: z.nullable(z.string().check(z.maxLength(128))),
  }),
});
export type TPostStoreLinkErrorBody = z.infer<typeof ZPostStoreLinkErrorBody>;

export const postStoreLinkError = defineEndpoint({
  method: 'POST',
  path: `${LEAP}/secure/api/v1/storeLinkError`,
  auth: 'bearer',
  summary: 'Record why the bank-link widget was exited, for support',
  body: ZPostStoreLinkErrorBody,
  response: ZNoContent,
  status: 204,
});
