import { describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import type { TTelemetryClient } from './telemetry-client.js';
import { applicationUuidOf, PAGE_VIEW_EVENT, usePageViews } from './use-page-views.js';

function renderPageViews(url: string) {
  const client: TTelemetryClient = {
    getSession: vi.fn(),
    setIdentity: vi.fn(),
    trackEvent: vi.fn(() => Promise.resolve()),
  };
  let navigate: NavigateFunction = () => undefined;
  function Probe() {
    usePageViews(client);
    navigate = useNavigate();
    return null;
  }
  render(
    <MemoryRouter initialEntries={[url]}>
      <Probe />
    </MemoryRouter>,
  );
  return { client, navigate: (to: string) => act(() => void navigate(to)) };
}

describe('usePageViews', () => {
  it('sends a page view on the first page and on every route change, not on a query change', async () => {
    const app = '5f0c2b9e-3d4a-4c1b-9a7e-2b6d8f1e0c3a';
    const { client, navigate } = renderPageViews('/account/crypto-backed-loan/start?state=OH');
    await navigate('/account/crypto-backed-loan/start?state=OH&amount=5000');
    await navigate(`/account/crypto-backed-loan/${app}/details`);
    expect(vi.mocked(client.trackEvent).mock.calls.map(([input]) => input)).toEqual([
      {
        event: PAGE_VIEW_EVENT,
        dontDedupe: true,
        pagePath: '/account/crypto-backed-loan/start',
        search: '?state=OH',
        applicationUuid: null,
      },
      {
        event: PAGE_VIEW_EVENT,
        dontDedupe: true,
        pagePath: `/account/crypto-backed-loan/${app}/details`,
        search: '',
        applicationUuid: app,
      },
    ]);
  });
});

describe('applicationUuidOf', () => {
  it.each([
    [
      '/account/crypto-backed-loan/5F0C2B9E-3D4A-4C1B-9A7E-2B6D8F1E0C3A',
      '5f0c2b9e-3d4a-4c1b-9a7e-2b6d8f1e0c3a',
    ],
    [
      '/account/crypto-backed-loan/celsius-refi/5f0c2b9e-3d4a-4c1b-9a7e-2b6d8f1e0c3a/a3e1c7d2-6b4f-4e8a-8c2d-9f1b7e5a3c40/disclosures',
      '5f0c2b9e-3d4a-4c1b-9a7e-2b6d8f1e0c3a',
    ],
    ['/account/crypto-backed-loan/start', null],
    ['/dashboard', null],
  ])('%s belongs to %s', (path, uuid) => {
    expect(applicationUuidOf(path)).toBe(uuid);
  });
});
