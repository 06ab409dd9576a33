import type { z } from 'zod/mini';
import { ZUsdcWalletSubmission } from '@pledge/domain';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZDisbursement } from '../entities/disbursement.js';
import { ZAppParams } from '../wire.js';

/** `{ address, chain? }`: an address well-formed on that chain, or on some supported chain. */
export const ZPostWalletAddressBody = ZUsdcWalletSubmission;
export type TPostWalletAddressBody = z.infer<typeof ZPostWalletAddressBody>;

export const postWalletAddress = defineEndpoint({
  method: 'POST',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/disbursement/wallet-address`,
  auth: 'bearer',
  summary: 'Save the USDC wallet the loan is paid to (international residents)',
  params: ZAppParams,
  body: ZPostWalletAddressBody,
  response: ZDisbursement,
});
