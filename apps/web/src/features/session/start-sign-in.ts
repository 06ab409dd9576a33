import type { QueryClient } from '@tanstack/react-query';
import { makePostLogin } from '@pledge/contract';
import {
  decideSignInMode,
  SIGN_IN_EXPERIMENT_KEYS,
  type TSignInAudience,
  type TSignInMode,
} from '@pledge/domain';
import { endpointUrl } from '../../api/endpoint-url.js';
import { featureFlagQuery } from '../../flags/feature-flag-query.js';
import { telemetry, type TTelemetryClient } from '../../telemetry/telemetry-client.js';
import { browserNavigation } from './browser-navigation.js';
import { forcedSignInMode, loginPageHref, safeReturnPath } from './sign-in-paths.js';
import { isBrokerKnown, savePendingSignIn } from './session-storage.js';

const NONCE_BYTES = 16;

const brokerLogin = {
  customer: makePostLogin('customer'),
  agent: makePostLogin('agent'),
} as const;

/** A fresh nonce: 128 random bits as hex. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The sign-in mode of document 2 §4, through the domain's rule: a forced mode from the address,
 * whether the broker has recognised this browser, and the audience's experiment flag (off when no
 * decision can be had).
 */
export async function resolveSignInMode(input: {
  audience: TSignInAudience;
  search: string;
  orgCode: string;
  queryClient: QueryClient;
}): Promise<TSignInMode> {
  const forcedMode = forcedSignInMode(input.search);
  const brokerLookupSucceeded = isBrokerKnown(input.audience);
  // The flag can only change the answer when nothing else has decided it.
  let experimentFlagOn = false;
  if (forcedMode === undefined && !brokerLookupSucceeded) {
    try {
      experimentFlagOn = await input.queryClient.fetchQuery(
        featureFlagQuery(SIGN_IN_EXPERIMENT_KEYS[input.audience], input.orgCode),
      );
    } catch {
      experimentFlagOn = false;
    }
  }
  return decideSignInMode({
    brokerLookupSucceeded,
    experimentFlagOn,
    ...(forcedMode === undefined ? {} : { forcedMode }),
  });
}

async function trackerIdOrUndefined(client: TTelemetryClient): Promise<string | undefined> {
  try {
    return (await client.getSession()).trackerUuid;
  } catch {
    return undefined;
  }
}

/**
 * Leaves for sign-in, remembering in this tab where to come back to and the nonce of this
 * sign-in. The broker's sign-in starts with a POST that answers 303 to the hosted sign-in page; the
 * legacy one is the sign-in page itself. A broker sign-in that cannot start is logged and rethrown
 * (document 2 §8).
 */
export async function beginSignIn(input: {
  audience: TSignInAudience;
  returnPath: string;
  mode: TSignInMode;
  /** A mode the address forced, carried to the sign-in page. */
  forcedMode?: TSignInMode | undefined;
  /** The tracking session the sign-in is tied to (the app's own by default). */
  telemetryClient?: TTelemetryClient;
}): Promise<void> {
  const { audience, mode } = input;
  const redirectUrl = safeReturnPath(audience, input.returnPath);
  const nonce = createNonce();
  savePendingSignIn({ audience, returnPath: redirectUrl, nonce });
  if (mode === 'legacy') {
    browserNavigation.assign(
      loginPageHref({
        audience,
        redirectUrl,
        ...(input.forcedMode === undefined ? {} : { signInMode: input.forcedMode }),
      }),
    );
    return;
  }
  const telemetryTrackingId = await trackerIdOrUndefined(input.telemetryClient ?? telemetry);
  try {
    await browserNavigation.postAndFollow(
      endpointUrl(brokerLogin[audience], undefined, { redirectUrl, nonce, telemetryTrackingId }),
    );
  } catch (error) {
    console.error('The broker sign-in could not start', error);
    throw error;
  }
}
