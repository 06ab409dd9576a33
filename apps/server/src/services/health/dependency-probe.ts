/**
 * A probe of one outside dependency: one cheap call that changes nothing (an SMTP greeting, a
 * block height, a ticker), bounded by a short timeout. A probe throws when the dependency did not
 * answer usably; what it throws is stored scrubbed (scrubProbeError), never as it came.
 */
import { failureCause } from '../../failure-cause.js';

/** A probe that has not answered by then counts as failed. */
export const PROBE_TIMEOUT_MS = 5_000;

/** The longest error message stored (the column allows 300). */
export const PROBE_ERROR_MESSAGE_MAX = 200;

export interface TDependencyProbe {
  /** A short fixed name: `smtp`, `credit-bureau`, `chain-btc`, `price-kraken`, `plaid`. */
  readonly dependency: string;
  /**
   * Values the probe knows to be secret (a password, an API key): taken out of any error message
   * before it is stored, on top of URL credentials and query strings.
   */
  readonly secrets?: readonly string[];
  probe(signal: AbortSignal): Promise<void>;
}

/** A failure a probe names itself: its code says what went wrong (`HTTP_503`, `BAD_ANSWER`). */
export class ProbeFailedError extends Error {
  override name = 'ProbeFailedError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface TProbeError {
  errorClass: string;
  code: string | null;
  message: string;
}

const NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
const CODE = /^[A-Za-z0-9_.-]{1,32}$/;

/**
 * What is stored of a probe's failure: its class, its code and a short message scrubbed as a log
 * line's failure cause is (failure-cause.ts), the probe's own secrets taken out as well.
 */
export function scrubProbeError(error: unknown, secrets: readonly string[] = []): TProbeError {
  if (!(error instanceof Error)) {
    return { errorClass: 'Error', code: null, message: 'The probe failed without an error' };
  }
  const cause = failureCause(error, secrets);
  return {
    errorClass: NAME.test(cause.class) ? cause.class : 'Error',
    code: cause.code !== undefined && CODE.test(cause.code) ? cause.code : null,
    message:
      cause.message.length > PROBE_ERROR_MESSAGE_MAX
        ? `${cause.message.slice(0, PROBE_ERROR_MESSAGE_MAX - 1)}…`
        : cause.message || 'No message',
  };
}

export type TProbeFetch = (
  url: string,
  init: {
    method: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    signal: AbortSignal;
  },
) => Promise<Response>;

/**
 * One HTTP call of a probe: answers the parsed JSON body of a 2xx answer (or null when there is
 * none to read); any other status fails the probe with `HTTP_<status>`.
 */
export async function probeHttp(
  fetch: TProbeFetch,
  url: string,
  init: Parameters<TProbeFetch>[1],
  options: { acceptStatus?: (status: number) => boolean } = {},
): Promise<unknown> {
  const response = await fetch(url, init);
  const isAccepted = options.acceptStatus?.(response.status) ?? response.ok;
  if (!isAccepted) {
    await response.body?.cancel().catch(() => undefined);
    throw new ProbeFailedError(`HTTP_${response.status}`, `Answered HTTP ${response.status}`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  try {
    return (await response.json()) as unknown;
  } catch {
    throw new ProbeFailedError('BAD_ANSWER', 'The answer is not JSON');
  }
}
