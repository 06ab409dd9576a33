import { describe, expect, it, vi } from 'vitest';
import {
  MIN_PRICE_SOURCES,
  PRICE_CACHE_TTL_MS,
  PRICE_MAX_AGE_MS,
  createRealPrices,
  medianCents,
  type TFetch,
} from './real.js';
import { PriceUnavailableError } from './port.js';
import { recordedAnswer } from '../../../test/helpers/recorded.js';

/** Recorded exchange answers (test/fixtures/prices), as the exchanges send them. */
const recorded = (name: string) => recordedAnswer(`prices/${name}`);

// The recorded answers were taken a few seconds before this instant.
const NOW = new Date('2026-01-15T12:00:05Z');

type TAnswer = unknown | number | Error;

/** A fetch that answers by exchange host: a JSON body, an HTTP status, or a network error. */
function fakeFetch(answers: {
  coinbase: TAnswer;
  kraken: TAnswer;
  bitstamp: TAnswer;
  gemini: TAnswer;
}) {
  const calls: { url: string; signal: AbortSignal }[] = [];
  const fetch: TFetch = async (url, init) => {
    calls.push({ url, signal: init.signal });
    const answer = url.includes('coinbase')
      ? answers.coinbase
      : url.includes('kraken')
        ? answers.kraken
        : url.includes('gemini')
          ? answers.gemini
          : answers.bitstamp;
    if (answer instanceof Error) throw answer;
    if (typeof answer === 'number') return new Response('unavailable', { status: answer });
    return Response.json(answer);
  };
  return { fetch, calls };
}

const allBtc = () => ({
  coinbase: recorded('coinbase-btc'),
  kraken: recorded('kraken-btc'),
  bitstamp: recorded('bitstamp-btc'),
  gemini: recorded('gemini-btc'),
});

