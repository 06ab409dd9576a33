import { describe, expect, it } from 'vitest';
import {
  approvalRefusal,
  declinedStatus,
  holdsFundingRelease,
  SAME_AGENT_APPROVAL_MESSAGE,
  showBankAccountInReview,
  type TOpsProposalStatus,
} from './maker-checker.js';

const MAKER = 'maker-uuid';
const CHECKER = 'checker-uuid';

describe('approvalRefusal', () => {
  it.each<[TOpsProposalStatus, string, string | null]>([
    ['PENDING', CHECKER, null],
    ['PENDING', MAKER, SAME_AGENT_APPROVAL_MESSAGE],
    ['APPROVED', CHECKER, 'This proposal has already been decided.'],
    ['REJECTED', CHECKER, 'This proposal has already been decided.'],
    ['WITHDRAWN', CHECKER, 'This proposal has already been decided.'],
  ])('%s proposal, approved by %s → %j', (status, agent, refusal) => {
    expect(approvalRefusal({ status, proposedBy: MAKER }, agent)).toBe(refusal);
  });
});

describe('declinedStatus', () => {
  it('is withdrawn by the proposer and rejected by another agent', () => {
    expect(declinedStatus({ proposedBy: MAKER }, MAKER)).toBe('WITHDRAWN');
    expect(declinedStatus({ proposedBy: MAKER }, CHECKER)).toBe('REJECTED');
  });
});

describe('holdsFundingRelease', () => {
  it.each([
    [null, false],
    [{ status: 'PENDING' as const }, true],
    [{ status: 'REJECTED' as const }, true],
    [{ status: 'APPROVED' as const }, false],
  ])('%j → %s', (review, holds) => {
    expect(holdsFundingRelease(review)).toBe(holds);
  });
});

describe('showBankAccountInReview', () => {
  it.each([
    ['PENDING', true],
    ['COMPLETED', false],
    ['NOT_STARTED', false],
  ])('Disbursement Account %s → %s', (status, shown) => {
    expect(showBankAccountInReview([{ name: 'Disbursement Account', status }])).toBe(shown);
    expect(showBankAccountInReview([{ name: 'Verify Identity', status }])).toBe(false);
  });
});
