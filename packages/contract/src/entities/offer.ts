import { z } from 'zod/mini';
import { COLLATERAL_REUSE_CONSENTS, COLLATERAL_TYPES } from '@pledge/domain';
import { ZCoinQuantity, ZCountryCode, ZPercent, ZStateCode, ZUsd } from '../wire.js';

/** Offer (spec §3 of both documents): one priced loan the borrower can accept. */
export const ZOffer = z.object({
  uuid: z.uuid(),
  /** Total loan: the draw plus the capitalised origination fee, US dollars. */
  amount: ZUsd,
  /** Cash paid out to the borrower, US dollars. */
  drawAmount: ZUsd,
  term: z.number().check(z.int(), z.positive(), z.describe('months')),
  ltv: ZPercent,
  interestRate: ZPercent,
  annualPercentageRate: ZPercent,
  /** Origination fee, percent of the draw. */
  originationFee: ZPercent,
  originationFeeAmount: ZUsd,
  estimatedMonthlyPayment: ZUsd,
  collateral: z.object({ type: z.enum(COLLATERAL_TYPES) }),
  /** Coins pledged for this offer. */
  collateralUnits: ZCoinQuantity,
  /** Fewest coins that keep this offer within its rate band. */
  minCollateralUnits: ZCoinQuantity,
  /** Value of the pledged coins, US dollars. */
  collateralAmount: ZUsd,
  /** LTV once a required top-up has arrived; null when no top-up applies. */
  postTopUpLoanToValue: z.nullable(ZPercent),
  celsiusTopUpRequired: z.boolean(),
  /** Refinancing offers only: how the collateral is treated; null for new loans and renewals. */
  collateralReuseConsent: z.nullable(z.enum(COLLATERAL_REUSE_CONSENTS)),
  state: z.nullable(ZStateCode),
  countryCode: z.nullable(ZCountryCode),
});
export type TOffer = z.infer<typeof ZOffer>;