describe('real prices adapter', () => {
  it('quotes the median of the four exchanges, as old as its oldest source', async () => {
    const { fetch, calls } = fakeFetch(allBtc());
    const prices = createRealPrices({ fetch, now: () => NOW });
    // 60012.34 (Coinbase), 60020.10 (Kraken), 60005 (Bitstamp), 60010 (Gemini) → 60011.17
    expect(await prices.getPrice('BTC')).toEqual({
      priceCents: 6_001_117,
      asOf: new Date('2026-01-15T11:59:55Z'),
      venues: ['coinbase', 'kraken', 'bitstamp', 'gemini'],
    });
    expect(calls.map((call) => call.url)).toEqual([
      'https://api.exchange.coinbase.com/products/BTC-USD/ticker',
      'https://api.kraken.com/0/public/Ticker?pair=XBTUSD',
      'https://www.bitstamp.net/api/v2/ticker/btcusd/',
      'https://api.gemini.com/v1/pubticker/btcusd',
    ]);
    for (const call of calls) expect(call.signal).toBeInstanceOf(AbortSignal);
  });

  it('asks for ETH with each exchange’s own pair names and rounds sub-cent prices half-up', async () => {
    const { fetch, calls } = fakeFetch({
      coinbase: recorded('coinbase-eth'),
      kraken: recorded('kraken-eth'),
      bitstamp: recorded('bitstamp-eth'),
      gemini: recorded('gemini-eth'),
    });
    const prices = createRealPrices({ fetch, now: () => NOW });
    // 3001.555 → 300156 cents; 3002.00; 3000.90; 3001.20 → median (3001.20 + 3001.56) / 2 = 3001.38
    expect((await prices.getPrice('ETH')).priceCents).toBe(300_138);
    expect(calls.map((call) => call.url)).toEqual([
      'https://api.exchange.coinbase.com/products/ETH-USD/ticker',
      'https://api.kraken.com/0/public/Ticker?pair=ETHUSD',
      'https://www.bitstamp.net/api/v2/ticker/ethusd/',
      'https://api.gemini.com/v1/pubticker/ethusd',
    ]);
  });

  it('uses the three remaining sources when one fails', async () => {
    const onSourceError = vi.fn();
    const { fetch } = fakeFetch({ ...allBtc(), kraken: 503 });
    const prices = createRealPrices({ fetch, now: () => NOW, onSourceError });
    // 60005.00, 60010.00, 60012.34 → 60010.00
    expect((await prices.getPrice('BTC')).priceCents).toBe(6_001_000);
    expect(onSourceError).toHaveBeenCalledWith(
      'kraken',
      'BTC',
      expect.objectContaining({ message: 'HTTP 503', status: 503 }),
    );
  });

  it.each([
    ['an error answer', { kraken: recorded('kraken-error') }],
    ['a network error', { kraken: new Error('ECONNRESET') }],
    ['a timeout', { kraken: new DOMException('The operation was aborted', 'TimeoutError') }],
    ['a body without a price', { kraken: { result: {} } }],
  ])('treats %s as a failed source', async (_name, override) => {
    const onSourceError = vi.fn();
    const { fetch } = fakeFetch({ ...allBtc(), ...override });
    const prices = createRealPrices({ fetch, now: () => NOW, onSourceError });
    await prices.getPrice('BTC');
    expect(onSourceError).toHaveBeenCalledTimes(1);
    expect(onSourceError.mock.calls[0]?.[0]).toBe('kraken');
  });

  it(`refuses to quote with fewer than ${MIN_PRICE_SOURCES} sources`, async () => {
    const { fetch } = fakeFetch({ ...allBtc(), kraken: 500, bitstamp: new Error('down') });
    const prices = createRealPrices({ fetch, now: () => NOW });
    await expect(prices.getPrice('BTC')).rejects.toBeInstanceOf(PriceUnavailableError);
  });

  it('ignores a ticker older than the staleness limit', async () => {
    const onSourceError = vi.fn();
    const staleTime = new Date(NOW.getTime() - PRICE_MAX_AGE_MS - 1_000).toISOString();
    const coinbase = { ...(recorded('coinbase-btc') as object), time: staleTime, price: '1.00' };
    const { fetch } = fakeFetch({ ...allBtc(), coinbase });
    const prices = createRealPrices({ fetch, now: () => NOW, onSourceError });
    // 60005.00, 60010.00, 60020.10 → 60010.00; the stale $1.00 is not used.
    expect((await prices.getPrice('BTC')).priceCents).toBe(6_001_000);
    expect((onSourceError.mock.calls[0]?.[2] as Error).message).toMatch(/^stale/);
  });

  it('refuses when stale and failed sources leave too few', async () => {
    const stale = { ...(recorded('bitstamp-btc') as object), timestamp: '1768470000' };
    const { fetch } = fakeFetch({ ...allBtc(), kraken: 502, bitstamp: stale });
    const prices = createRealPrices({ fetch, now: () => NOW });
    await expect(prices.getPrice('BTC')).rejects.toThrow(/2 of 4 sources/);
  });

  it('reuses a quote for a short while, then asks again', async () => {
    let now = NOW;
    const { fetch, calls } = fakeFetch(allBtc());
    const prices = createRealPrices({ fetch, now: () => now });
    await prices.getPrice('BTC');
    await prices.getPrice('BTC');
    expect(calls).toHaveLength(4);
    now = new Date(NOW.getTime() + PRICE_CACHE_TTL_MS + 1);
    await prices.getPrice('BTC');
    expect(calls).toHaveLength(8);
  });

  it('shares one round of requests between concurrent callers', async () => {
    const { fetch, calls } = fakeFetch(allBtc());
    const prices = createRealPrices({ fetch, now: () => NOW });
    const quotes = await Promise.all([1, 2, 3, 4].map(() => prices.getPrice('BTC')));
    expect(new Set(quotes.map((quote) => quote.priceCents)).size).toBe(1);
    expect(calls).toHaveLength(4);
  });

  it('leaves out an exchange far from the others and quotes the agreeing three', async () => {
    const onSourceError = vi.fn();
    const gemini = { ...(recorded('gemini-btc') as object), last: '48000.00' };
    const { fetch } = fakeFetch({ ...allBtc(), gemini });
    const prices = createRealPrices({ fetch, now: () => NOW, onSourceError });
    // 60005.00, 60012.34, 60020.10 agree → 60012.34; Gemini's 48000 is 20 % off.
    const quote = await prices.getPrice('BTC');
    expect(quote.priceCents).toBe(6_001_234);
    expect(quote.venues).toEqual(['coinbase', 'kraken', 'bitstamp']);
    expect(onSourceError).toHaveBeenCalledWith(
      'gemini',
      'BTC',
      expect.objectContaining({ message: expect.stringMatching(/off the others/) }),
    );
  });

  it('refuses when fewer than three exchanges agree', async () => {
    const { fetch } = fakeFetch({
      ...allBtc(),
      kraken: 503,
      gemini: { ...(recorded('gemini-btc') as object), last: '48000.00' },
    });
    const prices = createRealPrices({ fetch, now: () => NOW });
    await expect(prices.getPrice('BTC')).rejects.toThrow(/2 of 4 sources agree/);
  });
});

describe('medianCents', () => {
  it.each([
    [[5], 5],
    [[3, 1, 2], 2],
    [[1, 2], 2],
    [[6_000_000, 6_000_003], 6_000_002],
    [[10, 20, 30, 40], 25],
  ])('of %j is %i', (values, median) => {
    expect(medianCents(values)).toBe(median);
  });
});
