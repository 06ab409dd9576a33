import { describe, expect, it } from 'vitest';
import type { TApplicationState } from '@pledge/domain';
import { finalStepsOf, type TFinalStepsProgress } from './final-steps.js';

const notStarted: TFinalStepsProgress = { identity: 'NOT_STARTED', disbursement: 'NOT_STARTED' };

function statuses(state: TApplicationState, progress = notStarted, isRollForward = false) {
  const steps = finalStepsOf({ state, isRollForward }, progress);
  return {
    items: Object.fromEntries(steps.items.map((item) => [item.name, item.status])),
    status: steps.status,
  };
}

describe('finalStepsOf', () => {
  it('lists the four items in the page order', () => {
    expect(finalStepsOf({ state: 'SIGN_DOCS', isRollForward: false }, notStarted).items).toEqual([
      { name: 'Verify Identity', status: 'NOT_STARTED' },
      { name: 'Review Agreements', status: 'IN_PROGRESS' },
      { name: 'Disbursement Account', status: 'NOT_STARTED' },
      { name: 'Post Collateral', status: 'NOT_STARTED' },
    ]);
  });

  it.each<[TApplicationState, string, string, string]>([
    ['OFFER_ACCEPTED', 'NOT_STARTED', 'NOT_STARTED', 'NOT_STARTED'],
    ['SOFT_CREDIT', 'NOT_STARTED', 'NOT_STARTED', 'NOT_STARTED'],
    ['SIGN_DOCS', 'IN_PROGRESS', 'NOT_STARTED', 'IN_PROGRESS'],
    ['WAITING_FOR_COLLATERAL', 'COMPLETED', 'NOT_STARTED', 'IN_PROGRESS'],
    ['CRYPTO_FUNDING_VERIFY', 'COMPLETED', 'COMPLETED', 'IN_PROGRESS'],
    ['COMPLETE', 'COMPLETED', 'COMPLETED', 'IN_PROGRESS'],
    ['DECLINED', 'NOT_STARTED', 'NOT_STARTED', 'NOT_STARTED'],
  ])(
    'in %s: agreements %s, collateral %s, overall %s',
    (state, agreements, collateral, overall) => {
      const { items, status } = statuses(state);
      expect(items['Review Agreements']).toBe(agreements);
      expect(items['Post Collateral']).toBe(collateral);
      expect(status).toBe(overall);
    },
  );

  it('is COMPLETED once identity and disbursement are done after funding', () => {
    const done: TFinalStepsProgress = { identity: 'COMPLETED', disbursement: 'COMPLETED' };
    expect(statuses('CRYPTO_FUNDING_VERIFY', done).status).toBe('COMPLETED');
    expect(statuses('WAITING_FOR_COLLATERAL', done).status).toBe('IN_PROGRESS');
  });

  it('leaves the disbursement row out of a renewal', () => {
    const renewal: TFinalStepsProgress = { identity: 'COMPLETED', disbursement: 'NOT_STARTED' };
    expect(statuses('CRYPTO_FUNDING_VERIFY', renewal, true).status).toBe('COMPLETED');
    expect(statuses('CRYPTO_FUNDING_VERIFY', renewal, false).status).toBe('IN_PROGRESS');
  });
});
