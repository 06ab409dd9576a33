import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getOpsHealth, type TGetOpsHealthResponse } from '@pledge/contract';
import { jsonResponse } from '../../../test/mock-fetch.js';
import { mockAgentFetch, signInAgentBeforeEach } from '../ops-test-session.js';
import { renderApp } from '../../../test/render-app.js';
import { formatAge } from './ops-health.js';
import { findPageHeading, LOADED } from '../../../test/loaded.js';

signInAgentBeforeEach();

const REPORT: TGetOpsHealthResponse = {
  asOf: '2026-11-25T10:05:00.000Z',
  dependencies: [
    {
      dependency: 'chain-btc',
      status: 'UP',
      lastProbedAt: '2026-11-25T10:04:20.000Z',
      probeAgeSeconds: 40,
      lastSuccessAt: '2026-11-25T10:04:20.000Z',
      lastError: null,
    },
    {
      dependency: 'smtp',
      status: 'DOWN',
      lastProbedAt: '2026-11-25T10:04:20.000Z',
      probeAgeSeconds: 40,
      lastSuccessAt: '2026-11-25T09:00:00.000Z',
      lastError: {
        at: '2026-11-25T10:04:20.000Z',
        errorClass: 'Error',
        code: 'EAUTH',
        message: 'Invalid login: 535 Authentication failed',
      },
    },
    {
      dependency: 'price-kraken',
      status: 'DOWN',
      lastProbedAt: '2026-11-25T08:04:20.000Z',
      probeAgeSeconds: 7_240,
      lastSuccessAt: null,
      lastError: {
        at: '2026-11-25T08:04:20.000Z',
        errorClass: 'ProbeFailedError',
        code: 'HTTP_503',
        message: 'Answered HTTP 503',
      },
    },
  ],
};

describe('/ops/health', () => {
  it("shows each dependency's status, last success, last error with its cause, and probe age", async () => {
    mockAgentFetch({
      [`GET ${getOpsHealth.path}`]: () => jsonResponse(REPORT),
    });
    renderApp('/ops/health');
    await findPageHeading('System health');
    const table = await screen.findByRole('table', { name: 'Outside dependencies' }, LOADED);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Bitcoin nodeUpNov 25, 2026, 10:04 UTCNone40 s ago',
      'Mail server (SMTP)DownNov 25, 2026, 09:00 UTC' +
        'Nov 25, 2026, 10:04 UTC: Error EAUTH, Invalid login: 535 Authentication failed40 s ago',
      'Price venue krakenDownNever' +
        'Nov 25, 2026, 08:04 UTC: ProbeFailedError HTTP_503, Answered HTTP 5032 h ago',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent(
      '2 of 3 dependencies did not answer their last probe: Mail server (SMTP), Price venue kraken.',
    );
  });

  it('says so when nothing has been probed yet, and when the report cannot be read', async () => {
    mockAgentFetch({
      [`GET ${getOpsHealth.path}`]: () => jsonResponse({ asOf: REPORT.asOf, dependencies: [] }),
    });
    const first = renderApp('/ops/health');
    expect(await screen.findByText(/No dependency has been probed yet/, {}, LOADED)).toBeVisible();
    first.unmount();

    mockAgentFetch({
      [`GET ${getOpsHealth.path}`]: () =>
        jsonResponse({ code: 'INTERNAL', message: 'Something went wrong' }, 500),
    });
    renderApp('/ops/health');
    expect(
      await screen.findByText('The dependencies could not be loaded', {}, LOADED),
    ).toBeVisible();
  });

  it('is linked from the console', async () => {
    mockAgentFetch({});
    renderApp('/ops');
    expect(await screen.findByRole('link', { name: 'System health' }, LOADED)).toHaveAttribute(
      'href',
      '/ops/health',
    );
  });

  it('words the probe age by its size', () => {
    expect([30, 600, 7_200, 3 * 86_400].map(formatAge)).toEqual([
      '30 s ago',
      '10 min ago',
      '2 h ago',
      '3 days ago',
    ]);
  });
});
