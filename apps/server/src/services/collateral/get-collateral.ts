/**
 * The collateral of the caller's application at the current price (GET …/collateral and POST
 * …/collateral/calculate). Calculate also derives the deposit address the first time it is asked
 * while the application waits for collateral.
 */
import type { TCollateralInfo } from '@pledge/contract';
import type { TApplicationState, TOfferedCollateralType } from '@pledge/domain';
import { findOwnedApplication } from '../applications/application-record.js';
import { readPayoff } from '../ops/payoff-record.js';
import { currentPrice } from '../prices/current-price.js';
import { renewalTopUpProgressOf } from '../renewal/renewal-record.js';
import { loadRenewalCollateral, renewedLoanHolding } from '../renewal/renewal-collateral.js';
import { liquidatedCollateralToReturn } from '../risk/liquidation-release.js';
import { ensureDepositAddress } from './allocate-deposit-address.js';
import { toCollateralInfo } from './collateral-view.js';
import {
  acceptedOfferOf,
  loadCollateralRecordsOf,
  termsOf,
  type TCollateralDeps,
} from './collateral-record.js';
import { withLiquidationRemainder } from './liquidated-collateral.js';

const PAID_OFF_STATES: readonly TApplicationState[] = ['PAID_OFF', 'COLLATERAL_RELEASED'];

export async function getCollateral(
  deps: TCollateralDeps,
  input: { identityUuid: string; appUuid: string; allocateAddress: boolean },
): Promise<TCollateralInfo> {
  const application = await findOwnedApplication(deps.db, input.identityUuid, input.appUuid);
  const offer = await acceptedOfferOf(deps.db, application);
  const terms = termsOf(offer);
  // A renewal's top-up goes to its loan's own address, which holds the collateral until the
  // renewal completes and takes it over: no address of its own is derived.
  const loanUuid = renewedLoanHolding(application);
  const allocates = input.allocateAddress && application.state === 'WAITING_FOR_COLLATERAL';
  if (allocates && loanUuid === null) {
    await ensureDepositAddress(deps, { identityUuid: input.identityUuid, appUuid: input.appUuid });
  }
  const price = await currentPrice(deps.prices, terms.type as TOfferedCollateralType);
  const records =
    loanUuid === null
      ? await loadCollateralRecordsOf(deps.db, application.uuid)
      : (await loadRenewalCollateral(deps.db, application, loanUuid)).records;
  const info = toCollateralInfo({ terms, price, records });
  // A renewal asks for its top-up alone: what arrived for it is what its loan holds beyond the
  // coins of its own (a refinanced loan's legacy coins never came through the address).
  if (loanUuid !== null) {
    const topUp = await renewalTopUpProgressOf(deps.db, application, offer.collateralUnits);
    return {
      ...info,
      requiredCoinAmount: { ...info.requiredCoinAmount, coinQuantity: topUp.topUp },
      remainingCoinAmountDue: { ...info.remainingCoinAmountDue, coinQuantity: topUp.remaining },
    };
  }
  // A paid-off loan shows how it was paid off: the method decides the hold on the crypto.
  const payoff = PAID_OFF_STATES.includes(application.state)
    ? await readPayoff(deps.db, application.uuid)
    : undefined;
  if (payoff !== undefined) return { ...info, payoff };
  // A funded loan a liquidation closed with nothing owed returns the coins the sale left.
  const remainder =
    application.state === 'COMPLETE'
      ? await liquidatedCollateralToReturn(deps.db, application.uuid)
      : null;
  return withLiquidationRemainder(deps.db, application.uuid, info, remainder);
}
