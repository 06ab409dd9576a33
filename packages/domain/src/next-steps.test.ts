import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STATES,
  FINAL_STEP_NAMES,
  FINAL_STEP_STATUSES,
  type TApplicationState,
  type TFinalStepName,
  type TFinalStepStatus,
} from './enums.js';
import {
  canContinueFinalSteps,
  finalStepButton,
  finalStepRoute,
  hasFinalSteps,
  identityFundingPrompt,
  identityPageRoute,
  isFinalStepEnabled,
  markDisbursementDone,
  markIdentityUploaded,
  markLastDocumentSigned,
  nextStepsRedirect,
  overallFinalStepsStatus,
  routeAfterDetails,
  routeAfterLastSignature,
  showIdInReview,
  visibleFinalSteps,
  type TFinalStepItem,
  type TIdentityFundingPrompt,
  type TNextStepsRedirect,
  type TRouteAfterDetails,
} from './next-steps.js';

const item = (name: TFinalStepName, status: TFinalStepStatus): TFinalStepItem => ({ name, status });

describe('nextStepsRedirect and routeAfterDetails', () => {
  /** Per state: where /next-steps sends the borrower, and where the details page goes. */
  const expected: Record<
    TApplicationState,
    readonly [TNextStepsRedirect | null, TRouteAfterDetails | null]
  > = {
    CREATED: ['details', null],
    OFFER_ACCEPTED: ['details', null],
    ATTACH_PROFILE: [null, null],
    SOFT_CREDIT: [null, null],
    GEN_APP_DISCLOSURES: [null, null],
    SIGN_DOCS: [null, 'next-steps'],
    WAITING_FOR_COLLATERAL: [null, 'next-steps'],
    CRYPTO_FUNDING_VERIFY: ['complete', 'complete'],
    BORROWER_MICRO_DEPOSIT_CONFIRM: ['complete', 'complete'],
    MANUAL_FUNDING_RELEASE: ['complete', 'complete'],
    COMPLETE: ['complete', 'complete'],
    PAID_OFF: ['dashboard', 'dashboard'],
    COLLATERAL_RELEASED: ['dashboard', 'dashboard'],
    DECLINED: ['decline', 'decline'],
    CANCELLED: ['dashboard', 'dashboard'],
    SOFT_CREDIT_NO_MATCH: ['credit-no-match', 'credit-no-match'],
    SOFT_CREDIT_LOCKED: ['credit-locked', 'credit-locked'],
    SOFT_CREDIT_FROZEN: ['credit-frozen', 'credit-frozen'],
    CELSIUS_TOP_UP_REQUESTED: ['dashboard', 'dashboard'],
    CELSIUS_WAITING_FOR_TOP_UP: ['dashboard', 'dashboard'],
    CELSIUS_FULL_COLLATERAL_RECEIVED: ['dashboard', 'dashboard'],
    RENEWED: ['dashboard', 'dashboard'],
  };
  it.each(APPLICATION_STATES.map((state) => [state, ...expected[state]] as const))(
    '%s → next steps %s, after details %s',
    (state, redirect, route) => {
      expect(nextStepsRedirect(state)).toBe(redirect);
      expect(routeAfterDetails(state)).toBe(route);
    },
  );
});

describe('isFinalStepEnabled', () => {
  const cases: readonly (readonly [TFinalStepName, TApplicationState, boolean])[] = [
    ['Review Agreements', 'SIGN_DOCS', true],
    ['Review Agreements', 'WAITING_FOR_COLLATERAL', false],
    ['Review Agreements', 'GEN_APP_DISCLOSURES', false],
    ['Post Collateral', 'WAITING_FOR_COLLATERAL', true],
    ['Post Collateral', 'SIGN_DOCS', false],
    ['Post Collateral', 'CRYPTO_FUNDING_VERIFY', false],
    ['Verify Identity', 'SIGN_DOCS', true],
    ['Verify Identity', 'WAITING_FOR_COLLATERAL', true],
    ['Disbursement Account', 'SIGN_DOCS', true],
    ['Disbursement Account', 'WAITING_FOR_COLLATERAL', true],
  ];
  it.each(cases)('%s in %s: %s', (name, state, enabled) => {
    expect(isFinalStepEnabled(name, state)).toBe(enabled);
  });
});

describe('visibleFinalSteps', () => {
  const items = [
    item('Verify Identity', 'NOT_REQUIRED'),
    item('Review Agreements', 'NOT_STARTED'),
    item('Disbursement Account', 'IN_PROGRESS'),
    item('Post Collateral', 'NOT_STARTED'),
  ];
  it.each([
    [false, ['Review Agreements', 'Disbursement Account', 'Post Collateral']],
    [true, ['Review Agreements', 'Post Collateral']],
  ] as const)('renewal %s shows %o', (isRenewal, names) => {
    expect(visibleFinalSteps(items, { isRenewal }).map((step) => step.name)).toEqual(names);
  });

  it('hides a NOT_REQUIRED disbursement row too', () => {
    expect(
      visibleFinalSteps([item('Disbursement Account', 'NOT_REQUIRED')], { isRenewal: false }),
    ).toEqual([]);
  });
});

