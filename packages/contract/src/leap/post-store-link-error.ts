import { z } from 'zod';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZBankInstitution } from '../entities/bank-link.js';
import { ZNoContent } from '../wire.js';

export const ZPostStoreLinkErrorBody = z.object({
  appUuid: z.uuid().optional(),
  /** The widget's error on exit; null when the borrower closed it without one. */
  linkError: z
    .object({
      errorType: z.string().max(128),
      errorCode: z.string().max(128),
      errorMessage: z.string().max(2000),
      displayMessage: z.string().max(2000).nullable(),
    })
    .nullable(),
  linkErrorMetadata: z.object({
    institution: ZBankInstitution.nullable(),
    status: z.string().max(128).nullable(),
    linkSessionId: z.string().max(128).nullable(),
    requestId: z.string().max(128).nullable(),
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
