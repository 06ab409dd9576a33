import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  getOpsFailedJobs,
  postOpsDiscardFailedJob,
  postOpsRetryFailedJob,
  type TFailedJob,
  type TGetOpsFailedJobsResponse,
} from '@pledge/contract';
import { jsonResponse, sentBody } from '../../../test/mock-fetch.js';
import { mockAgentFetch, signInAgentBeforeEach } from '../ops-test-session.js';
import { renderApp } from '../../../test/render-app.js';
import { findPageHeading, LOADED } from '../../../test/loaded.js';

const APP_UUID = '5f0c2b9e-3d4a-4b1c-8e2f-9a0b1c2d3e4f';

signInAgentBeforeEach();

const CREDIT_CHECK: TFailedJob = {
  jobId: '41',
  kind: 'application.credit-check',
  status: 'DEAD',
  attempts: 5,
  maxAttempts: 5,
  lastError: 'CreditBureauError [503]: credit bureau answered 503',
  failedAt: '2026-11-25T10:00:00.000Z',
  nextAttemptAt: null,
  createdAt: '2026-11-25T09:00:00.000Z',
  subject: { type: 'APPLICATION', id: APP_UUID },
  discardRefusal: null,
};

const SWEEP: TFailedJob = {
  jobId: '42',
  kind: 'servicing-sweep',
  status: 'RETRYING',
  attempts: 1,
  maxAttempts: 3,
  lastError: 'Error [ECONNREFUSED]: connect ECONNREFUSED 10.0.0.9:443',
  failedAt: '2026-11-25T09:30:00.000Z',
  nextAttemptAt: '2026-11-25T09:30:03.000Z',
  createdAt: '2026-11-25T09:29:00.000Z',
  subject: null,
  discardRefusal:
    'A servicing-sweep job moves money or changes who owns what (Autopay debits, interest and fees): one agent may not discard it. Retry it once the cause is fixed.',
};

describe('/ops/jobs', () => {
  it('lists failed jobs of every kind and retries one with a reason', async () => {
    let page: TGetOpsFailedJobsResponse = { items: [CREDIT_CHECK, SWEEP], nextCursor: null };
    const retried: unknown[] = [];
    mockAgentFetch({
      [`GET ${getOpsFailedJobs.path}`]: () => jsonResponse(page),
      [`POST ${postOpsRetryFailedJob.path.replace(':jobId', '41')}`]: (_url, init) => {
        retried.push(sentBody(init));
        page = { items: [SWEEP], nextCursor: null };
        return jsonResponse({ jobId: '41', outcome: 'RETRIED' });
      },
    });
    const { user } = renderApp('/ops/jobs');
    await findPageHeading('Failed jobs');
    const table = await screen.findByRole('table', {}, LOADED);
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('application.credit-check');
    expect(rows[1]).toHaveTextContent('Dead');
    expect(rows[1]).toHaveTextContent('5 of 5');
    expect(rows[1]).toHaveTextContent('CreditBureauError [503]: credit bureau answered 503');
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: '5f0c2b9e' })).toHaveAttribute(
      'href',
      `/ops/applications/${APP_UUID}`,
    );
    expect(rows[2]).toHaveTextContent('Retrying: next try');

    await user.click(within(table).getByRole('button', { name: 'Retry now job 41' }));
    const dialog = screen.getByRole('dialog', { name: 'Retry this job now?' });
    // A reason is required: nothing is sent without one.
    await user.click(within(dialog).getByRole('button', { name: 'Retry now' }));
    expect(await within(dialog).findByText('Give a reason')).toBeVisible();
    expect(retried).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Bureau is back');
    await user.click(within(dialog).getByRole('button', { name: 'Retry now' }));
    await waitFor(() => expect(retried).toEqual([{ reason: 'Bureau is back' }]));
    expect(
      await screen.findByText('Job 41 (application.credit-check) queued again', {}, LOADED),
    ).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByText('CreditBureauError', { exact: false })).toBeNull(),
    );
  });

  it('offers no discard for a kind that moves money, and says why', async () => {
    mockAgentFetch({
      [`GET ${getOpsFailedJobs.path}`]: () => jsonResponse({ items: [SWEEP], nextCursor: null }),
      [`POST ${postOpsDiscardFailedJob.path.replace(':jobId', '42')}`]: () => {
        throw new Error('a refused discard must not be sent');
      },
    });
    renderApp('/ops/jobs');
    const table = await screen.findByRole('table', {}, LOADED);
    const discard = within(table).getByRole('button', { name: 'Discard job 42' });
    expect(discard).toBeDisabled();
    expect(discard).toHaveAccessibleDescription(SWEEP.discardRefusal ?? '');
  });

  it('discards a job with a reason, and shows the next page by the server’s cursor', async () => {
    const discarded: unknown[] = [];
    mockAgentFetch({
      [`GET ${getOpsFailedJobs.path}`]: (url) =>
        jsonResponse(
          url.searchParams.get('cursor') === 'c1'
            ? { items: [SWEEP], nextCursor: null }
            : { items: [CREDIT_CHECK], nextCursor: 'c1' },
        ),
      [`POST ${postOpsDiscardFailedJob.path.replace(':jobId', '41')}`]: (_url, init) => {
        discarded.push(sentBody(init));
        return jsonResponse({ jobId: '41', outcome: 'DISCARDED' });
      },
    });
    const { user } = renderApp('/ops/jobs');
    const table = await screen.findByRole('table', {}, LOADED);
    await user.click(within(table).getByRole('button', { name: 'Discard job 41' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard this job?' });
    await user.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      'Application withdrawn',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(discarded).toEqual([{ reason: 'Application withdrawn' }]));
    expect(
      await screen.findByText('Job 41 (application.credit-check) discarded', {}, LOADED),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('servicing-sweep', {}, LOADED)).toBeVisible();
  });
});
