import { z } from 'zod/mini';
import {
  COLLATERAL_TYPES,
  REFI_COIN_RETURN_STATUSES,
  REFI_CUSTODY_ARRANGEMENTS,
  REFI_ESTATE_PAYOFF_STATUSES,
  REFI_INELIGIBLE_REASONS,
  REFI_TAPE_LOAN_STATUSES,
  REFI_TAPE_SOURCES,
} from '@pledge/domain';
import { ZCoinAmount } from '../entities/coin-amount.js';
import { ZCoinQuantity, ZIsoDateTime, ZUsd } from '../wire.js';

/** A legacy loan that was found but cannot be refinanced, with every reason (document 2 §8). */
export const ZRefiIneligibleLoan = z.object({
  celsiusLoanId: z.string(),
  reasons: z.array(z.enum(REFI_INELIGIBLE_REASONS)),
  /** The reasons in words, in the order of `reasons`. */
  messages: z.array(z.string()),
});
export type TRefiIneligibleLoan = z.infer<typeof ZRefiIneligibleLoan>;

/** One row of the defunct lender's loan tape, as agents see it. */
export const ZRefiTapeLoan = z.object({
  loanId: z.string(),
  /** The e-mail the tape names; the real path matches it against the borrower's verified e-mail. */
  borrowerEmail: z.string(),
  /** Set by an agent: this borrower owns the loan whatever the e-mail says. */
  matchedIdentityUuid: z.nullable(z.uuid()),
  collateralType: z.enum(COLLATERAL_TYPES),
  collateralQuantity: ZCoinQuantity,
  principalOutstanding: ZUsd,
  /** `US-XX` for a US state, else a two-letter country code. */
  jurisdiction: z.string(),
  passportOnFile: z.boolean(),
  custodyArrangement: z.enum(REFI_CUSTODY_ARRANGEMENTS),
  status: z.enum(REFI_TAPE_LOAN_STATUSES),
  source: z.enum(REFI_TAPE_SOURCES),
  /** The refinancing application open for the loan, or the one that refinanced it. */
  appUuid: z.nullable(z.uuid()),
  updatedAt: ZIsoDateTime,
});
export type TRefiTapeLoan = z.infer<typeof ZRefiTapeLoan>;

/** What a completed refinancing owes the old lender's estate: the legacy principal paid off. */
export const ZRefiEstatePayoff = z.object({
  uuid: z.uuid(),
  appUuid: z.uuid(),
  celsiusLoanIds: z.array(z.string()),
  amount: ZUsd,
  status: z.enum(REFI_ESTATE_PAYOFF_STATUSES),
  createdAt: ZIsoDateTime,
  confirmedAt: z.nullable(ZIsoDateTime),
  /** E-mail of the agent who confirmed the payment. */
  confirmedBy: z.nullable(z.string()),
  reference: z.nullable(z.string()),
  note: z.nullable(z.string()),
});
export type TRefiEstatePayoff = z.infer<typeof ZRefiEstatePayoff>;

/**
 * The coins an ended refinancing received on its top-up address and where they go: back to the
 * address the borrower gives, or on to the borrower's new refinancing of the same loan.
 */
export const ZRefiCoinReturn = z.object({
  status: z.enum(REFI_COIN_RETURN_STATUSES),
  /** Confirmed on chain: what is returned. */
  confirmed: ZCoinAmount,
  /** Seen, still confirming: returned too once confirmed. */
  confirming: ZCoinAmount,
  returnAddress: z.nullable(z.string()),
  requestedAt: z.nullable(ZIsoDateTime),
  returned: z.nullable(ZCoinAmount),
  returnedAt: z.nullable(ZIsoDateTime),
  transactionHash: z.nullable(z.string()),
  /** The new refinancing the coins count toward (CARRIED_OVER). */
  carriedToAppUuid: z.nullable(z.uuid()),
});
export type TRefiCoinReturn = z.infer<typeof ZRefiCoinReturn>;

/** The console's row of an ended refinancing's coins. */
export const ZRefiCoinReturnItem = z.extend(ZRefiCoinReturn, {
  appUuid: z.uuid(),
  celsiusLoanIds: z.array(z.string()),
  createdAt: ZIsoDateTime,
  returnedBy: z.nullable(z.string()),
});
export type TRefiCoinReturnItem = z.infer<typeof ZRefiCoinReturnItem>;
