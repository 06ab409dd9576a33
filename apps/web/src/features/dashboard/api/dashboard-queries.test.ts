import { describe, expect, it } from 'vitest';
import { LOAN_STATUS_MAX_RETRIES } from '@pledge/domain';
import { ApiError } from '../../../api/client.js';
import { loanStatusQuery } from './dashboard-queries.js';

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
