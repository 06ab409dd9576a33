import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { ZIsoDateTime, ZPositiveUsd } from '../wire.js';

export const ZPostSandboxPricesBody = z
  .object({
    BTC: ZPositiveUsd.optional(),
    ETH: ZPositiveUsd.optional(),
  })
  .refine((prices) => prices.BTC !== undefined || prices.ETH !== undefined, {
    message: 'Give at least one price',
  });
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
