/**
 * Market prices: the median of public exchange tickers (Coinbase, Kraken, Bitstamp, Gemini), so that
 * one exchange's outage or outlier neither stops quoting nor moves the price. At least three current
 * tickers that agree with one another are needed; fewer and no price is given.
 */
import { Decimal, decimalToCents, type TOfferedCollateralType } from '@pledge/domain';
import { PriceUnavailableError, type TPriceQuote, type TPricesPort } from './port.js';

/** A ticker older than this is not a current price. */
export const PRICE_MAX_AGE_MS = 60_000;
/** Each exchange gets this long to answer. */
export const PRICE_SOURCE_TIMEOUT_MS = 5_000;
/** Quotes are reused this long, so that bursts of rate requests make one round of calls. */
export const PRICE_CACHE_TTL_MS = 10_000;
/** Fewer agreeing sources than this and no price is given. */
export const MIN_PRICE_SOURCES = 3;
/** A ticker agrees when it is within this percent of the median of every current ticker. */
export const PRICE_AGREEMENT_PCT = 2;

export type TFetch = (url: string, init: { signal: AbortSignal }) => Promise<Response>;

interface TSourceQuote {
  source: string;
  priceCents: number;
  asOf: Date;
}

export interface TPriceSource {
  name: string;
  url(type: TOfferedCollateralType): string;
  /** The quote in an answer, or null when the answer does not hold one. */
  parse(body: unknown, receivedAt: Date): { price: string; asOf: Date } | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const PRICE_TEXT = /^\d+(\.\d+)?$/;

/** Coinbase Exchange ticker: `{ price: "60123.45", time: "2024-…Z", … }`. */
export const coinbase: TPriceSource = {
  name: 'coinbase',
  url: (type) => `https://api.exchange.coinbase.com/products/${type}-USD/ticker`,
  parse(body) {
    if (!isRecord(body) || typeof body.price !== 'string' || typeof body.time !== 'string') {
      return null;
    }
    const asOf = new Date(body.time);
    return Number.isNaN(asOf.getTime()) ? null : { price: body.price, asOf };
  },
};

const KRAKEN_PAIRS: Record<TOfferedCollateralType, string> = { BTC: 'XBTUSD', ETH: 'ETHUSD' };

/**
 * Kraken ticker: `{ error: [], result: { XXBTZUSD: { c: ["60123.4", "0.01"], … } } }` (c: last
 * trade). The answer carries no time; it is live when received.
 */
export const kraken: TPriceSource = {
  name: 'kraken',
  url: (type) => `https://api.kraken.com/0/public/Ticker?pair=${KRAKEN_PAIRS[type]}`,
  parse(body, receivedAt) {
    if (!isRecord(body) || !Array.isArray(body.error) || body.error.length > 0) return null;
    if (!isRecord(body.result)) return null;
    const [ticker] = Object.values(body.result);
    if (!isRecord(ticker) || !Array.isArray(ticker.c) || typeof ticker.c[0] !== 'string') {
      return null;
    }
    return { price: ticker.c[0], asOf: receivedAt };
  },
};

/** Bitstamp ticker: `{ last: "60123", timestamp: "1700000000", … }` (timestamp in seconds). */
export const bitstamp: TPriceSource = {
  name: 'bitstamp',
  url: (type) => `https://www.bitstamp.net/api/v2/ticker/${type.toLowerCase()}usd/`,
  parse(body) {
    if (!isRecord(body) || typeof body.last !== 'string' || typeof body.timestamp !== 'string') {
      return null;
    }
    const seconds = Number(body.timestamp);
    return Number.isSafeInteger(seconds)
      ? { price: body.last, asOf: new Date(seconds * 1000) }
      : null;
  },
};

/**
 * Gemini ticker: `{ bid, ask, last: "60010.00", volume: { BTC, USD, timestamp: 1700000000000 } }`
 * (timestamp in milliseconds).
 */
export const gemini: TPriceSource = {
  name: 'gemini',
  url: (type) => `https://api.gemini.com/v1/pubticker/${type.toLowerCase()}usd`,
  parse(body) {
    if (!isRecord(body) || typeof body.last !== 'string' || !isRecord(body.volume)) return null;
    const millis = body.volume.timestamp;
    return typeof millis === 'number' && Number.isSafeInteger(millis)
      ? { price: body.last, asOf: new Date(millis) }
      : null;
  },
};

export const DEFAULT_PRICE_SOURCES: readonly TPriceSource[] = [coinbase, kraken, bitstamp, gemini];

/** The middle value; for an even count the mean of the two middle ones, rounded half-up. */
export function medianCents(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle];
  if (upper === undefined) throw new RangeError('median of nothing');
  if (sorted.length % 2 === 1) return upper;
  const lower = sorted[middle - 1] as number;
  return decimalToCents(new Decimal(lower).plus(upper).dividedBy(2));
}

