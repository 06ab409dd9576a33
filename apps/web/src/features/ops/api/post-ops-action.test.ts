import { describe, expect, it } from 'vitest';
import {
  buildPath,
  postOpsApproveIdentity,
  postOpsCancelApplication,
  postOpsDeclineApplication,
  postOpsProposePayoff,
  postOpsProposeReleaseFunds,
  postOpsRejectIdentity,
  type TEndpoint,
} from '@pledge/contract';
import { setToken } from '../../../api/token.js';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch.js';
import type { TOpsActionId } from '../ops-actions.js';
import { makeDetail, TEST_APP_UUID } from '../ops-test-data.js';
import { postOpsAction } from './post-ops-action.js';

describe('postOpsAction', () => {
  it.each<[TOpsActionId, TEndpoint, object | undefined]>([
    ['approve-identity', postOpsApproveIdentity, undefined],
    ['reject-identity', postOpsRejectIdentity, { reason: 'Too blurry' }],
    ['propose-release', postOpsProposeReleaseFunds, { reference: 'ACH-1', note: 'Batch 7' }],
    [
      'propose-payoff',
      postOpsProposePayoff,
      {
        method: 'WIRE',
        reference: 'ACH-1',
        amount: 20150.25,
        paidOn: '2025-03-01',
        note: 'Batch 7',
      },
    ],
    ['cancel-application', postOpsCancelApplication, { reason: 'Too blurry' }],
    ['decline-application', postOpsDeclineApplication, { reason: 'Too blurry' }],
  ])('%s calls %s with the agent token', async (action, endpoint, body) => {
    setToken('agent.jwt');
    const detail = makeDetail();
    const path = buildPath(endpoint.path, { appUuid: TEST_APP_UUID });
    const fetchMock = mockFetch({ [`POST ${path}`]: () => jsonResponse(detail) });

    await expect(
      postOpsAction(TEST_APP_UUID, {
        action,
        reason: 'Too blurry',
        method: 'WIRE',
        reference: 'ACH-1',
        note: 'Batch 7',
        amount: 20150.25,
        paidOn: '2025-03-01',
      }),
    ).resolves.toEqual(detail);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe(path);
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer agent.jwt');
    expect(init?.body === undefined ? undefined : JSON.parse(String(init.body))).toEqual(body);
  });
});

describe('postOpsAction propose-payoff', () => {
  it('calls nothing without a payment method', async () => {
    const fetchMock = mockFetch({});
    await expect(
      postOpsAction(TEST_APP_UUID, { action: 'propose-payoff', reason: '' }),
    ).rejects.toThrow('Choose a payment method');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
