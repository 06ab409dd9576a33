/**
 * The request-duration histogram (`http_request_duration_seconds{method,route,status_code}`),
 * recorded by every answered request. prom-client's Histogram made each observation build a labels
 * object, check its labels, join them into a key and look the series up by that key; here a
 * series is found by route, method and status code in nested maps and its counters are updated
 * in place, so that a request allocates nothing for its metric. A scrape renders the series as
 * prom-client's Histogram does (the same lines in the same order: series in the order they first
 * answered, cumulative buckets, `+Inf`, sum and count).
 */
import type { Metric, Registry } from 'prom-client';

export type TDurationLabel = 'method' | 'route' | 'status_code';
type TLabels = Record<TDurationLabel, string>;

/** One series: its labels, the observations of each bucket (not cumulative), sum and count. */
interface TSeries {
  readonly labels: TLabels;
  readonly bucketCounts: number[];
  sum: number;
  count: number;
}

/** A line of the metric as prom-client's registry renders it (`metricName{labels} value`). */
interface TValue {
  labels: Record<string, string | number>;
  value: number;
  metricName: string;
}

export interface TRequestDurations {
  /** Records one answered request, `seconds` after it arrived. */
  observe(method: string, route: string, statusCode: number, seconds: number): void;
}

export function createRequestDurations(options: {
  name: string;
  help: string;
  /** Upper bounds of the buckets, ascending. */
  buckets: readonly number[];
  registry: Registry;
}): TRequestDurations {
  const { name, help, buckets } = options;
  /** route → method → status code → series. */
  const byRoute = new Map<string, Map<string, Map<number, TSeries>>>();
  /** Every series, in the order it first answered (the order of the rendered lines). */
  let series: TSeries[] = [];

  const newSeries = (method: string, route: string, statusCode: number): TSeries => {
    const created: TSeries = {
      labels: { method, route, status_code: String(statusCode) },
      bucketCounts: buckets.map(() => 0),
      sum: 0,
      count: 0,
    };
    series.push(created);
    return created;
  };

  const metric = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    /** The metric's lines, as prom-client's Histogram answers them (registry and JSON alike). */
    async get() {
      const values: TValue[] = [];
      for (const { labels, bucketCounts, sum, count } of series) {
        let cumulative = 0;
        buckets.forEach((bound, index) => {
          cumulative += bucketCounts[index] ?? 0;
          values.push({
            labels: { le: bound, ...labels },
            value: cumulative,
            metricName: `${name}_bucket`,
          });
        });
        values.push(
          { labels: { le: '+Inf', ...labels }, value: count, metricName: `${name}_bucket` },
          { labels: { ...labels }, value: sum, metricName: `${name}_sum` },
          { labels: { ...labels }, value: count, metricName: `${name}_count` },
        );
      }
      return { name, help, type: 'histogram', values, aggregator: 'sum' };
    },
    reset() {
      byRoute.clear();
      series = [];
    },
  };
  // The registry reads a metric through its name, help, type and get(); prom-client's types name
  // only its own classes.
  options.registry.registerMetric(metric as unknown as Metric);

  return {
    observe(method, route, statusCode, seconds) {
      if (!Number.isFinite(seconds)) return;
      let byMethod = byRoute.get(route);
      if (byMethod === undefined) {
        byMethod = new Map();
        byRoute.set(route, byMethod);
      }
      let byStatus = byMethod.get(method);
      if (byStatus === undefined) {
        byStatus = new Map();
        byMethod.set(method, byStatus);
      }
      let target = byStatus.get(statusCode);
      if (target === undefined) {
        target = newSeries(method, route, statusCode);
        byStatus.set(statusCode, target);
      }
      // The first bucket whose upper bound holds the value; above the last, only +Inf counts it.
      let bucket = 0;
      while (bucket < buckets.length && seconds > (buckets[bucket] ?? Infinity)) bucket += 1;
      if (bucket < buckets.length)
        target.bucketCounts[bucket] = (target.bucketCounts[bucket] ?? 0) + 1;
      target.sum += seconds;
      target.count += 1;
    },
  };
}
