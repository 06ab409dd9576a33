import { describe, expect, it } from 'vitest';
import type { TApplicationState } from '@pledge/domain';
import { makeApplication } from '../application/application-test-data.js';
import {
  isOpsActionAvailable,
  opsActionHold,
  OPS_ACTION_IDS,
  type TOpsActionId,
} from './ops-actions.js';
import { makeDetail, makeHolderNameReview } from './ops-test-data.js';

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
      ['propose-release', 'cancel-application', 'decline-application'],
    ],
    ['CRYPTO_FUNDING_VERIFY', null, ['cancel-application', 'decline-application']],
    ['COMPLETE', null, ['propose-payoff']],
    ['PAID_OFF', null, []],
    ['CANCELLED', null, []],
    ['DECLINED', 'PENDING', ['approve-identity', 'reject-identity']],
  ])('%s with an ID %s: %j', (state, reviewStatus, expected) => {
    expect(available(state, reviewStatus)).toEqual(expected);
  });
});

describe('opsActionHold', () => {
  const awaiting = makeApplication({ state: 'MANUAL_FUNDING_RELEASE' });

  it('holds a second proposal while one waits', () => {
    const base = makeDetail({ application: awaiting });
    const detail = makeDetail({
      application: awaiting,
      proposals: [
        {
          id: '0b7c2f7e-3c1d-4b6f-9a63-2c4d5e6f7a8b',
          kind: 'RELEASE_FUNDS',
          status: 'PENDING',
          proposedBy: { identityUuid: base.borrower.identityUuid, email: 'agent@example.com' },
          proposedAt: '2025-01-03T10:00:00.000Z',
          reference: 'ACH-1',
          note: null,
          payoff: null,
          decidedBy: null,
          decidedAt: null,
          decisionReason: null,
        },
      ],
    });
    expect(opsActionHold('propose-release', detail)).toBe(
      'A proposal is already waiting for approval.',
    );
    expect(isOpsActionAvailable('propose-release', detail)).toBe(false);
  });

  it.each([
    ['PENDING', false],
    ['REJECTED', false],
    ['APPROVED', true],
  ] as const)('a holder-name review %s: release available %s', (status, isAvailable) => {
    const detail = makeDetail({
      application: awaiting,
      holderNameReview: makeHolderNameReview({ status }),
    });
    expect(isOpsActionAvailable('propose-release', detail)).toBe(isAvailable);
  });
});
