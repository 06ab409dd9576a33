import {
  postCelsiusRefiBorrowerConfirmation,
  postRefiSelectOffer,
  postRefiStabilization,
  type TRefinancingApplication,
} from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';

/** Chooses the offer (the collateral treatment and its rate). */
export function selectRefiOffer(
  appUuid: string,
  offerUuid: string,
): Promise<TRefinancingApplication> {
  return apiRequest(postRefiSelectOffer, { params: { appUuid }, body: { offerUuid } });
}

/** Opts in or out of stabilization (custody-only offers). */
export function setRefiStabilization(
  appUuid: string,
  optIn: boolean,
): Promise<TRefinancingApplication> {
  return apiRequest(postRefiStabilization, { params: { appUuid }, body: { optIn } });
}

/**
 * Submits the choice (SIGN_DOCS, or the top-up requested when the offer needs more collateral), or,
 * with `hasSentCollateral`, says the requested top-up was sent.
 */
export function confirmRefinancing(
  appUuid: string,
  offerUuid: string,
  hasSentCollateral = false,
): Promise<TRefinancingApplication> {
  return apiRequest(postCelsiusRefiBorrowerConfirmation, {
    params: { appUuid },
    body: { offerUuid, hasSentCollateral },
  });
}
