/**
 * POST R/applications/{id}/celsius-collateral/calculate {offerUuid} (read as a query): the top-up the
 * offer quoted while its terms hold at the current price (else the one a new offer would take), or,
 * once submitted, the one fixed then with what still has to arrive; the deposit wallet once
 * derived. Changes nothing.
 */
import type { TPostCelsiusCollateralCalculateResponse } from '@pledge/contract';
import {
  centsToUsd,
  isOfferedCollateralType,
  ltvPct,
  REFI_TOP_UP_TARGET_LTV_PCT,
  refiTopUpCoinQuantity,
  toCoinQuantity,
  Decimal,
} from '@pledge/domain';
import { asc, eq } from 'drizzle-orm';
import { collateralAccounts, collateralDeposits } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { coinText, confirmedBalance } from '../collateral/collateral-record.js';
import { currentPrice } from '../prices/current-price.js';
import { refiOfferOf } from './refi-offer-choice.js';
import type { TRefiDeps } from './refi-deps.js';
import { findOwnedRefi } from './refi-record.js';
import { refiTermsRefusal } from './reprice-refi.js';

export async function calculateCelsiusTopUp(
  deps: TRefiDeps,
  input: { identityUuid: string; appUuid: string; offerUuid: string },
): Promise<TPostCelsiusCollateralCalculateResponse> {
  const now = deps.clock();
  const { application, refi } = await findOwnedRefi(deps.db, input.identityUuid, input.appUuid);
  const { offer, treatment } = await refiOfferOf(deps.db, application, input.offerUuid, now);
  const type = refi.collateralType;
  if (!isOfferedCollateralType(type)) {
    throw new HttpError(409, 'REFI_NOT_PRICEABLE', 'This loan cannot be priced for refinancing');
  }
  const quote = await currentPrice(deps.prices, type);
  const legacy = refi.legacyCollateralQuantity;
  const isSubmitted =
    refi.submittedAt !== null && application.selectedOfferUuid === input.offerUuid;
  // Before submission: the top-up the offer quoted while its terms hold at this price (the one a
  // confirmation requests); once they no longer do, the one a new offer would ask.
  const quotedTopUp = coinText(treatment.topUpCoinQuantity);
  const topUp = isSubmitted
    ? coinText(refi.topUpCoinQuantity ?? '0')
    : refiTermsRefusal({ refi, offer, treatment, quote }) === null
      ? treatment.topUpRequired
        ? quotedTopUp
        : '0'
      : treatment.treatment === 'CUSTODY_ONLY'
        ? refiTopUpCoinQuantity({
            loanCents: refi.principalCents,
            coinQuantity: legacy,
            priceCents: quote.priceCents,
          })
        : '0';
  const currentLtv = ltvPct(refi.principalCents, legacy, quote.priceCents);
  const targetLtv = ltvPct(
    refi.principalCents,
    toCoinQuantity(legacy).plus(toCoinQuantity(topUp)),
    quote.priceCents,
  );
  const [account] = await deps.db
    .select()
    .from(collateralAccounts)
    .where(eq(collateralAccounts.applicationUuid, application.uuid));
  const deposits = await deps.db
    .select()
    .from(collateralDeposits)
    .where(eq(collateralDeposits.applicationUuid, application.uuid))
    .orderBy(asc(collateralDeposits.transactionTime));
  const round = (value: Decimal) => Number(value.toFixed(2, Decimal.ROUND_HALF_UP));
  return {
    celsiusTopUpCollateral: {
      offerUuid: input.offerUuid,
      currentLtv: round(currentLtv),
      targetLtv: round(
        toCoinQuantity(topUp).gt(0)
          ? Decimal.min(targetLtv, REFI_TOP_UP_TARGET_LTV_PCT)
          : targetLtv,
      ),
      topUpRequired: toCoinQuantity(topUp).gt(0),
      topUpCoinAmount: { coinQuantity: topUp, type },
      existingCollateral: { coinQuantity: coinText(legacy), type },
      valueOfOne: centsToUsd(quote.priceCents),
      priceAsOf: quote.asOf.toISOString(),
      wallet:
        account?.depositAddress == null
          ? null
          : {
              depositAddress: account.depositAddress,
              currentTotalCoinBalance: { coinQuantity: confirmedBalance(deposits), type },
              transactions: deposits.map((deposit) => ({
                transactionTime: deposit.transactionTime.toISOString(),
                transactionType: 'DEPOSIT' as const,
                transactionAmount: coinText(deposit.amount),
                transactionHash: deposit.txid,
                confirmed: deposit.confirmedAt !== null,
              })),
            },
      expiresAt: refi.completeBy?.toISOString() ?? null,
    },
  };
}
