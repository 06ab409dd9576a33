import { z } from 'zod/mini';
import { ZReturnAddressForm } from '@pledge/domain';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import {
  ZCollateralReleaseRequest,
  ZCollateralReleaseResponse,
} from '../entities/collateral-info.js';
import { ZAppParams } from '../wire.js';

/**
 * `{ returnAddress }`, trimmed and required here; the server then checks it for the loan's coin and
 * refuses a malformed one with 400 `INVALID_RETURN_ADDRESS` and the field message
 * 'Invalid address entered - enter again'.
 */
export const ZPostCollateralReleaseBody = ZReturnAddressForm;
export type TPostCollateralReleaseBody = z.infer<typeof ZPostCollateralReleaseBody>;

export const ZPostCollateralReleaseResponse = z.object({
  collateralReleaseRequest: ZCollateralReleaseRequest,
  collateralReleaseResponse: ZCollateralReleaseResponse,
});
export type TPostCollateralReleaseResponse = z.infer<typeof ZPostCollateralReleaseResponse>;

/**
 * Idempotent: while a release is pending or done, a repeat answers DUPLICATE_REQUEST and sends
 * nothing; after WITHDRAWAL_FAILED a new request is accepted.
 */
export const postCollateralRelease = defineEndpoint({
  method: 'POST',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/collateral/release`,
  auth: 'bearer',
  summary: 'Return the whole collateral of a paid-off loan to the given address',
  params: ZAppParams,
  body: ZPostCollateralReleaseBody,
  response: ZPostCollateralReleaseResponse,
});
