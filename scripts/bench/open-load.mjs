// An open-model load: requests sent at a fixed arrival rate whatever the answers do, as users who
// do not wait for each other arrive. Each request's latency is counted from the time it was due
// to be sent, not from when it went out, so a server (or a generator) that falls behind shows it
// in the latency instead of quietly sending less (autocannon's closed model, where a connection
// waits for its answer before the next request, hides that: "coordinated omission").
//
// Requests go over keep-alive connections of an undici pool, as many as are in flight (up to
// MAX_SOCKETS, one request on a connection at a time); a request due while that many are in
// flight waits for one, its latency still counted from its due time. The generator shares the
// machine's cores with the server and PostgreSQL, so what it spends a request is part of what it
// measures: node's own HTTP client spent 0.12-0.13 ms of CPU a request of the rates' open load
// (4,700/s) and ran up to 22-45 ms behind its schedule, which the latencies counted (p99 15-43 ms);
// undici spent 0.08-0.10 ms and ran at most 7-14 ms late (p99 6-8 ms), against the same server.
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { percentile } from './http.mjs';

const MAX_SOCKETS = 256;
/** An answer not come this long after its request was due counts as an error (a timeout). */
const ANSWER_TIMEOUT_MS = 10_000;
/** How often the scheduler wakes to send what fell due meanwhile. */
const TICK_MS = 1;

/**
 * One request; answers its status (0: no answer, a socket error or a timeout). The pool sends a
 * body with its length, as autocannon and browsers do (not chunked), and sets that length itself:
 * a `content-length` a request carries is left out (autocannon writes one into the header objects
 * it is given, which the same request builders hand to this load afterwards).
 */
function send(pool, { method = 'GET', path, headers = {}, body }) {
  const sent = Object.fromEntries(
    Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'content-length'),
  );
  return pool
    .request({
      method,
      path,
      headers: sent,
      body,
      headersTimeout: ANSWER_TIMEOUT_MS,
      bodyTimeout: ANSWER_TIMEOUT_MS,
    })
    .then(async (answer) => {
      await answer.body.dump();
      return { status: answer.statusCode };
    })
    .catch(() => ({ status: 0 }));
}

/** How many of a load's seconds are named by their p99, the slowest first. */
const SLOWEST_SECONDS = 3;

/**
 * The seconds of the schedule whose requests waited longest (their p99), each with the wall-clock
 * second it began: a p99 set by one burst of other work (a scheduled job, a collection) shows as
 * one slow second, where an overloaded server is slow throughout.
 */
function slowestSeconds(bySecond, startedAtMs) {
  return bySecond
    .map((latencies, second) => {
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        at: new Date(startedAtMs + second * 1_000).toISOString().slice(11, 19),
        p99ms: +percentile(sorted, 99).toFixed(1),
        requests: sorted.length,
      };
    })
    .sort((a, b) => b.p99ms - a.p99ms)
    .slice(0, SLOWEST_SECONDS);
}

/**
 * Sends `next(context)`'s requests to `base` at `ratePerSecond` for `durationS` seconds and
 * answers their latency (from each request's due time), the answers outside 2xx, and how far
 * behind its schedule the generator itself ran and its CPU a request (a generator that could not
 * keep up measured its own lateness, not the server's). `context.release` (see borrowerOf in throughput.mjs) is called
 * when a request is answered.
 */
export async function openLoad(base, next, { ratePerSecond, durationS }) {
  const pool = new Pool(base, { connections: MAX_SOCKETS, pipelining: 1 });
  const cpuBefore = process.cpuUsage();
  const intervalMs = 1_000 / ratePerSecond;
  const total = Math.max(1, Math.round(ratePerSecond * durationS));
  const latencies = [];
  /** Each second of the schedule: its requests' latencies (where a p99 comes from). */
  const bySecond = [];
  let non2xx = 0;
  let errors = 0;
  /** How many answers of each status came (0: no answer, a socket error or a timeout). */
  const statuses = {};
  let maxLateMs = 0;
  const inFlight = new Set();
  const started = performance.now();
  const startedAtMs = Date.now();
  let sent = 0;
  try {
    while (sent < total) {
      const now = performance.now();
      while (sent < total && started + sent * intervalMs <= now) {
        const dueAt = started + sent * intervalMs;
        maxLateMs = Math.max(maxLateMs, now - dueAt);
        const context = {};
        const exchange = send(pool, next(context)).then(({ status }) => {
          const latency = performance.now() - dueAt;
          latencies.push(latency);
          const second = Math.floor((dueAt - started) / 1_000);
          (bySecond[second] ??= []).push(latency);
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status === 0) errors += 1;
          else if (status < 200 || status >= 300) non2xx += 1;
          context.release?.();
          inFlight.delete(exchange);
        });
        inFlight.add(exchange);
        sent += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, TICK_MS));
    }
    await Promise.all(inFlight);
  } finally {
    await pool.destroy();
  }
  const elapsedS = (performance.now() - started) / 1_000;
  const cpuUsed = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  const ms = (value) => +value.toFixed(2);
  return {
    ratePerSecond: Math.round(ratePerSecond),
    requests: latencies.length,
    achievedPerSecond: Math.round(latencies.length / elapsedS),
    p50ms: ms(percentile(latencies, 50)),
    p99ms: ms(percentile(latencies, 99)),
    maxMs: ms(latencies.at(-1) ?? 0),
    // How many answers took longer than the latency bar (DESIGN §7: 50 ms).
    over50ms: latencies.filter((latency) => latency > 50).length,
    non2xx,
    errors,
    statuses,
    generatorMaxLateMs: ms(maxLateMs),
    // The generator's CPU a request (this process: the schedule, the client, the counting).
    generatorCpuMs: +((cpuUsed.user + cpuUsed.system) / 1_000 / total).toFixed(3),
    slowestSeconds: slowestSeconds(bySecond, startedAtMs),
  };
}
