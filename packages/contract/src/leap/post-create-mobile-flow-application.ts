import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZApplication } from '../entities/application.js';
import { ZPostCreateApplicationBody } from './post-create-application.js';

/** Public path, but the new application is bound to the caller, so a bearer token is required. */
export const postCreateMobileFlowApplication = defineEndpoint({
  method: 'POST',
  path: `${LEAP}/insecure/api/v2/applications/mobile-flow/create`,
  auth: 'bearer',
  summary: 'Create an application that the borrower finishes in the mobile app',
  body: ZPostCreateApplicationBody,
  response: ZApplication,
  status: 201,
});
