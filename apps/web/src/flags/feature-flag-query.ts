import { queryOptions } from '@tanstack/react-query';
import { OPTIMIZE_NO_SESSION_MESSAGE, postDecision } from '@pledge/contract';
import { apiRequest } from '../api/client.js';
import { APP_CONTEXT } from '../telemetry/app-context.js';
import { telemetry, type TTelemetryClient } from '../telemetry/telemetry-client.js';

/** Decisions are asked for the visitor's tracker, not for a merged user profile. */
const IGNORE_IDENTIFY = true;

/**
 * Whether a flag or experiment is on for this visitor: a decision call with the tab's tracker and
 * the brand's organisation code. Without a tracking session there is no decision (document 2 §4):
 * it fails with 'Could not establish session.'.
 */
export async function fetchFeatureFlag(
  key: string,
  orgCode: string,
  client: TTelemetryClient = telemetry,
): Promise<boolean> {
  let trackerId: string;
  try {
    trackerId = (await client.getSession()).trackerUuid;
  } catch (cause) {
    throw new Error(OPTIMIZE_NO_SESSION_MESSAGE, { cause });
  }
  const decision = await apiRequest(postDecision, {
    params: { context: APP_CONTEXT },
    body: {
      experimentKey: key,
      ignoreIdentify: IGNORE_IDENTIFY,
      optimizeUser: { attributes: { organization: orgCode, trackerId } },
    },
  });
  return decision.flagEnabled;
}

/** The query of one flag: asked once per page load and key, then kept. */
export function featureFlagQuery(key: string, orgCode: string) {
  return queryOptions({
    queryKey: ['feature-flag', orgCode, key] as const,
    queryFn: () => fetchFeatureFlag(key, orgCode),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