export interface TRealPricesOptions {
  fetch: TFetch;
  sources?: readonly TPriceSource[];
  now?: () => Date;
  /** Told about each source that failed (what it threw), for the logs. */
  onSourceError?: (source: string, type: TOfferedCollateralType, error: unknown) => void;
}

/** A price source that answered unusably; `status` is the HTTP status of an error answer. */
export class PriceSourceError extends Error {
  override name = 'PriceSourceError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export function createRealPrices(options: TRealPricesOptions): TPricesPort {
  const sources = options.sources ?? DEFAULT_PRICE_SOURCES;
  const now = options.now ?? (() => new Date());
  const cache = new Map<TOfferedCollateralType, { quote: TPriceQuote; until: number }>();
  const inFlight = new Map<TOfferedCollateralType, Promise<TPriceQuote>>();

  async function ask(source: TPriceSource, type: TOfferedCollateralType): Promise<TSourceQuote> {
    const response = await options.fetch(source.url(type), {
      signal: AbortSignal.timeout(PRICE_SOURCE_TIMEOUT_MS),
    });
    if (!response.ok) throw new PriceSourceError(`HTTP ${response.status}`, response.status);
    const parsed = source.parse(await response.json(), now());
    if (parsed === null || !PRICE_TEXT.test(parsed.price))
      throw new PriceSourceError('unexpected answer');
    const priceCents = decimalToCents(new Decimal(parsed.price).times(100));
    if (priceCents <= 0) throw new PriceSourceError('non-positive price');
    const ageMs = now().getTime() - parsed.asOf.getTime();
    if (ageMs > PRICE_MAX_AGE_MS)
      throw new PriceSourceError(`stale by ${Math.round(ageMs / 1000)} s`);
    return { source: source.name, priceCents, asOf: parsed.asOf };
  }

  async function quote(type: TOfferedCollateralType): Promise<TPriceQuote> {
    const settled = await Promise.allSettled(sources.map((source) => ask(source, type)));
    const quotes: TSourceQuote[] = [];
    settled.forEach((result, index) => {
      if (result.status === 'fulfilled') quotes.push(result.value);
      else options.onSourceError?.(sources[index]?.name ?? 'unknown', type, result.reason);
    });
    if (quotes.length < MIN_PRICE_SOURCES) {
      throw new PriceUnavailableError(
        type,
        `${quotes.length} of ${sources.length} sources gave a current price`,
      );
    }
    // Only tickers close to the middle of all of them count: one wild exchange is left out.
    const middle = medianCents(quotes.map((entry) => entry.priceCents));
    const agreeing = quotes.filter((entry) =>
      new Decimal(entry.priceCents)
        .minus(middle)
        .abs()
        .times(100)
        .lte(new Decimal(middle).times(PRICE_AGREEMENT_PCT)),
    );
    for (const entry of quotes) {
      if (!agreeing.includes(entry)) {
        options.onSourceError?.(
          entry.source,
          type,
          new PriceSourceError(`more than ${PRICE_AGREEMENT_PCT} % off the others`),
        );
      }
    }
    if (agreeing.length < MIN_PRICE_SOURCES) {
      throw new PriceUnavailableError(
        type,
        `${agreeing.length} of ${sources.length} sources agree on a current price`,
      );
    }
    // The quote is as old as its oldest ingredient.
    const asOf = new Date(Math.min(...agreeing.map((entry) => entry.asOf.getTime())));
    return {
      priceCents: medianCents(agreeing.map((entry) => entry.priceCents)),
      asOf,
      venues: agreeing.map((entry) => entry.source),
    };
  }

  return {
    async getPrice(type) {
      const cached = cache.get(type);
      const at = now().getTime();
      if (
        cached !== undefined &&
        cached.until > at &&
        at - cached.quote.asOf.getTime() <= PRICE_MAX_AGE_MS
      ) {
        return cached.quote;
      }
      // Concurrent callers share one round of requests.
      let pending = inFlight.get(type);
      if (pending === undefined) {
        pending = quote(type).finally(() => inFlight.delete(type));
        inFlight.set(type, pending);
      }
      const fresh = await pending;
      cache.set(type, { quote: fresh, until: now().getTime() + PRICE_CACHE_TTL_MS });
      return fresh;
    },
  };
}
