import { describe, expect, it } from 'vitest';
import type { TApplicationState } from '@pledge/domain';
import { refiFinalStepsOf } from './refi-final-steps.js';

describe('refiFinalStepsOf', () => {
  // [state, with a top-up?, agreements, collateral]: no identity or disbursement step, ever.
  it.each<[TApplicationState, boolean, string, string]>([
    ['OFFER_ACCEPTED', false, 'NOT_STARTED', 'NOT_REQUIRED'],
    ['SIGN_DOCS', false, 'IN_PROGRESS', 'NOT_REQUIRED'],
    ['WAITING_FOR_COLLATERAL', false, 'COMPLETED', 'NOT_REQUIRED'],
    ['COMPLETE', false, 'COMPLETED', 'NOT_REQUIRED'],
    ['CELSIUS_TOP_UP_REQUESTED', true, 'NOT_STARTED', 'NOT_STARTED'],
    ['CELSIUS_WAITING_FOR_TOP_UP', true, 'NOT_STARTED', 'PENDING'],
    ['CELSIUS_FULL_COLLATERAL_RECEIVED', true, 'IN_PROGRESS', 'COMPLETED'],
    ['WAITING_FOR_COLLATERAL', true, 'COMPLETED', 'COMPLETED'],
    ['PAID_OFF', true, 'COMPLETED', 'COMPLETED'],
    ['CANCELLED', true, 'NOT_STARTED', 'NOT_STARTED'],
  ])(
    'in %s (top-up %s): agreements %s, collateral %s',
    (state, hasTopUp, agreements, collateral) => {
      expect(refiFinalStepsOf(state, hasTopUp).items).toEqual([
        { name: 'Verify Identity', status: 'NOT_REQUIRED' },
        { name: 'Review Agreements', status: agreements },
        { name: 'Disbursement Account', status: 'NOT_REQUIRED' },
        { name: 'Post Collateral', status: collateral },
      ]);
    },
  );
});
