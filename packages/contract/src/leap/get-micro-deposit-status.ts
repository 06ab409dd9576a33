import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZMicroDepositStatus } from '../entities/micro-deposit-status.js';
import { ZAppParams } from '../wire.js';

export const getMicroDepositStatus = defineEndpoint({
  method: 'GET',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/collateral/micro-deposit-status`,
  auth: 'bearer',
  summary: 'Whether the test deposit has arrived (polled)',
  params: ZAppParams,
  response: ZMicroDepositStatus,
});
