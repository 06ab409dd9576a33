import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZMicroDepositStatus } from '../entities/micro-deposit-status.js';
import { ZAppParams } from '../wire.js';

export const postMicroDepositBorrowerConfirmation = defineEndpoint({
  method: 'POST',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/collateral/micro-deposit-borrower-confirmation`,
  auth: 'bearer',
  summary: 'Opt in to verifying the deposit address with a small test deposit (no body)',
  params: ZAppParams,
  response: ZMicroDepositStatus,
});
