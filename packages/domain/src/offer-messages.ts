/**
 * Why a residence or collateral type gets no rates or offers at all, in the product's words. Kept
 * apart from the offer maths so that a form showing these messages does not load that maths.
 */
import { OFFERED_COLLATERAL_TYPES } from './enums.js';

export const OFFER_REFUSAL_MESSAGES = {
  STATE_NOT_SERVICED: 'This state is currently not being serviced',
  COUNTRY_NOT_ENABLED: 'This country is currently not being serviced',
  UNSUPPORTED_COLLATERAL: `Loans are offered against ${OFFERED_COLLATERAL_TYPES.join(' or ')} only`,
} as const;
