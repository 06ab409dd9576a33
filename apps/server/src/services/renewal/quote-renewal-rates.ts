/**
 * POST …/v1/roll-forward/rates (document 1 §7): the rate table of a renewal, for the loan's balance
 * (the cash is fixed) against its collateral plus the top-up asked about, at today's price. Each
 * band says how many coins to add to reach it. appUuid is the funded loan, or its renewal.
 */
import type { TPostRollForwardRatesBody, TPostRollForwardRatesResponse } from '@pledge/contract';
import { centsToUsd, computeRateBands, renewalCoinQuantity } from '@pledge/domain';
import { findOwnedApplication } from '../applications/application-record.js';
import { currentPrice } from '../prices/current-price.js';
import { rateTableOf } from '../rates/quote-rate-bands.js';
import type { TRenewalDeps } from './renewal-deps.js';
import { renewalBalanceCents } from './price-renewal.js';
import { assertRenewable, fundedLoanOf } from './renewal-record.js';

export async function quoteRenewalRates(
  deps: TRenewalDeps,
  input: { identityUuid: string; body: TPostRollForwardRatesBody },
): Promise<TPostRollForwardRatesResponse> {
  const now = deps.clock();
  const owned = await findOwnedApplication(deps.db, input.identityUuid, input.body.appUuid);
  const loanRow =
    owned.isRollForward && owned.renewsApplicationUuid !== null
      ? await findOwnedApplication(deps.db, input.identityUuid, owned.renewsApplicationUuid)
      : owned;
  const loan = await fundedLoanOf(deps.db, loanRow);
  const quote = await currentPrice(deps.prices, loan.collateralType);
  assertRenewable(loan, quote, now);
  const bands = computeRateBands({
    collateralType: loan.collateralType,
    coinQuantity: renewalCoinQuantity(loan.collateral, input.body.topUpQuantity),
    priceCents: quote.priceCents,
    residence: loan.residence,
    requestedAmountUsd: centsToUsd(await renewalBalanceCents(deps.db, loan, now)),
  });
  return rateTableOf(bands, quote);
}
