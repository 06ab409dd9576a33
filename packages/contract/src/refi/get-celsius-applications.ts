import { z } from 'zod/mini';
import { defineEndpoint, REFI } from '../define-endpoint.js';
import { ZRefinancingApplication } from '../entities/application.js';

export const ZGetCelsiusApplicationsParams = z.object({ identityUuid: z.uuid() });

export const ZGetCelsiusApplicationsResponse = z.array(ZRefinancingApplication);
export type TGetCelsiusApplicationsResponse = z.infer<typeof ZGetCelsiusApplicationsResponse>;

export const getCelsiusApplications = defineEndpoint({
  method: 'GET',
  path: `${REFI}/borrower/:identityUuid/celsius-application`,
  auth: 'bearer',
  summary: 'The borrower’s refinancing applications (only the caller’s own identity)',
  params: ZGetCelsiusApplicationsParams,
  response: ZGetCelsiusApplicationsResponse,
});
