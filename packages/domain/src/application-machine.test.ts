import { describe, expect, it } from 'vitest';
import { APPLICATION_STATES, STAGES, type TApplicationState, type TStage } from './enums.js';
import {
  APPLICATION_EVENTS,
  REFI_SUBMITTED_STATES,
  REFI_TOP_UP_STATES,
  TERMINAL_STATES,
  TRANSITIONAL_STATES,
  TRANSITIONS,
  canTransition,
  eventsAllowedIn,
  isRefiPreselectable,
  isRefiSubmitted,
  isTerminal,
  isTransitional,
  isWithinCreditRetryWindow,
  nextStateOrThrow,
  refiStateAfterConfirmation,
  refiSubmitLabel,
  sortRefiLoans,
  stageOf,
  transition,
  type TApplicationEvent,
  type TTransitionContext,
} from './application-machine.js';
import { isDomainError } from './errors.js';

describe('stageOf', () => {
  /** The states of each stage, as the tracker and the console group them. */
  const statesByStage: Record<TStage, readonly TApplicationState[]> = {
    UNINITIALIZED_STATE: ['CREATED', 'OFFER_ACCEPTED'],
    APPLYING: [
      'ATTACH_PROFILE',
      'SOFT_CREDIT',
      'GEN_APP_DISCLOSURES',
      'SOFT_CREDIT_NO_MATCH',
      'SOFT_CREDIT_LOCKED',
      'SOFT_CREDIT_FROZEN',
      'DECLINED',
    ],
    PROCESSING: [
      'SIGN_DOCS',
      'WAITING_FOR_COLLATERAL',
      'CELSIUS_TOP_UP_REQUESTED',
      'CELSIUS_WAITING_FOR_TOP_UP',
      'CELSIUS_FULL_COLLATERAL_RECEIVED',
    ],
    ORIGINATING: [
      'CRYPTO_FUNDING_VERIFY',
      'BORROWER_MICRO_DEPOSIT_CONFIRM',
      'MANUAL_FUNDING_RELEASE',
    ],
    COLLATERAL_RELEASE: ['PAID_OFF'],
    FINAL: ['COMPLETE', 'COLLATERAL_RELEASED', 'CANCELLED', 'RENEWED'],
  };
  const cases = Object.entries(statesByStage).flatMap(([stage, states]) =>
    states.map((state) => [state, stage] as const),
  );

  it('names every state once', () => {
    expect(cases.map(([state]) => state).sort()).toEqual([...APPLICATION_STATES].sort());
  });

  it.each(cases)('%s is in stage %s', (state, stage) => {
    expect(stageOf(state)).toBe(stage);
  });

  it('uses only known stages', () => {
    for (const state of APPLICATION_STATES) expect(STAGES).toContain(stageOf(state));
  });
});

type TTransitionCase = readonly [
  TApplicationState,
  TApplicationEvent,
  TTransitionContext,
  TApplicationState,
];

