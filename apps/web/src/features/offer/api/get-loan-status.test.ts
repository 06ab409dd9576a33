import { describe, expect, it } from 'vitest';
import { getLoanStatus } from '@pledge/contract';
import { LOAN_STATUS_MAX_RETRIES } from '@pledge/domain';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch.js';
import { getLoanStatusWithRetries } from './get-loan-status.js';

const LOAN_STATUS = `GET ${getLoanStatus.path}`;

describe('getLoanStatusWithRetries', () => {
  it(`retries a failure up to ${LOAN_STATUS_MAX_RETRIES} times`, async () => {
    let calls = 0;
    mockFetch({
      [LOAN_STATUS]: () => {
        calls += 1;
        return calls <= LOAN_STATUS_MAX_RETRIES
          ? jsonResponse({ code: 'UNAVAILABLE', message: 'Try later' }, 503)
          : jsonResponse({ loans: [] });
      },
    });
    await expect(getLoanStatusWithRetries()).resolves.toEqual({ loans: [] });
    expect(calls).toBe(LOAN_STATUS_MAX_RETRIES + 1);
  });

  it('gives up after the last retry', async () => {
    let calls = 0;
    mockFetch({
      [LOAN_STATUS]: () => {
        calls += 1;
        return jsonResponse({ code: 'UNAVAILABLE', message: 'Try later' }, 503);
      },
    });
    await expect(getLoanStatusWithRetries()).rejects.toMatchObject({ status: 503 });
    expect(calls).toBe(LOAN_STATUS_MAX_RETRIES + 1);
  });

  it('never retries a 401', async () => {
    let calls = 0;
    mockFetch({
      [LOAN_STATUS]: () => {
        calls += 1;
        return jsonResponse({ code: 'UNAUTHENTICATED', message: 'Unauthenticated' }, 401);
      },
    });
    await expect(getLoanStatusWithRetries()).rejects.toMatchObject({ status: 401 });
    expect(calls).toBe(1);
  });
});
