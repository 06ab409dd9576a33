// HTTP helpers of the bench: load runs (autocannon), sequential latency samples, and JSON calls
// that fail loudly with the server's answer.
import { Buffer } from 'node:buffer';
import { request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

/**
 * Connections and seconds of a throughput run (DESIGN §7: p99 at 50 connections);
 * BENCH_LOAD_SECONDS shortens the runs to try the bench quickly (its figures are then rougher).
 */
export const LOAD_CONNECTIONS = 50;
export const LOAD_DURATION_S = Number(process.env.BENCH_LOAD_SECONDS ?? 10);

/** autocannon with the bench's defaults; resolves with its result. */
export function cannon(opts) {
  return new Promise((resolve, reject) =>
    autocannon({ connections: LOAD_CONNECTIONS, duration: LOAD_DURATION_S, ...opts }, (err, res) =>
      err ? reject(err) : resolve(res),
    ),
  );
}

/**
 * The summary kept of a load run, with the CPU per request of each process when it was measured.
 * Any answer outside 2xx (or a socket error) makes it fail.
 */
export function loadRow(result) {
  return {
    reqPerSec: Math.round(result.requests.average),
    p99ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    ...(result.cpu === undefined ? {} : { cpu: result.cpu }),
  };
}

export async function waitFor(url, ms = 240_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up`);
}

/** One HTTP exchange from a given local address (another loopback address: another client). */
function exchangeFrom(url, { method, headers, body, localAddress }) {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method, headers, localAddress }, (incoming) => {
      const chunks = [];
      incoming.on('data', (chunk) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({
          status: incoming.statusCode ?? 0,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * One call; answers the parsed JSON body (null when empty). Throws with the answer's text when the
 * status is not the expected one. `from` sends it from that local (loopback) address, so that the
 * server's per-address limits count it as another client's.
 */
export async function call(base, path, { method = 'GET', token, body, query, expect, from } = {}) {
  const url = new URL(path, base);
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
  const headers = {
    ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
  };
  const payload = body === undefined ? undefined : JSON.stringify(body);
  let status;
  let text;
  if (from === undefined) {
    const response = await fetch(url, { method, redirect: 'manual', headers, body: payload });
    status = response.status;
    text = await response.text();
  } else {
    ({ status, text } = await exchangeFrom(url, {
      method,
      headers,
      body: payload,
      localAddress: from,
    }));
  }
  const isExpected = expect === undefined ? status >= 200 && status < 300 : status === expect;
  if (!isExpected) {
    throw new Error(`${method} ${url.pathname} answered ${status}: ${text.slice(0, 500)}`);
  }
  return text === '' ? null : JSON.parse(text);
}

/** The nearest-rank percentile of sorted samples. */
export function percentile(sorted, pct) {
  const rank = Math.ceil((pct / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

const round2 = (ms) => Math.round(ms * 100) / 100;

/**
 * Latency of `count` requests sent one after another (after a few unmeasured ones that warm the
 * caches); each answer must be 2xx and pass `check`.
 */
export async function sequentialLatency(url, { token, count = 200, warmup = 20, check } = {}) {
  const headers = token === undefined ? {} : { authorization: `Bearer ${token}` };
  const samples = [];
  for (let index = 0; index < warmup + count; index += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    const text = await response.text();
    const elapsed = performance.now() - started;
    if (!response.ok) {
      throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 500)}`);
    }
    if (index === 0 && check !== undefined) check(JSON.parse(text));
    if (index >= warmup) samples.push(elapsed);
  }
  samples.sort((a, b) => a - b);
  return {
    requests: count,
    medianMs: round2(percentile(samples, 50)),
    p99ms: round2(percentile(samples, 99)),
  };
}
