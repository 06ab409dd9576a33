import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZIsoDateTime } from '../wire.js';
import { OPS } from './ops-base.js';

/** At most this many dependencies in the report (there are about ten). */
export const DEPENDENCY_HEALTH_LIST_MAX = 50;

/** UP: the last probe was answered; DOWN: it was not. */
export const DEPENDENCY_STATUSES = ['UP', 'DOWN'] as const;
export type TDependencyStatus = (typeof DEPENDENCY_STATUSES)[number];

/** Why the last failed probe failed, secrets and credentials taken out. */
export const ZDependencyError = z.object({
  at: ZIsoDateTime,
  /** The error's class: `Error`, `ProbeFailedError` … */
  errorClass: z.string().check(z.maxLength(64)),
  /** `ECONNREFUSED`, `EAUTH`, `HTTP_503`, `TIMEOUT` …; null when the error gave none. */
  code: z.nullable(z.string().check(z.maxLength(32))),
  message: z.string().check(z.maxLength(300)),
});
export type TDependencyError = z.infer<typeof ZDependencyError>;

/** One outside dependency as its last probe found it. */
export const ZDependencyHealth = z.object({
  /** `smtp`, `credit-bureau`, `chain-btc`, `chain-eth`, `price-<venue>`, `plaid`. */
  dependency: z.string().check(z.maxLength(64)),
  status: z.enum(DEPENDENCY_STATUSES),
  lastProbedAt: ZIsoDateTime,
  /** Seconds between the last probe and the report (a stalled probe job shows here). */
  probeAgeSeconds: z.number().check(z.gte(0)),
  lastSuccessAt: z.nullable(ZIsoDateTime),
  lastError: z.nullable(ZDependencyError),
});
export type TDependencyHealth = z.infer<typeof ZDependencyHealth>;

export const ZGetOpsHealthResponse = z.object({
  /** By name; empty until the first probe ran. */
  dependencies: z.array(ZDependencyHealth).check(z.maxLength(DEPENDENCY_HEALTH_LIST_MAX)),
  /** The deployment's time of the report (the sandbox clock runs ahead of real time). */
  asOf: ZIsoDateTime,
});
export type TGetOpsHealthResponse = z.infer<typeof ZGetOpsHealthResponse>;

export const getOpsHealth = defineEndpoint({
  method: 'GET',
  path: `${OPS}/health`,
  auth: 'agent',
  summary: "The outside dependencies: each one's status, last success and last error",
  response: ZGetOpsHealthResponse,
});