describe('transition: allowed moves', () => {
  const cases: readonly TTransitionCase[] = [
    ['CREATED', 'OFFER_ACCEPTED', {}, 'OFFER_ACCEPTED'],
    ['OFFER_ACCEPTED', 'OFFER_ACCEPTED', {}, 'OFFER_ACCEPTED'],
    ['OFFER_ACCEPTED', 'DETAILS_SUBMITTED', {}, 'ATTACH_PROFILE'],
    ['ATTACH_PROFILE', 'PROFILE_ATTACHED', {}, 'SOFT_CREDIT'],
    ['SOFT_CREDIT', 'CREDIT_APPROVED', {}, 'GEN_APP_DISCLOSURES'],
    ['SOFT_CREDIT', 'CREDIT_NO_MATCH', {}, 'SOFT_CREDIT_NO_MATCH'],
    ['SOFT_CREDIT', 'CREDIT_LOCKED', {}, 'SOFT_CREDIT_LOCKED'],
    ['SOFT_CREDIT', 'CREDIT_FROZEN', {}, 'SOFT_CREDIT_FROZEN'],
    ['SOFT_CREDIT', 'CREDIT_DECLINED', {}, 'DECLINED'],
    ['SOFT_CREDIT_NO_MATCH', 'CREDIT_RETRY', { withinCreditRetryWindow: true }, 'SOFT_CREDIT'],
    ['SOFT_CREDIT_LOCKED', 'CREDIT_RETRY', { withinCreditRetryWindow: true }, 'SOFT_CREDIT'],
    ['SOFT_CREDIT_FROZEN', 'CREDIT_RETRY', { withinCreditRetryWindow: true }, 'SOFT_CREDIT'],
    ['GEN_APP_DISCLOSURES', 'DISCLOSURES_GENERATED', {}, 'SIGN_DOCS'],
    ['SIGN_DOCS', 'ALL_DOCUMENTS_SIGNED', {}, 'WAITING_FOR_COLLATERAL'],
    ['WAITING_FOR_COLLATERAL', 'COLLATERAL_FUNDED', {}, 'CRYPTO_FUNDING_VERIFY'],
    ['WAITING_FOR_COLLATERAL', 'UNFUNDED_TIMEOUT', {}, 'CANCELLED'],
    ['CRYPTO_FUNDING_VERIFY', 'FUNDING_VERIFIED', {}, 'MANUAL_FUNDING_RELEASE'],
    [
      'CRYPTO_FUNDING_VERIFY',
      'FUNDING_VERIFIED',
      { isInternational: false },
      'MANUAL_FUNDING_RELEASE',
    ],
    [
      'CRYPTO_FUNDING_VERIFY',
      'FUNDING_VERIFIED',
      { isInternational: true },
      'BORROWER_MICRO_DEPOSIT_CONFIRM',
    ],
    ['BORROWER_MICRO_DEPOSIT_CONFIRM', 'MICRO_DEPOSIT_CONFIRMED', {}, 'MANUAL_FUNDING_RELEASE'],
    ['MANUAL_FUNDING_RELEASE', 'FUNDS_RELEASED', {}, 'COMPLETE'],
    ['COMPLETE', 'PAID_OFF', {}, 'PAID_OFF'],
    ['PAID_OFF', 'COLLATERAL_RELEASED', {}, 'COLLATERAL_RELEASED'],
    ['PAID_OFF', 'PAYOFF_RETURNED', {}, 'COMPLETE'],
    ['CREATED', 'REFI_OFFER_SELECTED', {}, 'OFFER_ACCEPTED'],
    ['OFFER_ACCEPTED', 'REFI_OFFER_SELECTED', {}, 'OFFER_ACCEPTED'],
    ['OFFER_ACCEPTED', 'REFI_REPRICED', { isCelsiusRefi: true }, 'CREATED'],
    ['CREATED', 'REFI_REPRICED', { isCelsiusRefi: true }, 'CREATED'],
    // Re-priced at the last signature: back to the offers.
    ['SIGN_DOCS', 'REFI_REPRICED', { isCelsiusRefi: true }, 'CREATED'],
    ['CELSIUS_FULL_COLLATERAL_RECEIVED', 'REFI_REPRICED', { isCelsiusRefi: true }, 'CREATED'],
    ['OFFER_ACCEPTED', 'REFI_CONFIRMED', {}, 'SIGN_DOCS'],
    ['OFFER_ACCEPTED', 'REFI_CONFIRMED', { topUpRequired: true }, 'CELSIUS_TOP_UP_REQUESTED'],
    ['CELSIUS_TOP_UP_REQUESTED', 'TOP_UP_CONFIRMED', {}, 'CELSIUS_WAITING_FOR_TOP_UP'],
    ['CELSIUS_WAITING_FOR_TOP_UP', 'TOP_UP_RECEIVED', {}, 'CELSIUS_FULL_COLLATERAL_RECEIVED'],
    ['CELSIUS_FULL_COLLATERAL_RECEIVED', 'ALL_DOCUMENTS_SIGNED', {}, 'WAITING_FOR_COLLATERAL'],
    ['SIGN_DOCS', 'AGENT_CANCEL', {}, 'CANCELLED'],
    ['MANUAL_FUNDING_RELEASE', 'AGENT_DECLINE', {}, 'DECLINED'],
  ];

  it.each(cases)('%s --%s %o--> %s', (from, event, ctx, to) => {
    expect(transition(from, event, ctx)).toEqual({ ok: true, to });
    expect(canTransition(from, event, ctx)).toBe(true);
    expect(nextStateOrThrow(from, event, ctx)).toBe(to);
  });
});

