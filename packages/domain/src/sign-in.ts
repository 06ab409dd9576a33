/**
 * Sign-in rules of document 2 §4: which sign-in path to use and which answers mean "signed out".
 */
import type { TSignInAudience } from './enums.js';

export type TSignInMode = 'broker' | 'legacy';

/** Feature-flag experiment keys that switch each audience to the identity broker. */
export const SIGN_IN_EXPERIMENT_KEYS: Readonly<Record<TSignInAudience, string>> = {
  customer: 'fe-plc-broker-login-customer',
  agent: 'fe-plc-broker-login-agent',
};

/**
 * A forced legacy mode wins; otherwise the broker is used when its identity lookup succeeded, when
 * it is forced, or when the experiment flag is on.
 */
export function decideSignInMode(input: {
  brokerLookupSucceeded: boolean;
  forcedMode?: TSignInMode;
  experimentFlagOn: boolean;
}): TSignInMode {
  if (input.forcedMode === 'legacy') return 'legacy';
  if (input.brokerLookupSucceeded || input.forcedMode === 'broker' || input.experimentFlagOn) {
    return 'broker';
  }
  return 'legacy';
}

export const UNAUTHENTICATED_MESSAGE = 'Unauthenticated';

/** A 401, or a 403 whose message is 'Unauthenticated': the stored token is cleared. */
export function isUnauthenticatedAnswer(status: number, message?: string | null): boolean {
  return status === 401 || (status === 403 && message === UNAUTHENTICATED_MESSAGE);
}
