import { describe, expect, it } from 'vitest';
import type { TApplicationState } from '@pledge/domain';
import { makeApplication } from '../application/application-test-data.js';
import { isOpsActionAvailable, OPS_ACTION_IDS, type TOpsActionId } from './ops-actions.js';
import { makeDetail } from './ops-test-data.js';

function available(state: TApplicationState, reviewStatus: 'PENDING' | 'APPROVED' | null) {
  const base = makeDetail();
  const detail = makeDetail({
    application: makeApplication({ state }),
    identityDocuments:
      reviewStatus === null
        ? []
        : base.identityDocuments.map((document) => ({ ...document, reviewStatus })),
  });
  return OPS_ACTION_IDS.filter((id) => isOpsActionAvailable(id, detail));
}

describe('isOpsActionAvailable', () => {
  it.each<[TApplicationState, 'PENDING' | 'APPROVED' | null, TOpsActionId[]]>([
    ['OFFER_ACCEPTED', null, ['cancel-application']],
    [
      'SIGN_DOCS',
      'PENDING',
      ['approve-identity', 'reject-identity', 'cancel-application', 'decline-application'],
    ],
    ['SIGN_DOCS', 'APPROVED', ['cancel-application', 'decline-application']],
    [
      'MANUAL_FUNDING_RELEASE',
      null,
      ['release-funds', 'cancel-application', 'decline-application'],
    ],
    ['CRYPTO_FUNDING_VERIFY', null, ['cancel-application', 'decline-application']],
    ['COMPLETE', null, ['record-payoff']],
    ['PAID_OFF', null, []],
    ['CANCELLED', null, []],
    ['DECLINED', 'PENDING', ['approve-identity', 'reject-identity']],
  ])('%s with an ID %s: %j', (state, reviewStatus, expected) => {
    expect(available(state, reviewStatus)).toEqual(expected);
  });
});