describe('transition: refused moves', () => {
  const cases: readonly (readonly [TApplicationState, TApplicationEvent, TTransitionContext])[] = [
    ['CREATED', 'DETAILS_SUBMITTED', {}],
    ['SIGN_DOCS', 'COLLATERAL_FUNDED', {}],
    ['WAITING_FOR_COLLATERAL', 'FUNDS_RELEASED', {}],
    ['COMPLETE', 'AGENT_CANCEL', {}],
    ['COMPLETE', 'AGENT_DECLINE', {}],
    ['CREATED', 'AGENT_DECLINE', {}],
    ['OFFER_ACCEPTED', 'AGENT_DECLINE', {}],
    ['DECLINED', 'AGENT_DECLINE', {}],
    ['CANCELLED', 'AGENT_CANCEL', {}],
    ['SIGN_DOCS', 'UNFUNDED_TIMEOUT', {}],
    ['SOFT_CREDIT_LOCKED', 'CREDIT_RETRY', {}],
    ['SOFT_CREDIT_LOCKED', 'CREDIT_RETRY', { withinCreditRetryWindow: false }],
    ['DECLINED', 'CREDIT_RETRY', { withinCreditRetryWindow: true }],
    ['CELSIUS_TOP_UP_REQUESTED', 'ALL_DOCUMENTS_SIGNED', {}],
    ['WAITING_FOR_COLLATERAL', 'REFI_OFFER_SELECTED', {}],
    // A new loan is never re-priced so, and a refinancing waiting for its top-up or signed is
    // locked.
    ['OFFER_ACCEPTED', 'REFI_REPRICED', {}],
    ['SIGN_DOCS', 'REFI_REPRICED', {}],
    ['CELSIUS_WAITING_FOR_TOP_UP', 'REFI_REPRICED', { isCelsiusRefi: true }],
    ['WAITING_FOR_COLLATERAL', 'REFI_REPRICED', { isCelsiusRefi: true }],
    ['PAID_OFF', 'PAID_OFF', {}],
  ];

  it.each(cases)('%s --%s %o--> refused', (from, event, ctx) => {
    const result = transition(from, event, ctx);
    expect(result.ok).toBe(false);
    expect(canTransition(from, event, ctx)).toBe(false);
    expect(() => nextStateOrThrow(from, event, ctx)).toThrow();
  });

  it('explains the refusal and throws a DomainError with a stable code', () => {
    expect(transition('CREATED', 'FUNDS_RELEASED')).toEqual({
      ok: false,
      reason: 'FUNDS_RELEASED is not allowed in state CREATED',
    });
    expect(transition('SOFT_CREDIT_FROZEN', 'CREDIT_RETRY')).toEqual({
      ok: false,
      reason: 'CREDIT_RETRY in state SOFT_CREDIT_FROZEN requires withinCreditRetryWindow',
    });
    try {
      nextStateOrThrow('CREATED', 'FUNDS_RELEASED');
      expect.unreachable();
    } catch (error) {
      expect(isDomainError(error) && error.code).toBe('INVALID_STATE_TRANSITION');
    }
  });
});

