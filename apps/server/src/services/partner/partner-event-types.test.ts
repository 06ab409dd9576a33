import { describe, expect, it } from 'vitest';
import { partnerEventsOfChange, type TOutboxChange } from './partner-event-types.js';

const newLoan = { isCelsiusRefi: false, isRollForward: false };
const refi = { isCelsiusRefi: true, isRollForward: false };

const app = (fromState: string | null, toState: string | null): TOutboxChange => ({
  entityType: 'application',
  fromState,
  toState,
});
const loan = (fromState: string | null, toState: string | null): TOutboxChange => ({
  entityType: 'servicing-loan',
  fromState,
  toState,
});

describe('partnerEventsOfChange', () => {
  it.each([
    [app(null, 'CREATED'), newLoan, ['application.created']],
    [app(null, null), newLoan, []],
    [app('SIGN_DOCS', 'SIGN_DOCS'), newLoan, []],
    [
      app('CREATED', 'OFFER_ACCEPTED'),
      newLoan,
      ['application.state_changed', 'application.offer_accepted'],
    ],
    [app('OFFER_ACCEPTED', 'ATTACH_PROFILE'), newLoan, ['application.state_changed']],
    [
      app('SIGN_DOCS', 'WAITING_FOR_COLLATERAL'),
      newLoan,
      ['application.state_changed', 'application.documents_signed'],
    ],
    [
      app('WAITING_FOR_COLLATERAL', 'CRYPTO_FUNDING_VERIFY'),
      newLoan,
      ['application.state_changed', 'application.collateral_received'],
    ],
    [
      app('MANUAL_FUNDING_RELEASE', 'COMPLETE'),
      newLoan,
      ['application.state_changed', 'application.funds_released', 'loan.funded'],
    ],
    [
      app('CELSIUS_FULL_COLLATERAL_RECEIVED', 'COMPLETE'),
      refi,
      ['application.state_changed', 'loan.funded', 'refinancing.completed'],
    ],
    // A returned payoff opens the loan again: a state change, not a second funding.
    [app('PAID_OFF', 'COMPLETE'), newLoan, ['application.state_changed']],
    [app('COMPLETE', 'PAID_OFF'), newLoan, ['application.state_changed', 'loan.paid_off']],
    [
      app('PAID_OFF', 'COLLATERAL_RELEASED'),
      newLoan,
      ['application.state_changed', 'loan.collateral_released'],
    ],
    [app('COMPLETE', 'RENEWED'), newLoan, ['application.state_changed', 'loan.renewed']],
    [loan(null, 'INTEREST_DEFERRED'), newLoan, ['loan.deferral']],
    [loan('ACTIVE/NONE', 'ACTIVE/WARNING'), newLoan, ['loan.risk_level_changed']],
    [loan('ACTIVE/WARNING', 'ACTIVE/WARNING'), newLoan, []],
    [loan('MARGIN_CALL/MARGIN_CALL', 'ACTIVE/NONE'), newLoan, ['loan.risk_level_changed']],
    [loan('ACTIVE/MARGIN_CALL', 'ACTIVE/WARNING'), newLoan, []],
    [loan('MARGIN_CALL/MARGIN_CALL', 'MARGIN_CALL/LIQUIDATION'), newLoan, []],
    [loan('ACTIVE', 'ACTIVE'), newLoan, []],
    [
      { entityType: 'servicing-payment', fromState: 'PENDING', toState: 'SETTLED' },
      newLoan,
      ['loan.payment_received'],
    ],
    [
      { entityType: 'servicing-payment', fromState: null, toState: 'SETTLED' },
      newLoan,
      ['loan.payment_received'],
    ],
    [
      { entityType: 'servicing-payment', fromState: 'SETTLED', toState: 'RETURNED' },
      newLoan,
      ['loan.payment_returned'],
    ],
    [
      { entityType: 'servicing-payment', fromState: 'SETTLED', toState: 'REVERSED' },
      newLoan,
      ['loan.payment_returned'],
    ],
    [{ entityType: 'servicing-payment', fromState: null, toState: 'PENDING' }, newLoan, []],
    [
      { entityType: 'liquidation', fromState: 'OPEN', toState: 'FILLED' },
      newLoan,
      ['loan.liquidation_filled'],
    ],
    [{ entityType: 'liquidation', fromState: null, toState: 'OPEN' }, newLoan, []],
    [
      { entityType: 'servicing-statement', fromState: null, toState: 'ISSUED' },
      newLoan,
      ['loan.statement_issued'],
    ],
    [{ entityType: 'banner', fromState: null, toState: 'CREATED' }, newLoan, []],
  ])('%o (%o) → %o', (change, kind, types) => {
    expect(partnerEventsOfChange(change, kind).map((event) => event.type)).toEqual(types);
  });

  it.each([
    ['ACTIVE/NONE', 'ACTIVE/WARNING', 'WARNING'],
    ['ACTIVE/WARNING', 'ACTIVE/COURTESY_NOTICE', 'COURTESY_NOTICE'],
    ['ACTIVE/COURTESY_NOTICE', 'MARGIN_CALL/MARGIN_CALL', 'MARGIN_CALL'],
    ['MARGIN_CALL/MARGIN_CALL', 'ACTIVE/NONE', 'CURED'],
  ])('a risk step from %s to %s is told as %s', (fromState, toState, level) => {
    expect(partnerEventsOfChange(loan(fromState, toState), newLoan)).toEqual([
      { type: 'loan.risk_level_changed', riskLevel: level },
    ]);
  });
});
