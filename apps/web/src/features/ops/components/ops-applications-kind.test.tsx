import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getOpsApplications } from '@pledge/contract';
import { jsonResponse } from '../../../test/mock-fetch.js';
import { mockAgentFetch, signInAgentBeforeEach } from '../ops-test-session.js';
import { currentUrl, renderApp } from '../../../test/render-app.js';
import { makePage, makeSummary } from '../ops-test-data.js';
import { LOADED } from '../../../test/loaded.js';

const LIST = `GET ${getOpsApplications.path}`;

signInAgentBeforeEach();

describe('/ops: renewals beside new loans', () => {
  it('says the kind of each application and filters by it', async () => {
    const queries: URLSearchParams[] = [];
    mockAgentFetch({
      [LIST]: (url) => {
        queries.push(url.searchParams);
        return jsonResponse(makePage([makeSummary({ isRollForward: true, state: 'COMPLETE' })]));
      },
    });
    const { user, router } = renderApp('/ops');
    const table = await screen.findByRole('table', {}, LOADED);
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(row).toHaveTextContent('Renewal');
    expect(queries.at(-1)?.get('kind')).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'RENEWAL');
    await waitFor(() => expect(queries.at(-1)?.get('kind')).toBe('RENEWAL'));
    expect(currentUrl(router)).toBe('/ops?kind=RENEWAL');
  });
});
