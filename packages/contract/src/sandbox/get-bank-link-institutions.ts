import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZBankInstitution } from '../entities/bank-link.js';

export const ZGetSandboxBankLinkInstitutionsResponse = z.object({
  institutions: z.array(ZBankInstitution),
});
export type TGetSandboxBankLinkInstitutionsResponse = z.infer<
  typeof ZGetSandboxBankLinkInstitutionsResponse
>;

/** The test banks of the sandbox's in-app bank picker, by name. */
export const getSandboxBankLinkInstitutions = defineEndpoint({
  method: 'GET',
  path: '/sandbox/bank-link/institutions',
  auth: 'none',
  summary: 'Sandbox only: the test banks the in-app bank picker offers',
  response: ZGetSandboxBankLinkInstitutionsResponse,
});
