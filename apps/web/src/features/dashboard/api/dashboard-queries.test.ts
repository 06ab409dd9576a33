import { describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { LOAN_STATUS_MAX_RETRIES } from '@pledge/domain';
import { ApiError } from '../../../api/client.js';
import { createQueryClient } from '../../../app/query-client.js';
import { loanStatusQuery, userAppsQuery } from './dashboard-queries.js';

const failed = (status: number) =>
  new ApiError({ status, statusText: '', message: 'failed', body: null });

describe('loanStatusQuery', () => {
  const retry = loanStatusQuery.retry as (failureCount: number, error: Error) => boolean;

  it(`retries up to ${LOAN_STATUS_MAX_RETRIES} times`, () => {
    expect(retry(0, failed(503))).toBe(true);
    expect(retry(LOAN_STATUS_MAX_RETRIES - 1, failed(503))).toBe(true);
    expect(retry(LOAN_STATUS_MAX_RETRIES, failed(503))).toBe(false);
  });

  it('never retries a 401', () => {
    expect(retry(0, failed(401))).toBe(false);
  });
});

describe('the dashboard’s queries', () => {
  it('show what they have and ask again each time the dashboard opens', async () => {
    const client = createQueryClient();
    let answers = 0;
    const ask = async () => {
      answers += 1;
      return answers;
    };
    for (const query of [userAppsQuery, loanStatusQuery]) {
      answers = 0;
      const observer = () => new QueryObserver(client, { ...query, queryFn: ask } as never);
      const first = observer().subscribe(() => undefined);
      await vi.waitFor(() => expect(client.getQueryData(query.queryKey)).toBe(1));
      first();
      // Opened again (the application moved on the server meanwhile): asked again, not kept.
      const second = observer().subscribe(() => undefined);
      await vi.waitFor(() => expect(client.getQueryData(query.queryKey)).toBe(2));
      second();
    }
  });
});
