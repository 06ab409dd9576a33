import { z } from 'zod/mini';
import { APPLICATION_END_REASONS, APPLICATION_STATES, STAGES } from '@pledge/domain';
import { ZCoinAmount } from './coin-amount.js';
import { ZCollateralInfo } from './collateral-info.js';
import { ZOffer } from './offer.js';
import { ZRefiCoinReturn } from '../refi/refi-entities.js';
import { ZIsoDateTime, ZOrgCode } from '../wire.js';

/**
 * Renewal and refinancing collateral: what the current loan holds, the top-up asked for, and what
 * of it is still to arrive.
 */
export const ZRollForwardLoanDetails = z.object({
  collateral: ZCoinAmount,
  topUpAmount: ZCoinAmount,
  remainingTopUpAmount: ZCoinAmount,
});
export type TRollForwardLoanDetails = z.infer<typeof ZRollForwardLoanDetails>;

/** Application (document 1 §3; the refinancing application of document 2 §3 is the same record). */
export const ZApplication = z.object({
  appUuid: z.uuid(),
  /** The borrower who owns the application (the path segment of the document calls). */
  identityUuid: z.uuid(),
  organization: ZOrgCode,
  state: z.enum(APPLICATION_STATES),
  stage: z.enum(STAGES),
  isRollForward: z.boolean(),
  isInternational: z.boolean(),
  isCelsiusRefi: z.boolean(),
  /** Null until an offer has been accepted and collateral is being tracked. */
  collateral: z.nullable(ZCollateralInfo),
  offers: z.array(ZOffer),
  selectedOffer: z.nullable(ZOffer),
  /** Renewals and refinancings only. */
  rollForwardLoanDetails: z.nullable(ZRollForwardLoanDetails),
  /** Refinancing only: the old lender's loan ids combined into this application. */
  celsiusLoanNumbers: z.array(z.string().check(z.minLength(1))),
  celsiusTopUpExpirationDate: z.nullable(ZIsoDateTime),
  /** Refinancing only: null until the borrower chose. */
  stabilizationOptIn: z.nullable(z.boolean()),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
  /**
   * A cancelled application: why it ended and when, so that its pages say what happened and what
   * the borrower can do (the domain's applicationEndWords). Absent otherwise.
   */
  ending: z.optional(z.object({ reason: z.enum(APPLICATION_END_REASONS), at: ZIsoDateTime })),
});
export type TApplication = z.infer<typeof ZApplication>;

/** Refinancing application (document 2 §3): the fields the refinancing screens read. */
export const ZRefinancingApplication = z.extend(
  z.pick(ZApplication, {
    appUuid: true,
    identityUuid: true,
    state: true,
    stage: true,
    isInternational: true,
    isRollForward: true,
    selectedOffer: true,
    offers: true,
    stabilizationOptIn: true,
    celsiusLoanNumbers: true,
    celsiusTopUpExpirationDate: true,
    rollForwardLoanDetails: true,
    collateral: true,
    ending: true,
  }),
  {
    /**
     * An ended refinancing that received coins: where they go. Absent while it is open and when
     * nothing arrived.
     */
    coinReturn: z.optional(ZRefiCoinReturn),
  },
);
export type TRefinancingApplication = z.infer<typeof ZRefinancingApplication>;

/** Krang state (document 2 §3): the state alone, polled while the server moves the application. */
export const ZKrangState = z.object({
  state: z.enum(APPLICATION_STATES),
  stage: z.enum(STAGES),
});
export type TKrangState = z.infer<typeof ZKrangState>;
