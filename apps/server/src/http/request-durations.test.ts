import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createRequestDurations } from './request-durations.js';

const NAME = 'http_request_duration_seconds';
const HELP = 'Time to answer HTTP requests, by method, route pattern and status code';
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Answers in interleaved series: on bucket bounds, between them, above the last, zero. */
const ANSWERS: [string, string, number, number][] = [
  ['POST', '/service-cryptopl-leap/insecure/api/v1/rates', 200, 0.0031],
  ['GET', '/healthz', 200, 0.005],
  ['POST', '/service-cryptopl-leap/insecure/api/v1/rates', 400, 0.012],
  ['POST', '/service-cryptopl-leap/insecure/api/v1/rates', 200, 0.25],
  ['GET', 'unmatched', 404, 0],
  ['GET', '/healthz', 200, 11.5],
  ['HEAD', '/healthz', 200, 0.1],
  ['POST', '/service-cryptopl-leap/insecure/api/v1/rates', 200, 10],
  ['GET', '/a/"quoted"\\path', 503, 2.6],
  ['POST', '/service-cryptopl-leap/insecure/api/v1/rates', 200, 0.0502],
];

/** The same answers observed by prom-client's own Histogram, in a registry of their own. */
function promClientRegistry(): Registry {
  const registry = new Registry();
  const histogram = new Histogram({
    name: NAME,
    help: HELP,
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  for (const [method, route, statusCode, seconds] of ANSWERS) {
    histogram.observe({ method, route, status_code: String(statusCode) }, seconds);
  }
  return registry;
}

function durationsRegistry(): Registry {
  const registry = new Registry();
  const durations = createRequestDurations({ name: NAME, help: HELP, buckets: BUCKETS, registry });
  for (const [method, route, statusCode, seconds] of ANSWERS) {
    durations.observe(method, route, statusCode, seconds);
  }
  return registry;
}

describe('the request-duration histogram', () => {
  it("renders exactly what prom-client's Histogram renders for the same answers", async () => {
    const expected = await promClientRegistry().metrics();
    expect(await durationsRegistry().metrics()).toBe(expected);
    // As the app serves it: merged with another registry (the process metrics).
    const merged = (registry: Registry) => Registry.merge([new Registry(), registry]).metrics();
    expect(await merged(durationsRegistry())).toBe(await merged(promClientRegistry()));
  });

  it('counts each answer in its bucket, cumulatively, with the sum and the count', async () => {
    const text = await durationsRegistry().metrics();
    const rates =
      'method="POST",route="/service-cryptopl-leap/insecure/api/v1/rates",status_code="200"';
    // 0.0031, 0.25, 10 and 0.0502 seconds.
    expect(text).toContain(`${NAME}_bucket{le="0.005",${rates}} 1\n`);
    expect(text).toContain(`${NAME}_bucket{le="0.05",${rates}} 1\n`);
    expect(text).toContain(`${NAME}_bucket{le="0.1",${rates}} 2\n`);
    expect(text).toContain(`${NAME}_bucket{le="0.25",${rates}} 3\n`);
    expect(text).toContain(`${NAME}_bucket{le="10",${rates}} 4\n`);
    expect(text).toContain(`${NAME}_bucket{le="+Inf",${rates}} 4\n`);
    expect(text).toContain(`${NAME}_sum{${rates}} ${0.0031 + 0.25 + 10 + 0.0502}\n`);
    expect(text).toContain(`${NAME}_count{${rates}} 4\n`);
    // Above the last bound: only +Inf holds it.
    const health = 'method="GET",route="/healthz",status_code="200"';
    expect(text).toContain(`${NAME}_bucket{le="10",${health}} 1\n`);
    expect(text).toContain(`${NAME}_bucket{le="+Inf",${health}} 2\n`);
  });

  it('starts over when the registry resets its metrics', async () => {
    const registry = durationsRegistry();
    registry.resetMetrics();
    expect(await registry.metrics()).toBe(`# HELP ${NAME} ${HELP}\n# TYPE ${NAME} histogram\n`);
  });
});
