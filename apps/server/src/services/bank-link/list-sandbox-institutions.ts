/** The test banks the sandbox's in-app bank picker offers (DESIGN §3). */
import type { TGetSandboxBankLinkInstitutionsResponse } from '@pledge/contract';
import { SANDBOX_INSTITUTIONS } from '../../adapters/bank-link/sandbox.js';

export function listSandboxInstitutions(): TGetSandboxBankLinkInstitutionsResponse {
  return {
    institutions: SANDBOX_INSTITUTIONS.map(({ institutionId, name }) => ({ institutionId, name })),
  };
}
