import { describe, expect, it } from 'vitest';
import type { TApplicationState } from '@pledge/domain';
import { auditEventName } from './audit-event-name.js';

const AGENT = 'agent:0f8e6a1c-3b2d-4e5f-8a9b-0c1d2e3f4a5b';
const SYSTEM = 'system:test';
const BORROWER = 'borrower:0f8e6a1c-3b2d-4e5f-8a9b-0c1d2e3f4a5b';

describe('auditEventName', () => {
  it.each<[TApplicationState | null, TApplicationState | null, string, boolean, string | null]>([
    [null, 'CREATED', BORROWER, false, null],
    [null, null, AGENT, false, null],
    ['OFFER_ACCEPTED', 'ATTACH_PROFILE', BORROWER, false, 'DETAILS_SUBMITTED'],
    ['SOFT_CREDIT', 'DECLINED', SYSTEM, false, 'CREDIT_DECLINED'],
    ['SOFT_CREDIT', 'DECLINED', AGENT, false, 'AGENT_DECLINE'],
    ['WAITING_FOR_COLLATERAL', 'CANCELLED', SYSTEM, false, 'UNFUNDED_TIMEOUT'],
    ['WAITING_FOR_COLLATERAL', 'CANCELLED', AGENT, false, 'AGENT_CANCEL'],
    ['MANUAL_FUNDING_RELEASE', 'COMPLETE', AGENT, false, 'FUNDS_RELEASED'],
    ['CRYPTO_FUNDING_VERIFY', 'BORROWER_MICRO_DEPOSIT_CONFIRM', SYSTEM, false, 'FUNDING_VERIFIED'],
    ['CREATED', 'OFFER_ACCEPTED', BORROWER, false, 'OFFER_ACCEPTED'],
    ['CREATED', 'OFFER_ACCEPTED', BORROWER, true, 'REFI_OFFER_SELECTED'],
    ['OFFER_ACCEPTED', 'SIGN_DOCS', BORROWER, true, 'REFI_CONFIRMED'],
    // No rule leads there: the trail does not invent one.
    ['CREATED', 'COMPLETE', SYSTEM, false, null],
  ])('%s → %s by %s (refinancing %s): %s', (from, to, actor, isCelsiusRefi, expected) => {
    expect(auditEventName(from, to, { actor, isCelsiusRefi })).toBe(expected);
  });
});
