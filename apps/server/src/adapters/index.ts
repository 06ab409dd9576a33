import type { TConfig } from '../config.js';
import type { TDb } from '../db/pool.js';
import { createConfiguredAddresses } from './address/config.js';
import type { TAddressesPort } from './address/port.js';
import { createSandboxAddresses } from './address/sandbox.js';
import type { TCreditBureauPort } from './credit-bureau/port.js';
import { createRealCreditBureau, type TCreditBureauFetch } from './credit-bureau/real.js';
import { createSandboxCreditBureau } from './credit-bureau/sandbox.js';
import type { TEmailPort } from './email/port.js';
import { createRealEmail, createSmtpTransport } from './email/real.js';
import { createSandboxEmail } from './email/sandbox.js';
import type { TPricesPort } from './prices/port.js';
import { createRealPrices, type TFetch } from './prices/real.js';
import { createSandboxPrices } from './prices/sandbox.js';

/** Every external system the app talks to, each behind its port. */
export interface TAdapters {
  prices: TPricesPort;
  email: TEmailPort;
  addresses: TAddressesPort;
  creditBureau: TCreditBureauPort;
}

export interface TAdapterDeps {
  config: Pick<TConfig, 'sandbox'> & Partial<Pick<TConfig, 'smtp' | 'creditBureau'>>;
  db: TDb;
  fetch?: TFetch;
  /** The credit bureau's HTTP client (it posts JSON); the global fetch by default. */
  creditBureauFetch?: TCreditBureauFetch;
  log?: { warn(object: object, message: string): void };
}

/** Sandbox adapters when SANDBOX is on, the real ones otherwise. */
export function createAdapters({
  config,
  db,
  fetch = globalThis.fetch,
  creditBureauFetch = globalThis.fetch,
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
    email: config.sandbox ? createSandboxEmail(db) : createRealEmailFromConfig(config, db, log),
    addresses: config.sandbox
      ? createSandboxAddresses()
      : createConfiguredAddresses({ fetch, ...(log !== undefined ? { log } : {}) }),
    creditBureau: config.sandbox
      ? createSandboxCreditBureau()
      : createRealCreditBureauFromConfig(config, creditBureauFetch),
  };
}

function createRealCreditBureauFromConfig(
  config: Partial<Pick<TConfig, 'creditBureau'>>,
  fetch: TCreditBureauFetch,
): TCreditBureauPort {
  if (config.creditBureau === undefined) {
    throw new Error('CREDIT_BUREAU_URL and CREDIT_BUREAU_API_KEY are required outside the sandbox');
  }
  return createRealCreditBureau({ ...config.creditBureau, fetch });
}

function createRealEmailFromConfig(
  config: Partial<Pick<TConfig, 'smtp'>>,
  db: TDb,
  log: TAdapterDeps['log'],
): TEmailPort {
  if (config.smtp === undefined) {
    throw new Error('SMTP_URL and MAIL_FROM are required outside the sandbox');
  }
  return createRealEmail({
    db,
    transport: createSmtpTransport(config.smtp.url),
    fromAddress: config.smtp.from,
    // The reason stays in the outbox row; the log names only the row.
    onFailure: (outboxId) => log?.warn({ outboxId }, 'e-mail delivery failed'),
  });
}