describe('finalStepButton', () => {
  const cases: readonly (readonly [
    TFinalStepName,
    TFinalStepStatus,
    boolean,
    ReturnType<typeof finalStepButton>,
  ])[] = [
    ['Verify Identity', 'COMPLETED', true, { kind: 'complete-badge' }],
    ['Review Agreements', 'COMPLETED', false, { kind: 'complete-badge' }],
    ['Verify Identity', 'NOT_REQUIRED', true, { kind: 'complete-badge' }],
    ['Verify Identity', 'NOT_STARTED', true, { kind: 'button', label: 'Start', disabled: false }],
    ['Post Collateral', 'NOT_STARTED', false, { kind: 'button', label: 'Start', disabled: true }],
    ['Review Agreements', 'IN_PROGRESS', false, { kind: 'button', label: 'Start', disabled: true }],
    [
      'Review Agreements',
      'IN_PROGRESS',
      true,
      { kind: 'button', label: 'Continue', disabled: false },
    ],
    ['Review Agreements', 'PENDING', true, { kind: 'button', label: 'Processing', disabled: true }],
    [
      'Verify Identity',
      'IN_PROGRESS',
      true,
      { kind: 'button', label: 'Processing', disabled: true },
    ],
    ['Verify Identity', 'PENDING', true, { kind: 'button', label: 'Processing', disabled: true }],
    [
      'Disbursement Account',
      'IN_PROGRESS',
      true,
      { kind: 'button', label: 'Processing', disabled: true },
    ],
    ['Post Collateral', 'PENDING', true, { kind: 'button', label: 'Processing', disabled: true }],
  ];
  it.each(cases)('%s %s enabled=%s', (name, status, enabled, button) => {
    expect(finalStepButton({ name, status, enabled })).toEqual(button);
  });
});

describe('showIdInReview', () => {
  it.each(
    FINAL_STEP_STATUSES.map(
      (status) => [status, status === 'PENDING' || status === 'IN_PROGRESS'] as const,
    ),
  )('Verify Identity %s: %s', (status, expected) => {
    expect(
      showIdInReview([item('Review Agreements', 'NOT_STARTED'), item('Verify Identity', status)]),
    ).toBe(expected);
  });

  it('ignores other rows in review', () => {
    expect(showIdInReview([item('Disbursement Account', 'PENDING')])).toBe(false);
  });
});

describe('canContinueFinalSteps', () => {
  it.each(FINAL_STEP_STATUSES.map((status) => [status, status === 'COMPLETED'] as const))(
    '%s: %s',
    (status, expected) => {
      expect(canContinueFinalSteps(status)).toBe(expected);
    },
  );
});

describe('overallFinalStepsStatus', () => {
  const cases: readonly (readonly [TFinalStepItem[], boolean, TFinalStepStatus])[] = [
    [
      [item('Verify Identity', 'NOT_STARTED'), item('Review Agreements', 'NOT_STARTED')],
      false,
      'NOT_STARTED',
    ],
    [
      [item('Verify Identity', 'NOT_REQUIRED'), item('Review Agreements', 'NOT_STARTED')],
      false,
      'NOT_STARTED',
    ],
    [
      [item('Verify Identity', 'PENDING'), item('Review Agreements', 'NOT_STARTED')],
      false,
      'IN_PROGRESS',
    ],
    [
      [item('Verify Identity', 'COMPLETED'), item('Review Agreements', 'NOT_STARTED')],
      false,
      'IN_PROGRESS',
    ],
    [
      [item('Verify Identity', 'COMPLETED'), item('Review Agreements', 'COMPLETED')],
      false,
      'COMPLETED',
    ],
    [
      [item('Verify Identity', 'NOT_REQUIRED'), item('Review Agreements', 'COMPLETED')],
      false,
      'COMPLETED',
    ],
    [
      [item('Review Agreements', 'COMPLETED'), item('Disbursement Account', 'NOT_STARTED')],
      false,
      'IN_PROGRESS',
    ],
    [
      [item('Review Agreements', 'COMPLETED'), item('Disbursement Account', 'NOT_STARTED')],
      true,
      'COMPLETED',
    ],
    [[], false, 'COMPLETED'],
  ];
  it.each(cases)('%o (renewal %s) → %s', (items, isRenewal, expected) => {
    expect(overallFinalStepsStatus(items, { isRenewal })).toBe(expected);
  });

  it('defaults to a new loan', () => {
    expect(
      overallFinalStepsStatus([
        item('Review Agreements', 'COMPLETED'),
        item('Disbursement Account', 'NOT_STARTED'),
      ]),
    ).toBe('IN_PROGRESS');
  });
});

