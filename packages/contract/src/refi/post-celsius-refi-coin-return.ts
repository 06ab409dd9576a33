import { ZReturnAddressForm } from '@pledge/domain';
import { defineEndpoint, REFI } from '../define-endpoint.js';
import { ZRefinancingApplication } from '../entities/application.js';
import { ZAppParams } from '../wire.js';

/**
 * The borrower's return address for the coins an ended refinancing received. Idempotent: the same
 * address again answers the request as it stands; another address is refused (409) once one is
 * given. Two agents then send the coins back (a controlled action).
 */
export const postCelsiusRefiCoinReturn = defineEndpoint({
  method: 'POST',
  path: `${REFI}/applications/:appUuid/collateral/celsius-refi-coin-return`,
  auth: 'bearer',
  summary: 'Give the address the coins of an ended refinancing are returned to',
  params: ZAppParams,
  /**
   * `{ returnAddress }`, trimmed and required here; the server checks it for the coin of the
   * refinancing and refuses a malformed one with 400 `INVALID_RETURN_ADDRESS`.
   */
  body: ZReturnAddressForm,
  response: ZRefinancingApplication,
});
