import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getOpsApplications } from '@pledge/contract';
import { jsonResponse } from '../../../test/mock-fetch.js';
import { mockAgentFetch } from '../ops-test-session.js';
import { currentUrl, renderApp } from '../../../test/render-app.js';
import { storeTestSession } from '../../session/session-test-utils.js';
import { makePage, makeSummary, TEST_APP_UUID } from '../ops-test-data.js';
import { LOADED } from '../../../test/loaded.js';

const LIST = `GET ${getOpsApplications.path}`;
const SECOND_UUID = '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

let agentToken: string;
beforeEach(() => {
  agentToken = storeTestSession('agent');
});

/** Serves the list through `answer`, recording each query string asked for. */
function serveList(answer: (query: URLSearchParams) => Response) {
  const queries: URLSearchParams[] = [];
  const fetchMock = mockAgentFetch({
    [LIST]: (url) => {
      queries.push(url.searchParams);
      return answer(url.searchParams);
    },
  });
  return { queries, fetchMock };
}

function rows(): HTMLElement[] {
  const table = screen.getByRole('table');
  return within(table).getAllByRole('row').slice(1);
}

describe('/ops: the applications list', () => {
  it('shows each application with its short id linking to the detail, with the agent token', async () => {
    const { fetchMock } = serveList(() => jsonResponse(makePage([makeSummary()])));
    const { user, router } = renderApp('/ops');
    const link = await screen.findByRole('link', { name: TEST_APP_UUID.slice(0, 8) }, LOADED);
    expect(screen.getByRole('heading', { level: 1, name: 'Operations console' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'UI kit' })).toHaveAttribute('href', '/ops/ui-kit');
    expect(link).toHaveAttribute('href', `/ops/applications/${TEST_APP_UUID}`);
    const [row] = rows();
    expect(row).toHaveTextContent('ada@example.com');
    expect(row).toHaveTextContent('Ada Lovelace');
    expect(row).toHaveTextContent('SIGN_DOCS');
    expect(row).toHaveTextContent('$10,100.00');
    expect(row).toHaveTextContent('Jan 2, 2025, 03:04 UTC');
    expect(row).toHaveTextContent('Jan 3, 2025, 10:20 UTC');
    const listCall = fetchMock.mock.calls.find(([url]) =>
      String(url).startsWith(getOpsApplications.path),
    );
    expect(new Headers(listCall?.[1]?.headers).get('Authorization')).toBe(`Bearer ${agentToken}`);

    await user.click(link);
    await waitFor(() => expect(currentUrl(router)).toBe(`/ops/applications/${TEST_APP_UUID}`));
  });

  it('filters by state and searches, from the first page each time', async () => {
    const { queries } = serveList(() => jsonResponse(makePage([makeSummary()])));
    const { user, router } = renderApp('/ops');
    await screen.findByRole('table', {}, LOADED);
    expect(queries.at(-1)?.get('state')).toBeNull();

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'State' }),
      'MANUAL_FUNDING_RELEASE',
    );
    await waitFor(() => expect(queries.at(-1)?.get('state')).toBe('MANUAL_FUNDING_RELEASE'));
    expect(currentUrl(router)).toBe('/ops?state=MANUAL_FUNDING_RELEASE');

    await user.type(screen.getByRole('searchbox', { name: /Search/ }), '  ada@ex ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('ada@ex'));
    expect(queries.at(-1)?.get('state')).toBe('MANUAL_FUNDING_RELEASE');
    expect(queries.at(-1)?.get('cursor')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBeNull());
  });

  it('pages on with the server’s cursor and back', async () => {
    serveList((query) =>
      jsonResponse(
        query.get('cursor') === TEST_APP_UUID
          ? makePage([makeSummary({ appUuid: SECOND_UUID, borrowerEmail: 'bob@example.com' })])
          : makePage([makeSummary()], TEST_APP_UUID),
      ),
    );
    const { user } = renderApp('/ops');
    await screen.findByRole('table', {}, LOADED);
    expect(screen.queryByRole('button', { name: 'Previous page' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: SECOND_UUID.slice(0, 8) })).toBeVisible();
    expect(rows()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByRole('link', { name: TEST_APP_UUID.slice(0, 8) })).toBeVisible();
  });

  it('says when nothing matches', async () => {
    serveList(() => jsonResponse(makePage([])));
    renderApp('/ops?state=COMPLETE');
    expect(
      await screen.findByText('No applications match this state and search.', {}, LOADED),
    ).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the server’s message when the list fails, and tries again', async () => {
    let fail = true;
    serveList(() =>
      fail
        ? jsonResponse(
            { code: 'VALIDATION_ERROR', message: 'This page link is no longer valid' },
            400,
          )
        : jsonResponse(makePage([makeSummary()])),
    );
    const { user } = renderApp('/ops');
    // Within the list: toasts of earlier tests in this environment are alerts too.
    const list = await screen.findByRole('region', { name: 'Applications' }, LOADED);
    const alert = await within(list).findByRole('alert', {}, LOADED);
    expect(alert).toHaveTextContent('The applications could not be loaded');
    expect(alert).toHaveTextContent('This page link is no longer valid');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeVisible();
  });
});
