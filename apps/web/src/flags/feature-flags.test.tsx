import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { OPTIMIZE_NO_SESSION_MESSAGE } from '@pledge/contract';
import { AppProvider } from '../app/provider.js';
import { createQueryClient } from '../app/query-client.js';
import { createTelemetryClient } from '../telemetry/create-telemetry-client.js';
import { makeBrand } from '../test/fixtures.js';
import { bodySentTo, jsonResponse, mockFetch } from '../test/mock-fetch.js';
import { fetchFeatureFlag } from './feature-flag-query.js';
import { DECISION_PATH, flagDecisions, SESSION_PATH, TEST_TRACKER_UUID } from './flag-test-data.js';
import { useFeatureFlag } from './use-feature-flag.js';

function decisions(onKeys: string[]) {
  return mockFetch(flagDecisions((experimentKey) => onKeys.includes(experimentKey)));
}

describe('fetchFeatureFlag', () => {
  it('asks the decision with the tracker of the tab’s session and the brand’s organisation', async () => {
    const fetch = decisions(['fe-plc-show-additional-docs']);
    await expect(
      fetchFeatureFlag('fe-plc-show-additional-docs', 'markets', createTelemetryClient()),
    ).resolves.toBe(true);
    expect(bodySentTo(fetch, DECISION_PATH)).toEqual({
      experimentKey: 'fe-plc-show-additional-docs',
      ignoreIdentify: true,
      optimizeUser: { attributes: { organization: 'markets', trackerId: TEST_TRACKER_UUID } },
    });
  });

  it("fails with 'Could not establish session.' when there is no tracking session", async () => {
    const fetch = mockFetch({
      [SESSION_PATH]: () => jsonResponse({ code: 'DOWN', message: 'Unavailable' }, 503),
    });
    await expect(
      fetchFeatureFlag('fe-plc-show-additional-docs', 'default', createTelemetryClient()),
    ).rejects.toThrow(OPTIMIZE_NO_SESSION_MESSAGE);
    expect(fetch.mock.calls.some(([url]) => String(url).includes('decision'))).toBe(false);
  });
});

describe('useFeatureFlag', () => {
  function wrapperWith(client = createQueryClient()) {
    return function Wrapper({ children }: { children: ReactNode }) {
      return (
        <AppProvider brand={makeBrand({ orgCode: 'partner' })} queryClient={client}>
          {children}
        </AppProvider>
      );
    };
  }

  it('is off while pending, then follows the decision', async () => {
    decisions(['flag-on']);
    const wrapper = wrapperWith();
    const on = renderHook(() => useFeatureFlag('flag-on'), { wrapper });
    const off = renderHook(() => useFeatureFlag('flag-off'), { wrapper });
    expect(on.result.current).toMatchObject({ isEnabled: false, isPending: true });
    await waitFor(() => expect(on.result.current.isPending).toBe(false));
    await waitFor(() => expect(off.result.current.isPending).toBe(false));
    expect(on.result.current.isEnabled).toBe(true);
    expect(off.result.current.isEnabled).toBe(false);
  });

  it('asks once per key, however many components read it', async () => {
    const fetch = decisions(['flag-on']);
    const wrapper = wrapperWith();
    const first = renderHook(() => useFeatureFlag('flag-on'), { wrapper });
    await waitFor(() => expect(first.result.current.isEnabled).toBe(true));
    const second = renderHook(() => useFeatureFlag('flag-on'), { wrapper });
    expect(second.result.current.isEnabled).toBe(true);
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('decision'))).toHaveLength(1);
  });
});
