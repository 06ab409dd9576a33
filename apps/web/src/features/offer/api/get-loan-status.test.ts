import { describe, expect, it } from 'vitest';
import { getLoanStatus } from '@pledge/contract';
import { LOAN_STATUS_MAX_RETRIES } from '@pledge/domain';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch.js';
import { getLoanStatusWithRetries } from './get-loan-status.js';

const LOAN_STATUS = `GET ${getLoanStatus.path}`;

const unavailable = () => jsonResponse({ code: 'UNAVAILABLE', message: 'Try later' }, 503);

/** Answers the n-th call for the loan status (from 1) with `answer(n)`; tells how many came. */
function mockLoanStatus(answer: (call: number) => Response): () => number {
  let calls = 0;
  mockFetch({ [LOAN_STATUS]: () => answer(++calls) });
  return () => calls;
}

describe('getLoanStatusWithRetries', () => {
  it(`retries a failure up to ${LOAN_STATUS_MAX_RETRIES} times`, async () => {
    const calls = mockLoanStatus((call) =>
      call <= LOAN_STATUS_MAX_RETRIES ? unavailable() : jsonResponse({ loans: [] }),
    );
    await expect(getLoanStatusWithRetries()).resolves.toEqual({ loans: [] });
    expect(calls()).toBe(LOAN_STATUS_MAX_RETRIES + 1);
  });

  it('gives up after the last retry', async () => {
    const calls = mockLoanStatus(unavailable);
    await expect(getLoanStatusWithRetries()).rejects.toMatchObject({ status: 503 });
    expect(calls()).toBe(LOAN_STATUS_MAX_RETRIES + 1);
  });

  it('never retries a 401', async () => {
    const calls = mockLoanStatus(() =>
      jsonResponse({ code: 'UNAUTHENTICATED', message: 'Unauthenticated' }, 401),
    );
    await expect(getLoanStatusWithRetries()).rejects.toMatchObject({ status: 401 });
    expect(calls()).toBe(1);
  });
});
