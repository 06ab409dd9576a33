import type { TConfig } from '../config.js';
import { createChain } from './chain/config.js';
import type { TChainFetch, TChainPort } from './chain/port.js';
import type { TDb } from '../db/pool.js';
import { createConfiguredBankLink } from './bank-link/config.js';
import type { TBankLinkPort } from './bank-link/port.js';
import { createConfiguredAddresses } from './address/config.js';
import type { TAddressesPort } from './address/port.js';
import { createSandboxAddresses } from './address/sandbox.js';
import type { TCreditBureauPort } from './credit-bureau/port.js';
import { createRealCreditBureau, type TCreditBureauFetch } from './credit-bureau/real.js';
import { createSandboxCreditBureau } from './credit-bureau/sandbox.js';
import type { TEmailPort } from './email/port.js';
import { createDeskExchange } from './exchange/desk.js';
import type { TExchangePort } from './exchange/port.js';
import { createSandboxExchange } from './exchange/sandbox.js';
import { createRealEmail, createSmtpTransport } from './email/real.js';
import { createSandboxEmail } from './email/sandbox.js';
import type { TPricesPort } from './prices/port.js';
import { createRealPrices, type TFetch } from './prices/real.js';
import { createSandboxPrices } from './prices/sandbox.js';
import { createPostgresStorage } from './storage/postgres.js';
import type { TStoragePort } from './storage/port.js';
import { createS3Storage, type TStorageFetch } from './storage/s3.js';
import { failureCause } from '../failure-cause.js';

/** Every external system the app talks to, each behind its port. */
export interface TAdapters {
  prices: TPricesPort;
  email: TEmailPort;
  addresses: TAddressesPort;
  creditBureau: TCreditBureauPort;
  /**
   * Files (uploaded IDs, disclosure PDFs, statements) in PostgreSQL or an S3 bucket, reachable from
   * every instance; callers encrypt what they put (storage/encrypted.ts).
   */
  storage: TStoragePort;
  /** Deposit addresses and what the chains say about them. */
  chain: TChainPort;
  /** Bank linking for ACH payouts (Plaid, or the sandbox's test banks). */
  bankLink: TBankLinkPort;
  /** Where liquidations sell collateral: the sandbox fills at once; otherwise the desk's agents. */
  exchange: TExchangePort;
}

export interface TAdapterDeps {
  config: Pick<TConfig, 'sandbox'> &
    Partial<
      Pick<TConfig, 'smtp' | 'creditBureau' | 'storage' | 'chain' | 'plaid' | 'encryptionKey'>
    >;
  db: TDb;
  fetch?: TFetch;
  /** The credit bureau's HTTP client (it posts JSON); the global fetch by default. */
  creditBureauFetch?: TCreditBureauFetch;
  log?: { warn(object: object, message: string): void };
  /** The S3 client's HTTP client; the global fetch by default. */
  storageFetch?: TStorageFetch;
  /** The chain watchers' HTTP client (Esplora, JSON-RPC); the global fetch by default. */
  chainFetch?: TChainFetch;
}

/** Sandbox adapters when SANDBOX is on, the real ones otherwise. */
export function createAdapters({
  config,
  db,
  fetch = globalThis.fetch,
  creditBureauFetch = globalThis.fetch,
  log,
  storageFetch = globalThis.fetch,
  chainFetch = globalThis.fetch,
}: TAdapterDeps): TAdapters {
  return {
    prices: config.sandbox
      ? createSandboxPrices(db)
      : createRealPrices({
          fetch,
          onSourceError: (source, collateralType, error) =>
            log?.warn(
              { source, collateralType, failure: failureCause(error) },
              'price source failed',
            ),
        }),
    email: config.sandbox ? createSandboxEmail() : createRealEmailFromConfig(config),
    addresses: config.sandbox
      ? createSandboxAddresses()
      : createConfiguredAddresses({ fetch, ...(log !== undefined ? { log } : {}) }),
    creditBureau: config.sandbox
      ? createSandboxCreditBureau()
      : createRealCreditBureauFromConfig(config, creditBureauFetch),
    storage: createStorageFromConfig(config, db, storageFetch),
    chain: createChain({ sandbox: config.sandbox, chain: config.chain, db, fetch: chainFetch }),
    bankLink: createConfiguredBankLink(config, log),
    exchange: config.sandbox
      ? createSandboxExchange(createSandboxPrices(db))
      : createDeskExchange(),
  };
}

/**
 * Files go to PostgreSQL unless the configuration names an S3-compatible bucket; callers that give
 * no storage configuration (tools, tests) store in the database too.
 */
export function createStorageFromConfig(
  config: Partial<Pick<TConfig, 'storage'>>,
  db: TDb,
  fetch: TStorageFetch = globalThis.fetch,
): TStoragePort {
  const storage = config.storage ?? { driver: 'postgres' };
  if (storage.driver === 'postgres') return createPostgresStorage(db);
  return createS3Storage({
    bucket: storage.bucket,
    region: storage.region,
    endpoint: storage.endpoint,
    forcePathStyle: storage.forcePathStyle,
    credentials: { accessKeyId: storage.accessKeyId, secretAccessKey: storage.secretAccessKey },
    fetch,
  });
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

function createRealEmailFromConfig(config: Partial<Pick<TConfig, 'smtp'>>): TEmailPort {
  if (config.smtp === undefined) {
    throw new Error('SMTP_URL and MAIL_FROM are required outside the sandbox');
  }
  return createRealEmail({
    transport: createSmtpTransport(config.smtp.url),
    fromAddress: config.smtp.from,
  });
}