describe('TRANSITIONS table', () => {
  it('holds each (state, event) pair at most once', () => {
    const seen = new Set<string>();
    for (const rule of TRANSITIONS) {
      for (const from of rule.from) {
        const key = `${from}:${rule.event}`;
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
      }
    }
  });

  it('lets nothing leave a terminal state', () => {
    for (const state of TERMINAL_STATES) expect(eventsAllowedIn(state)).toEqual([]);
  });

  it('lets an agent cancel every non-terminal state before an active loan, and only those', () => {
    const preComplete = APPLICATION_STATES.filter(
      (state) => !isTerminal(state) && !['COMPLETE', 'PAID_OFF'].includes(state),
    );
    for (const state of APPLICATION_STATES) {
      expect(canTransition(state, 'AGENT_CANCEL'), state).toBe(preComplete.includes(state));
    }
  });

  it('lets an agent decline the non-terminal APPLYING, PROCESSING and ORIGINATING states only', () => {
    for (const state of APPLICATION_STATES) {
      const declinable =
        ['APPLYING', 'PROCESSING', 'ORIGINATING'].includes(stageOf(state)) && !isTerminal(state);
      expect(canTransition(state, 'AGENT_DECLINE'), state).toBe(declinable);
    }
  });

  it('reaches every state from CREATED', () => {
    const contexts: TTransitionContext[] = [
      {},
      { isInternational: true, topUpRequired: true, withinCreditRetryWindow: true },
      { isRollForward: true, renewalCompleted: true },
    ];
    const reached = new Set<TApplicationState>(['CREATED']);
    const queue: TApplicationState[] = ['CREATED'];
    while (queue.length > 0) {
      const state = queue.shift() as TApplicationState;
      for (const event of APPLICATION_EVENTS) {
        for (const ctx of contexts) {
          const result = transition(state, event, ctx);
          if (result.ok && !reached.has(result.to)) {
            reached.add(result.to);
            queue.push(result.to);
          }
        }
      }
    }
    expect([...reached].sort()).toEqual([...APPLICATION_STATES].sort());
  });

  it('lists the allowed events of a state', () => {
    expect(eventsAllowedIn('SOFT_CREDIT')).toEqual([
      'CREDIT_APPROVED',
      'CREDIT_NO_MATCH',
      'CREDIT_LOCKED',
      'CREDIT_FROZEN',
      'CREDIT_DECLINED',
      'AGENT_CANCEL',
      'AGENT_DECLINE',
    ]);
  });
});

describe('isTerminal / isTransitional', () => {
  it.each(APPLICATION_STATES.map((state) => [state] as const))('%s', (state) => {
    expect(isTerminal(state)).toBe(
      ['DECLINED', 'CANCELLED', 'COLLATERAL_RELEASED', 'RENEWED'].includes(state),
    );
    expect(isTransitional(state)).toBe(
      ['ATTACH_PROFILE', 'GEN_APP_DISCLOSURES', 'SOFT_CREDIT'].includes(state),
    );
  });

  it('exports the transitional states polled after a step', () => {
    expect(TRANSITIONAL_STATES).toEqual(['ATTACH_PROFILE', 'GEN_APP_DISCLOSURES', 'SOFT_CREDIT']);
  });
});

