import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZIsoDateTime, ZPositiveUsd } from '../wire.js';

export const ZPostSandboxPricesBody = z
  .object({
    BTC: z.optional(ZPositiveUsd),
    ETH: z.optional(ZPositiveUsd),
  })
  .check(
    z.refine((prices) => prices.BTC !== undefined || prices.ETH !== undefined, {
      message: 'Give at least one price',
    }),
  );
export type TPostSandboxPricesBody = z.infer<typeof ZPostSandboxPricesBody>;

export const ZPostSandboxPricesResponse = z.object({
  BTC: ZPositiveUsd,
  ETH: ZPositiveUsd,
  updatedAt: ZIsoDateTime,
});
export type TPostSandboxPricesResponse = z.infer<typeof ZPostSandboxPricesResponse>;

export const postSandboxPrices = defineEndpoint({
  method: 'POST',
  path: '/sandbox/prices',
  auth: 'none',
  summary: 'Sandbox only: set the prices (US dollars per coin) the sandbox price feed answers',
  body: ZPostSandboxPricesBody,
  response: ZPostSandboxPricesResponse,
});
