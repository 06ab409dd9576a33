import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZControlledAction } from '../entities/controlled-action.js';
import { ZCoinQuantity, ZIsoDateTime } from '../wire.js';
import { OPS } from './ops-base.js';

export const LIQUIDATION_VENUE_MAX_LENGTH = 80;

export const ZLiquidationOrderParams = z.object({ liquidationUuid: z.uuid() });

/** The desk's fill of a liquidation order: what was sold, at what price, where and when. */
export const ZPostOpsLiquidationFillBody = z.object({
  coinQuantitySold: ZCoinQuantity,
  /** Price of one whole coin in cents. */
  priceCents: z.int().check(z.positive('Give the fill price'), z.lte(100_000_000_00)),
  venue: z
    .string()
    .check(z.trim(), z.minLength(1, 'Give the venue'), z.maxLength(LIQUIDATION_VENUE_MAX_LENGTH)),
  /** When the sale executed; never in the future. */
  executedAt: ZIsoDateTime.check(z.maxLength(40)),
});
export type TPostOpsLiquidationFillBody = z.infer<typeof ZPostOpsLiquidationFillBody>;

/**
 * Proposes the desk's fill of an open liquidation order, at a price within the band of the stored
 * price feed; the ledger and the borrower's statement follow when a different agent approves.
 */
export const postOpsLiquidationFill = defineEndpoint({
  method: 'POST',
  path: `${OPS}/liquidations/:liquidationUuid/fill`,
  auth: 'agent',
  summary: 'Propose the desk fill of a liquidation order (Idempotency-Key header required)',
  params: ZLiquidationOrderParams,
  body: ZPostOpsLiquidationFillBody,
  response: ZControlledAction,
  status: 202,
  control: 'LIQUIDATION_FILL',
});
