import { describe, expect, it } from 'vitest';
import { SERVICING_PAYMENT_MESSAGES } from '@pledge/contract';
import { NUMERIC_INPUT_MESSAGES, type TLoanStatusName } from '@pledge/domain';
import {
  checkPaymentAmount,
  loanActions,
  paymentDescription,
  paymentFieldText,
  suggestedPaymentCents,
} from './loan-view.js';
import { NOTHING_DUE, servicingLoan } from './loan-test-data.js';

const WITH_BANK = servicingLoan().paymentOptions;

describe('loanActions', () => {
  const NEXT = {
    dueDate: '2025-02-24',
    amountCents: 15_036,
    pastDueCents: 0,
    pastDueSince: null,
    daysPastDue: 0,
  };
  it.each<[TLoanStatusName, boolean, boolean, boolean, boolean, boolean]>([
    // status,        pay,   defer, autopay, payoff, release
    ['ACTIVE', true, true, true, true, false],
    ['MARGIN_CALL', true, true, true, true, false],
    ['MATURED', true, false, false, true, false],
    ['PAID_OFF', false, false, false, false, true],
    ['LIQUIDATED', false, false, false, false, false],
    ['RENEWED', false, false, false, false, false],
  ])('%s: pay %s, defer %s, autopay %s, pay off %s, release %s', (status, ...expected) => {
    const actions = loanActions({ status, nextPayment: NEXT, paymentOptions: WITH_BANK });
    expect([
      actions.canPay,
      actions.canDefer,
      actions.canSetAutopay,
      actions.canPayOff,
      actions.canReleaseCollateral,
    ]).toEqual(expected);
  });

  it('offers no deferral when nothing is scheduled', () => {
    expect(
      loanActions({ status: 'ACTIVE', nextPayment: null, paymentOptions: WITH_BANK }).canDefer,
    ).toBe(false);
  });

  it('offers no ACH payment and no autopay on a loan without a bank account: a wire instead', () => {
    const actions = loanActions({
      status: 'ACTIVE',
      nextPayment: NEXT,
      paymentOptions: { ...WITH_BANK, canPayByAch: false, canUseAutopay: false },
    });
    expect(actions).toMatchObject({
      isOpen: true,
      canPay: false,
      canSetAutopay: false,
      canPayByWire: true,
      canPayOff: true,
    });
  });

  it('offers no wire once the loan is closed, or when the lender gave no account', () => {
    expect(
      loanActions({ status: 'PAID_OFF', nextPayment: null, paymentOptions: WITH_BANK })
        .canPayByWire,
    ).toBe(false);
    expect(
      loanActions({
        status: 'ACTIVE',
        nextPayment: NEXT,
        paymentOptions: { ...WITH_BANK, wire: null },
      }).canPayByWire,
    ).toBe(false);
  });
});

describe('checkPaymentAmount', () => {
  const BALANCE = 2_035_036;
  it.each([
    ['150.36', 15_036],
    ['$1,500', 150_000],
    [' 20,350.36 ', BALANCE],
    ['0.01', 1],
  ])('takes %j as %i cents', (text, cents) => {
    expect(checkPaymentAmount(text, BALANCE)).toEqual({ cents, error: null });
  });

  it.each([
    ['', SERVICING_PAYMENT_MESSAGES.amount],
    ['0', SERVICING_PAYMENT_MESSAGES.amount],
    ['abc', SERVICING_PAYMENT_MESSAGES.amount],
    // Never paid as $1.23 (or $100.55 for 100.555): more than cents is refused, with the rule's words.
    ['1.234', NUMERIC_INPUT_MESSAGES.tooManyDecimals(2)],
    ['$100.555', NUMERIC_INPUT_MESSAGES.tooManyDecimals(2)],
    ['1,000.5555', NUMERIC_INPUT_MESSAGES.tooManyDecimals(2)],
    ['-5', SERVICING_PAYMENT_MESSAGES.amount],
    ['20350.37', SERVICING_PAYMENT_MESSAGES.tooLarge],
  ])('refuses %j: %s', (text, error) => {
    expect(checkPaymentAmount(text, BALANCE)).toEqual({ cents: null, error });
  });
});

describe('suggestedPaymentCents', () => {
  it('offers the next payment of an active loan', () => {
    expect(suggestedPaymentCents(servicingLoan())).toBe(15_036);
  });

  it('offers the whole amount due of a matured loan', () => {
    const loan = servicingLoan({ status: 'MATURED', nextPayment: null });
    expect(suggestedPaymentCents(loan)).toBe(loan.maturity.amountDueCents);
  });

  it('offers nothing when nothing is due', () => {
    expect(suggestedPaymentCents(servicingLoan({ nextPayment: null }))).toBeNull();
    expect(
      suggestedPaymentCents(
        servicingLoan({
          nextPayment: NOTHING_DUE,
        }),
      ),
    ).toBeNull();
  });
});

describe('paymentFieldText and paymentDescription', () => {
  it('writes cents as the field types them', () => {
    expect(paymentFieldText(15_036)).toBe('150.36');
    expect(paymentFieldText(100)).toBe('1.00');
    expect(paymentFieldText(null)).toBe('');
  });

  it('names a payment by purpose and method', () => {
    expect(paymentDescription({ purpose: 'PAYOFF', method: 'WIRE' })).toBe('Payoff · Wire');
    expect(paymentDescription({ purpose: 'PAYMENT', method: 'AUTOPAY' })).toBe(
      'Payment · Autopay (ACH)',
    );
  });
});
