import type { z } from 'zod/mini';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZApplication } from '../entities/application.js';
import { ZAppParams } from '../wire.js';

export const ZGetApplicationResponse = ZApplication;
export type TGetApplicationResponse = z.infer<typeof ZGetApplicationResponse>;

export const getApplication = defineEndpoint({
  method: 'GET',
  path: `${LEAP}/secure/api/v1/applications/:appUuid`,
  auth: 'bearer',
  summary: 'One of the borrower’s applications (404 for any other id)',
  params: ZAppParams,
  response: ZGetApplicationResponse,
});
