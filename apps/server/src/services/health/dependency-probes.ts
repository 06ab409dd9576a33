/**
 * The outside dependencies the deployment is configured with, each with its probe. Outside the
 * sandbox: the SMTP server, the credit bureau, the chain node of each coin, each exchange the
 * prices come from, and Plaid (those configured). In the sandbox the same names probe the sandbox
 * adapters, which answer locally (the mailbox, the test bureau, the simulated chain, the settable
 * prices, the test banks).
 */
import { sql } from 'drizzle-orm';
import { PlaidEnvironments } from 'plaid';
import type { TAdapters } from '../../adapters/index.js';
import { CHAIN_COINS } from '../../adapters/chain/port.js';
import { DEFAULT_PRICE_SOURCES, type TPriceSource } from '../../adapters/prices/real.js';
import type { TConfig } from '../../config.js';
import type { TDb } from '../../db/pool.js';
import { outbox } from '../../db/schema/index.js';
import {
  probeHttp,
  ProbeFailedError,
  type TDependencyProbe,
  type TProbeFetch,
} from './dependency-probe.js';
import { createSmtpProbe } from './smtp-probe.js';

export interface TDependencyProbesDeps {
  config: Pick<TConfig, 'sandbox'> &
    Partial<Pick<TConfig, 'smtp' | 'creditBureau' | 'chain' | 'plaid'>>;
  adapters: Pick<TAdapters, 'creditBureau' | 'chain' | 'prices' | 'bankLink'>;
  db: TDb;
  fetch?: TProbeFetch;
  /** The price venues probed outside the sandbox; those the prices adapter asks by default. */
  priceSources?: readonly TPriceSource[];
}

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };

/** Statuses that say the credit bureau is not serving us: the key refused, or rate limited. */
const BUREAU_REFUSALS = new Set([401, 403, 407, 429]);

/** The inquiry the sandbox bureau is asked: its test SSNs answer without storing anything. */
const SANDBOX_BUREAU_PROBE = {
  referenceId: 'dependency-probe',
  ssn: '000000000',
  firstName: 'Probe',
  lastName: 'Probe',
  dob: '1970-01-01',
  address: { street1: '1 Probe St', street2: null, city: 'Probe', state: 'NY', zip: '10001' },
};

function sandboxProbes(deps: TDependencyProbesDeps): TDependencyProbe[] {
  const { adapters, db } = deps;
  return [
    {
      // The sandbox's mail goes to the outbox, which is its mailbox.
      dependency: 'smtp',
      async probe() {
        await db.execute(sql`SELECT 1 FROM ${outbox} LIMIT 1`);
      },
    },
    {
      dependency: 'credit-bureau',
      async probe() {
        await adapters.creditBureau.softPull(SANDBOX_BUREAU_PROBE);
      },
    },
    ...CHAIN_COINS.map((coin): TDependencyProbe => ({
      dependency: `chain-${coin.toLowerCase()}`,
      async probe() {
        await adapters.chain.listTransactions(coin, adapters.chain.depositAddress(coin, 0));
      },
    })),
    {
      dependency: 'price-sandbox',
      async probe() {
        for (const coin of CHAIN_COINS) await adapters.prices.getPrice(coin);
      },
    },
    {
      dependency: 'plaid',
      async probe() {
        await adapters.bankLink.createLinkToken({ clientUserId: 'dependency-probe' });
      },
    },
  ];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function realProbes(deps: TDependencyProbesDeps, fetch: TProbeFetch): TDependencyProbe[] {
  const { config } = deps;
  const probes: TDependencyProbe[] = [];
  if (config.smtp !== undefined) probes.push(createSmtpProbe(config.smtp.url));
  const bureau = config.creditBureau;
  if (bureau !== undefined) {
    probes.push({
      dependency: 'credit-bureau',
      secrets: [bureau.apiKey],
      // The provider's base path with the key: reachable, and the key not refused. No inquiry.
      async probe(signal) {
        await probeHttp(
          fetch,
          `${bureau.baseUrl}/`,
          { method: 'GET', headers: { authorization: `Bearer ${bureau.apiKey}` }, signal },
          { acceptStatus: (status) => status < 500 && !BUREAU_REFUSALS.has(status) },
        );
      },
    });
  }
  const esploraUrl = config.chain?.esploraUrl;
  if (esploraUrl !== undefined) {
    probes.push({
      dependency: 'chain-btc',
      async probe(signal) {
        const height = await probeHttp(fetch, `${esploraUrl}/blocks/tip/height`, {
          method: 'GET',
          signal,
        });
        if (typeof height !== 'number' || !Number.isSafeInteger(height) || height <= 0) {
          throw new ProbeFailedError('BAD_ANSWER', 'The node gave no block height');
        }
      },
    });
  }
  const ethRpcUrl = config.chain?.ethRpcUrl;
  if (ethRpcUrl !== undefined) {
    probes.push({
      dependency: 'chain-eth',
      secrets: [ethRpcUrl],
      async probe(signal) {
        const answer = await probeHttp(fetch, ethRpcUrl, {
          method: 'POST',
          headers: JSON_HEADERS,
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
          signal,
        });
        if (
          !isRecord(answer) ||
          typeof answer.result !== 'string' ||
          !/^0x[0-9a-f]+$/i.test(answer.result)
        ) {
          throw new ProbeFailedError('BAD_ANSWER', 'The node gave no block number');
        }
      },
    });
  }
  for (const source of deps.priceSources ?? DEFAULT_PRICE_SOURCES) {
    probes.push({
      dependency: `price-${source.name}`,
      async probe(signal) {
        const body = await probeHttp(fetch, source.url('BTC'), { method: 'GET', signal });
        if (source.parse(body, new Date()) === null) {
          throw new ProbeFailedError('BAD_ANSWER', 'The ticker holds no price');
        }
      },
    });
  }
  const plaid = config.plaid;
  if (plaid !== undefined) {
    probes.push({
      dependency: 'plaid',
      secrets: [plaid.secret, plaid.clientId],
      // One institution of the list: authenticated, read-only, no borrower's data.
      async probe(signal) {
        await probeHttp(fetch, `${PlaidEnvironments[plaid.environment]}/institutions/get`, {
          method: 'POST',
          headers: JSON_HEADERS,
          body: JSON.stringify({
            client_id: plaid.clientId,
            secret: plaid.secret,
            count: 1,
            offset: 0,
            country_codes: ['US'],
          }),
          signal,
        });
      },
    });
  }
  return probes;
}

export function createDependencyProbes(deps: TDependencyProbesDeps): TDependencyProbe[] {
  return deps.config.sandbox
    ? sandboxProbes(deps)
    : realProbes(deps, deps.fetch ?? (globalThis.fetch as TProbeFetch));
}
