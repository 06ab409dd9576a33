import { z } from 'zod/mini';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZApplication } from '../entities/application.js';

export const ZGetUserAppsResponse = z.array(ZApplication);
export type TGetUserAppsResponse = z.infer<typeof ZGetUserAppsResponse>;

export const getUserApps = defineEndpoint({
  method: 'GET',
  path: `${LEAP}/secure/api/v1/fetch-user/apps`,
  auth: 'bearer',
  summary: "The signed-in borrower's applications, newest first",
  response: ZGetUserAppsResponse,
});
