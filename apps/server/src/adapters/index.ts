import type { TConfig } from '../config.js';
import type { TDb } from '../db/pool.js';
import type { TPricesPort } from './prices/port.js';
import { createRealPrices, type TFetch } from './prices/real.js';
import { createSandboxPrices } from './prices/sandbox.js';

/** Every external system the app talks to, each behind its port. */
export interface TAdapters {
  prices: TPricesPort;
}

export interface TAdapterDeps {
  config: Pick<TConfig, 'sandbox'>;
  db: TDb;
  fetch?: TFetch;
  log?: { warn(object: object, message: string): void };
}

/** Sandbox adapters when SANDBOX is on, the real ones otherwise. */
export function createAdapters({
  config,
  db,
  fetch = globalThis.fetch,
  log,
}: TAdapterDeps): TAdapters {
  return {
    prices: config.sandbox
      ? createSandboxPrices(db)
      : createRealPrices({
          fetch,
          onSourceError: (source, collateralType, reason) =>
            log?.warn({ source, collateralType, reason }, 'price source failed'),
        }),
  };
}
