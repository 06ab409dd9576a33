import { jsonResponse, sentBody, type THandler } from '../test/mock-fetch.js';

export const TEST_TRACKER_UUID = '0b9a6f36-8c0f-4f5e-9d55-1f2a3b4c5d6e';

/** The tab's tracking session, as the tracking service answers it. */
const TEST_SESSION_KEY = {
  uuid: '7d1f0c5e-2a3b-4c5d-8e9f-0a1b2c3d4e5f',
  epoch: 1,
  trackerUuid: TEST_TRACKER_UUID,
};

export const SESSION_PATH = 'POST /ft/crypto-backed-loan/session';
export const DECISION_PATH = 'POST /service-optimize/crypto-backed-loan/api/v2/decision';

/**
 * The tracking session and the decision service a feature flag is asked of, mocked: each
 * experiment key is on when `isOn` says so.
 */
export function flagDecisions(isOn: (experimentKey: string) => boolean): Record<string, THandler> {
  return {
    [SESSION_PATH]: () => jsonResponse({ sessionKey: TEST_SESSION_KEY }),
    [DECISION_PATH]: (_url, init) => {
      const { experimentKey } = sentBody<{ experimentKey: string }>(init);
      return jsonResponse({ experimentKey, flagEnabled: isOn(experimentKey) });
    },
  };
}
