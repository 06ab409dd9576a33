import type { z } from 'zod/mini';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZApplication } from '../entities/application.js';
import { ZPostCreateApplicationBody } from './post-create-application.js';

export const ZPostCreateMobileFlowApplicationBody = ZPostCreateApplicationBody;
export type TPostCreateMobileFlowApplicationBody = z.infer<
  typeof ZPostCreateMobileFlowApplicationBody
>;

export const ZPostCreateMobileFlowApplicationResponse = ZApplication;
export type TPostCreateMobileFlowApplicationResponse = z.infer<
  typeof ZPostCreateMobileFlowApplicationResponse
>;

/** Public path, but the new application is bound to the caller, so a bearer token is required. */
export const postCreateMobileFlowApplication = defineEndpoint({
  method: 'POST',
  path: `${LEAP}/insecure/api/v2/applications/mobile-flow/create`,
  auth: 'bearer',
  summary: 'Create an application that the borrower finishes in the mobile app',
  body: ZPostCreateMobileFlowApplicationBody,
  response: ZPostCreateMobileFlowApplicationResponse,
  status: 201,
});