describe('refinancing rules', () => {
  it('counts the submitted states of document 2 §4', () => {
    expect([...REFI_SUBMITTED_STATES].sort()).toEqual(
      [
        'WAITING_FOR_COLLATERAL',
        'CELSIUS_WAITING_FOR_TOP_UP',
        'CELSIUS_TOP_UP_REQUESTED',
        'CELSIUS_FULL_COLLATERAL_RECEIVED',
        'COMPLETE',
      ].sort(),
    );
    for (const state of APPLICATION_STATES) {
      expect(isRefiSubmitted(state), state).toBe(REFI_SUBMITTED_STATES.includes(state));
    }
    expect(isRefiSubmitted('SIGN_DOCS')).toBe(false);
    expect(isRefiSubmitted('OFFER_ACCEPTED')).toBe(false);
  });

  it.each([
    ['CELSIUS_TOP_UP_REQUESTED', true, 'Deposit Required Collateral'],
    ['CELSIUS_WAITING_FOR_TOP_UP', true, 'Deposit Required Collateral'],
    ['OFFER_ACCEPTED', true, 'View Top Up Estimate'],
    ['CELSIUS_FULL_COLLATERAL_RECEIVED', true, 'View Top Up Estimate'],
    ['CREATED', true, 'View Top Up Estimate'],
    ['CELSIUS_TOP_UP_REQUESTED', false, 'Review Loan Agreement'],
    ['OFFER_ACCEPTED', false, 'Review Loan Agreement'],
    ['SIGN_DOCS', false, 'Review Loan Agreement'],
  ] as const)(
    'submit label in %s with top-up required %s is %s',
    (state, celsiusTopUpRequired, label) => {
      expect(refiSubmitLabel({ state, celsiusTopUpRequired })).toBe(label);
    },
  );

  it.each(
    STAGES.map(
      (stage) => [stage, stage === 'UNINITIALIZED_STATE' || stage === 'APPLYING'] as const,
    ),
  )('preselects an application in stage %s: %s', (stage, expected) => {
    expect(isRefiPreselectable(stage)).toBe(expected);
  });

  it.each([
    ['OFFER_ACCEPTED', 'SIGN_DOCS'],
    ['CREATED', 'SIGN_DOCS'],
    ['SIGN_DOCS', 'SIGN_DOCS'],
    ['CELSIUS_TOP_UP_REQUESTED', 'CELSIUS_TOP_UP_REQUESTED'],
    ['CELSIUS_WAITING_FOR_TOP_UP', 'CELSIUS_WAITING_FOR_TOP_UP'],
    ['CELSIUS_FULL_COLLATERAL_RECEIVED', 'CELSIUS_FULL_COLLATERAL_RECEIVED'],
  ] as const)('after confirmation %s becomes %s', (state, expected) => {
    expect(refiStateAfterConfirmation(state)).toBe(expected);
  });

  it('keeps the top-up states together', () => {
    expect(REFI_TOP_UP_STATES).toEqual([
      'CELSIUS_TOP_UP_REQUESTED',
      'CELSIUS_WAITING_FOR_TOP_UP',
      'CELSIUS_FULL_COLLATERAL_RECEIVED',
    ]);
  });

  it('sorts ETH loans before BTC loans, keeping their order (stable)', () => {
    const loan = (id: string, type: 'BTC' | 'ETH' | 'SOL' | null, where: 'selected' | 'offers') =>
      where === 'selected'
        ? { id, selectedOffer: type === null ? null : { collateral: { type } }, offers: [] }
        : { id, selectedOffer: null, offers: type === null ? [] : [{ collateral: { type } }] };
    const apps = [
      loan('btc-1', 'BTC', 'selected'),
      loan('none', null, 'offers'),
      loan('eth-1', 'ETH', 'offers'),
      loan('btc-2', 'BTC', 'offers'),
      loan('sol', 'SOL', 'selected'),
      loan('eth-2', 'ETH', 'selected'),
    ];
    expect(sortRefiLoans(apps).map((app) => app.id)).toEqual([
      'eth-1',
      'eth-2',
      'btc-1',
      'btc-2',
      'none',
      'sol',
    ]);
    expect(apps[0]?.id).toBe('btc-1');
  });
});

describe('isWithinCreditRetryWindow', () => {
  const submitted = '2025-01-01T00:00:00.000Z';
  it.each([
    ['the same day', '2025-01-01T10:00:00.000Z', true],
    ['29 days later', '2025-01-30T00:00:00.000Z', true],
    ['exactly 30 days later', '2025-01-31T00:00:00.000Z', true],
    ['30 days and 1 ms later', '2025-01-31T00:00:00.001Z', false],
    ['before the submission (clock skew)', '2024-12-31T23:59:59.000Z', false],
  ] as const)('%s: %s', (_label, now, expected) => {
    expect(isWithinCreditRetryWindow({ detailsSubmittedAt: submitted, now })).toBe(expected);
    expect(
      isWithinCreditRetryWindow({ detailsSubmittedAt: new Date(submitted), now: new Date(now) }),
    ).toBe(expected);
  });
});

describe('a renewal that ends unfinished (issue 34, finding 7)', () => {
  it.each<[TApplicationState, boolean]>([
    ['CREATED', true],
    ['OFFER_ACCEPTED', true],
    ['GEN_APP_DISCLOSURES', true],
    ['SIGN_DOCS', true],
    ['WAITING_FOR_COLLATERAL', false],
    ['COMPLETE', false],
    ['CANCELLED', false],
  ])('from %s, RENEWAL_ENDED is allowed: %s', (from, allowed) => {
    expect(transition(from, 'RENEWAL_ENDED', { isRollForward: true }).ok).toBe(allowed);
    // Only a renewal ends this way.
    expect(transition(from, 'RENEWAL_ENDED').ok).toBe(false);
  });
});
