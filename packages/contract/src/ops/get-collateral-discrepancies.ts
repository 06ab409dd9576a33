import { z } from 'zod/mini';
import { COLLATERAL_TYPES } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZCoinQuantity, ZIsoDateTime } from '../wire.js';
import { OPS } from './ops-base.js';

/** At most this many discrepancies in the list (the longest-standing first). */
export const COLLATERAL_DISCREPANCY_LIST_MAX = 200;

/**
 * A deposit address whose last confirmed balance is below what the ledger says its loan holds:
 * coins missing from where the borrower is told they are, to be explained by an agent.
 */
export const ZOpsCollateralDiscrepancy = z.object({
  loanUuid: z.uuid(),
  collateralType: z.enum(COLLATERAL_TYPES),
  address: z.string().check(z.maxLength(128)),
  confirmedBalance: ZCoinQuantity,
  /** What the ledger said the loan held at that read. */
  expectedCoins: ZCoinQuantity,
  /** expectedCoins less confirmedBalance. */
  shortBy: ZCoinQuantity,
  blockHeight: z.number().check(z.int(), z.nonnegative()),
  readAt: ZIsoDateTime,
  /** The first read that found it short, in this run of reads. */
  shortSince: ZIsoDateTime,
});
export type TOpsCollateralDiscrepancy = z.infer<typeof ZOpsCollateralDiscrepancy>;

export const ZGetOpsCollateralDiscrepanciesResponse = z.object({
  discrepancies: z
    .array(ZOpsCollateralDiscrepancy)
    .check(z.maxLength(COLLATERAL_DISCREPANCY_LIST_MAX)),
  /** More are short than the list holds. */
  isTruncated: z.boolean(),
});
export type TGetOpsCollateralDiscrepanciesResponse = z.infer<
  typeof ZGetOpsCollateralDiscrepanciesResponse
>;

export const getOpsCollateralDiscrepancies = defineEndpoint({
  method: 'GET',
  path: `${OPS}/collateral/discrepancies`,
  auth: 'agent',
  summary:
    "Deposit addresses whose last confirmed balance is below the coins their loan's ledger holds",
  response: ZGetOpsCollateralDiscrepanciesResponse,
});
