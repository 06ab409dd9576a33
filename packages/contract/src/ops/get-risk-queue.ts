import { z } from 'zod/mini';
import { LOAN_STATUSES, RISK_LEVELS } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZCoinAmount } from '../entities/coin-amount.js';
import { ZCents } from '../servicing/cents.js';
import { ZLiquidation, ZPriceObservation } from '../servicing/loan-risk.js';
import { ZIsoDate, ZIsoDateTime, ZPercent } from '../wire.js';
import { OPS } from './ops-base.js';

/** At most this many loans in each list of the risk queue. */
export const RISK_QUEUE_LIST_MAX = 200;

/** A loan at risk, with the price behind its level. */
export const ZOpsRiskLoan = z.object({
  loanUuid: z.uuid(),
  borrowerEmail: z.string(),
  status: z.enum(LOAN_STATUSES),
  level: z.enum(RISK_LEVELS),
  ltvPct: z.nullable(ZPercent),
  balanceCents: ZCents,
  collateral: ZCoinAmount,
  /** The stored price the last crossing was decided on. */
  decisionPrice: z.nullable(ZPriceObservation),
  levelSince: z.nullable(ZIsoDateTime),
  cureDeadline: z.nullable(ZIsoDateTime),
});
export type TOpsRiskLoan = z.infer<typeof ZOpsRiskLoan>;

export const ZOpsLiquidationOrder = z.object({
  loanUuid: z.uuid(),
  borrowerEmail: z.string(),
  liquidation: ZLiquidation,
});
export type TOpsLiquidationOrder = z.infer<typeof ZOpsLiquidationOrder>;

/**
 * A matured loan not repaid: what it owes today, since when it is due, its collateral risk, and
 * the last collection notice sent (1, 10 and 30 days after maturity).
 */
export const ZOpsMaturedLoan = z.object({
  loanUuid: z.uuid(),
  borrowerEmail: z.string(),
  maturityDate: ZIsoDate,
  /** Days since the maturity date, on the deployment's clock. */
  daysPastMaturity: z.int().check(z.gte(0)),
  /** The whole balance, with interest accrued to date (it runs on after maturity). */
  balanceCents: ZCents,
  level: z.enum(RISK_LEVELS),
  ltvPct: z.nullable(ZPercent),
  collateral: ZCoinAmount,
  /** An open margin call's deadline (a matured loan's margin call runs as before maturity). */
  cureDeadline: z.nullable(ZIsoDateTime),
  lastCollectionNotice: z.nullable(
    z.object({ daysAfterMaturity: z.int().check(z.gte(0)), sentAt: ZIsoDateTime }),
  ),
});
export type TOpsMaturedLoan = z.infer<typeof ZOpsMaturedLoan>;

export const ZGetOpsRiskQueueResponse = z.object({
  /** Loans in margin call, the nearest cure deadline first. */
  marginCalls: z.array(ZOpsRiskLoan).check(z.maxLength(RISK_QUEUE_LIST_MAX)),
  /** Loans at WARNING or COURTESY_NOTICE, the highest LTV first. */
  warnings: z.array(ZOpsRiskLoan).check(z.maxLength(RISK_QUEUE_LIST_MAX)),
  /**
   * Matured loans not repaid, the longest past maturity first (absent from a server of the release
   * before: none then).
   */
  maturedUnpaid: z._default(z.array(ZOpsMaturedLoan).check(z.maxLength(RISK_QUEUE_LIST_MAX)), []),
  /** Liquidation orders waiting for the desk, oldest first. */
  openOrders: z.array(ZOpsLiquidationOrder).check(z.maxLength(RISK_QUEUE_LIST_MAX)),
  /** The deployment's time when the queue was read (the sandbox clock runs ahead of real time). */
  asOf: ZIsoDateTime,
  /** The latest stored prices, newest first (at most 20 per coin). */
  recentPrices: z.array(ZPriceObservation).check(z.maxLength(40)),
});
export type TGetOpsRiskQueueResponse = z.infer<typeof ZGetOpsRiskQueueResponse>;

export const getOpsRiskQueue = defineEndpoint({
  method: 'GET',
  path: `${OPS}/risk`,
  auth: 'agent',
  summary:
    'Loans in warning and margin call, matured loans not repaid, and liquidation orders to execute',
  response: ZGetOpsRiskQueueResponse,
});