describe('finalStepRoute', () => {
  const cases: readonly (readonly [TFinalStepName, boolean, string])[] = [
    ['Verify Identity', false, 'identity'],
    ['Review Agreements', false, 'disclosures'],
    ['Disbursement Account', false, 'disbursement'],
    ['Disbursement Account', true, 'usdc-disbursement'],
    ['Post Collateral', true, 'collateral'],
    ['Verify Identity', true, 'identity'],
  ];
  it.each(cases)('%s (international %s) → %s', (name, isInternational, route) => {
    expect(finalStepRoute(name, { isInternational })).toBe(route);
  });

  it('defaults to a domestic borrower', () => {
    expect(finalStepRoute('Disbursement Account')).toBe('disbursement');
  });

  it('covers every row', () => {
    for (const name of FINAL_STEP_NAMES) expect(finalStepRoute(name)).toBeTruthy();
  });
});

describe('routeAfterLastSignature', () => {
  it.each([
    [false, false, 'next-steps'],
    [false, true, 'next-steps'],
    [true, true, 'collateral'],
    [true, false, 'complete'],
  ] as const)('renewal %s, collateral due %s → %s', (isRenewal, collateralDue, route) => {
    expect(routeAfterLastSignature({ isRenewal, collateralDue })).toBe(route);
  });
});

describe('optimistic updates', () => {
  const steps = {
    applicationUuid: 'kept',
    overallStatus: 'IN_PROGRESS' as TFinalStepStatus,
    items: [
      item('Verify Identity', 'NOT_STARTED'),
      item('Review Agreements', 'IN_PROGRESS'),
      item('Disbursement Account', 'NOT_STARTED'),
      item('Post Collateral', 'NOT_STARTED'),
    ],
  };
  const statusOf = (value: typeof steps, name: TFinalStepName) =>
    value.items.find((step) => step.name === name)?.status;

  it.each([
    [markDisbursementDone, 'Disbursement Account', 'COMPLETED'],
    [markIdentityUploaded, 'Verify Identity', 'IN_PROGRESS'],
    [markLastDocumentSigned, 'Review Agreements', 'PENDING'],
  ] as const)('%o sets %s to %s and nothing else', (update, name, status) => {
    // The fixture starts elsewhere, so the update is what changes the row.
    expect(statusOf(steps, name)).not.toBe(status);
    const updated = update(steps);
    expect(statusOf(updated, name)).toBe(status);
    for (const other of steps.items.filter((step) => step.name !== name)) {
      expect(statusOf(updated, other.name)).toBe(other.status);
    }
    expect(updated.overallStatus).toBe('IN_PROGRESS');
    expect(updated.applicationUuid).toBe('kept');
  });

  it('never mutates its input', () => {
    const before = JSON.stringify(steps);
    markDisbursementDone(steps);
    markIdentityUploaded(steps);
    markLastDocumentSigned(steps);
    expect(JSON.stringify(steps)).toBe(before);
  });
});

describe('hasFinalSteps', () => {
  it.each(
    APPLICATION_STATES.map(
      (state) => [state, state === 'SIGN_DOCS' || state === 'WAITING_FOR_COLLATERAL'] as const,
    ),
  )('%s: %s', (state, expected) => {
    expect(hasFinalSteps(state)).toBe(expected);
  });
});

describe('identityPageRoute', () => {
  const CHECKLIST = { isOpen: true, returnTo: 'next-steps' } as const;
  const TRACKER = { isOpen: true, returnTo: 'complete' } as const;
  const expected: Partial<Record<TApplicationState, ReturnType<typeof identityPageRoute>>> = {
    SIGN_DOCS: CHECKLIST,
    WAITING_FOR_COLLATERAL: CHECKLIST,
    CRYPTO_FUNDING_VERIFY: TRACKER,
    BORROWER_MICRO_DEPOSIT_CONFIRM: TRACKER,
    MANUAL_FUNDING_RELEASE: TRACKER,
    // Closed: the final steps decide where the borrower goes.
    COMPLETE: { isOpen: false, returnTo: 'complete' },
  };
  it.each(
    APPLICATION_STATES.map(
      (state) => [state, expected[state] ?? { isOpen: false, returnTo: 'next-steps' }] as const,
    ),
  )('%s: %o', (state, route) => {
    expect(identityPageRoute(state)).toEqual(route);
  });
});

describe('identityFundingPrompt', () => {
  const WAITING_FOR_FUNDS: readonly TApplicationState[] = [
    'CRYPTO_FUNDING_VERIFY',
    'BORROWER_MICRO_DEPOSIT_CONFIRM',
    'MANUAL_FUNDING_RELEASE',
  ];
  const byStatus: Record<TFinalStepStatus, TIdentityFundingPrompt | null> = {
    NOT_STARTED: 'upload',
    IN_PROGRESS: 'in-review',
    PENDING: 'in-review',
    COMPLETED: null,
    NOT_REQUIRED: null,
  };
  it.each(
    APPLICATION_STATES.flatMap((state) =>
      [...FINAL_STEP_STATUSES, undefined].map(
        (status) =>
          [
            state,
            status,
            WAITING_FOR_FUNDS.includes(state) && status !== undefined ? byStatus[status] : null,
          ] as const,
      ),
    ),
  )('%s with Verify Identity %s: %s', (state, status, prompt) => {
    expect(identityFundingPrompt(state, status)).toBe(prompt);
  });
});
