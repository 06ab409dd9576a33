import type { TTelemetryClient } from './create-telemetry-client.js';
import { logTelemetryFailure } from './telemetry-error.js';

export type {
  TEventPropertyValue,
  TTelemetryClient,
  TTrackEventInput,
} from './create-telemetry-client.js';

let loading: Promise<TTelemetryClient> | undefined;
let identityId: string | null = null;

// The client and the tracking schemas load on first use, after the page has rendered: tracking
// is no reason to make any page's first download larger.
function load(): Promise<TTelemetryClient> {
  loading ??= import('./create-telemetry-client.js').then(({ createTelemetryClient }) => {
    const client = createTelemetryClient();
    client.setIdentity(identityId);
    return client;
  });
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** The app's tracking client: one tracking session per tab (document 2 §4, §7). */
export const telemetry: TTelemetryClient = {
  getSession: async () => (await load()).getSession(),
  trackEvent: async (input) => {
    try {
      await (await load()).trackEvent(input);
    } catch (error) {
      logTelemetryFailure(error);
    }
  },
  setIdentity: (identityUuid) => {
    identityId = identityUuid;
    void loading?.then((client) => client.setIdentity(identityUuid));
  },
};
