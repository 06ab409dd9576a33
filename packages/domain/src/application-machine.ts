/**
 * The application's server-side state machine (DESIGN §5) and the refinancing state rules of
 * document 2 §4. The server owns every transition; it asks `transition` and never writes a state
 * this table does not allow.
 */
import {
  APPLICATION_STATES,
  type TApplicationState,
  type TCollateralType,
  type TStage,
} from './enums.js';
import { CREDIT_UNLOCKED_DAYS } from './constants/limits.js';
import { DomainError } from './errors.js';

const MS_PER_DAY = 24 * 60 * 60 * 1000;

/**
 * Stage of every state. Choices the specs leave open:
 * - CREATED and OFFER_ACCEPTED are UNINITIALIZED_STATE: the borrower is still on /start.
 * - SOFT_CREDIT_NO_MATCH / LOCKED / FROZEN and DECLINED stay in APPLYING: they are outcomes of the
 *   application step (a credit retry returns to SOFT_CREDIT in the same stage).
 * - SIGN_DOCS sits in PROCESSING, as DESIGN §5 lists it (the stage where identity and disbursement
 *   can be done), even though the disclosures are generated while APPLYING.
 * - The refinancing top-up states are PROCESSING: document 2 counts them as submitted loans.
 * - COMPLETE is FINAL (an active loan); PAID_OFF is COLLATERAL_RELEASE (the borrower gives a return
 *   address); COLLATERAL_RELEASED and CANCELLED are FINAL.
 */
const STAGE_BY_STATE: Readonly<Record<TApplicationState, TStage>> = {
  CREATED: 'UNINITIALIZED_STATE',
  OFFER_ACCEPTED: 'UNINITIALIZED_STATE',
  ATTACH_PROFILE: 'APPLYING',
  SOFT_CREDIT: 'APPLYING',
  GEN_APP_DISCLOSURES: 'APPLYING',
  SOFT_CREDIT_NO_MATCH: 'APPLYING',
  SOFT_CREDIT_LOCKED: 'APPLYING',
  SOFT_CREDIT_FROZEN: 'APPLYING',
  DECLINED: 'APPLYING',
  SIGN_DOCS: 'PROCESSING',
  WAITING_FOR_COLLATERAL: 'PROCESSING',
  CELSIUS_TOP_UP_REQUESTED: 'PROCESSING',
  CELSIUS_WAITING_FOR_TOP_UP: 'PROCESSING',
  CELSIUS_FULL_COLLATERAL_RECEIVED: 'PROCESSING',
  CRYPTO_FUNDING_VERIFY: 'ORIGINATING',
  BORROWER_MICRO_DEPOSIT_CONFIRM: 'ORIGINATING',
  MANUAL_FUNDING_RELEASE: 'ORIGINATING',
  COMPLETE: 'FINAL',
  PAID_OFF: 'COLLATERAL_RELEASE',
  COLLATERAL_RELEASED: 'FINAL',
  CANCELLED: 'FINAL',
  RENEWED: 'FINAL',
};

export function stageOf(state: TApplicationState): TStage {
  return STAGE_BY_STATE[state];
}

export const APPLICATION_EVENTS = [
  'OFFER_ACCEPTED',
  'DETAILS_SUBMITTED',
  'PROFILE_ATTACHED',
  'CREDIT_APPROVED',
  'CREDIT_NO_MATCH',
  'CREDIT_LOCKED',
  'CREDIT_FROZEN',
  'CREDIT_DECLINED',
  'CREDIT_RETRY',
  'DISCLOSURES_GENERATED',
  'ALL_DOCUMENTS_SIGNED',
  'COLLATERAL_FUNDED',
  'FUNDING_VERIFIED',
  'MICRO_DEPOSIT_CONFIRMED',
  'FUNDS_RELEASED',
  'PAID_OFF',
  'COLLATERAL_RELEASED',
  'PAYOFF_RETURNED',
  'UNFUNDED_TIMEOUT',
  'AGENT_CANCEL',
  'AGENT_DECLINE',
  'REFI_OFFER_SELECTED',
  'REFI_REPRICED',
  'REFI_CONFIRMED',
  'TOP_UP_CONFIRMED',
  'TOP_UP_RECEIVED',
  'RENEWAL_ACCEPTED',
  'RENEWAL_COMPLETED',
  'RENEWAL_ENDED',
  'LOAN_RENEWED',
  'REFI_COMPLETED',
  'REFI_EXPIRED',
] as const;
export type TApplicationEvent = (typeof APPLICATION_EVENTS)[number];

/** Facts the server knows about the application that decide a branch or allow a transition. */
export type TTransitionContext = {
  /** International borrowers confirm a USDC test transfer before funds are released. */
  readonly isInternational?: boolean;
  /** Refinancing: the legacy loan's LTV needs a collateral top-up (document 2 §9). */
  readonly topUpRequired?: boolean;
  /**
   * Credit retry: the borrower unlocked or unfroze their credit within CREDIT_UNLOCKED_DAYS of the
   * application. The server computes it; a retry without it is refused.
   */
  readonly withinCreditRetryWindow?: boolean;
  /** The application renews a funded loan (isRollForward): no credit check, no disbursement. */
  readonly isRollForward?: boolean;
  /** Renewal: the renewal of this funded loan has just completed (in the same transaction). */
  readonly renewalCompleted?: boolean;
  /** The application refinances a defunct lender's loans (isCelsiusRefi). */
  readonly isCelsiusRefi?: boolean;
};

type TContextFlag = keyof TTransitionContext;

/** A target state, or a branch on a context flag (missing flags count as false). */
export type TTransitionTarget =
  | TApplicationState
  | {
      readonly when: TContextFlag;
      readonly then: TApplicationState;
      readonly otherwise: TApplicationState;
    };

export type TTransitionRule = {
  readonly from: readonly TApplicationState[];
  readonly event: TApplicationEvent;
  readonly to: TTransitionTarget;
  /** The transition is allowed only when this context flag is true. */
  readonly requires?: TContextFlag;
};

/** The APPLYING, PROCESSING and ORIGINATING states, except DECLINED itself. */
const DECLINABLE_STATES: readonly TApplicationState[] = APPLICATION_STATES.filter(
  (state) =>
    state !== 'DECLINED' &&
    (stageOf(state) === 'APPLYING' ||
      stageOf(state) === 'PROCESSING' ||
      stageOf(state) === 'ORIGINATING'),
);

/** Every state before an active loan that is not already an end: an agent may cancel these. */
const CANCELLABLE_STATES: readonly TApplicationState[] = [
  'CREATED',
  'OFFER_ACCEPTED',
  ...DECLINABLE_STATES,
];

/**
 * The one transition table. A (state, event) pair appears at most once (a test checks it).
 *
 * Refinancing with a top-up signs its documents once the full collateral is in and goes straight to
 * WAITING_FOR_COLLATERAL, not back through SIGN_DOCS: SIGN_DOCS is not a "submitted" state, so the
 * detour would unlock an offer whose collateral has already been topped up.
 */
export const TRANSITIONS: readonly TTransitionRule[] = [
  // New loan: offer, details, credit, disclosures.
  { from: ['CREATED', 'OFFER_ACCEPTED'], event: 'OFFER_ACCEPTED', to: 'OFFER_ACCEPTED' },
  { from: ['OFFER_ACCEPTED'], event: 'DETAILS_SUBMITTED', to: 'ATTACH_PROFILE' },
  { from: ['ATTACH_PROFILE'], event: 'PROFILE_ATTACHED', to: 'SOFT_CREDIT' },
  { from: ['SOFT_CREDIT'], event: 'CREDIT_APPROVED', to: 'GEN_APP_DISCLOSURES' },
  { from: ['SOFT_CREDIT'], event: 'CREDIT_NO_MATCH', to: 'SOFT_CREDIT_NO_MATCH' },
  { from: ['SOFT_CREDIT'], event: 'CREDIT_LOCKED', to: 'SOFT_CREDIT_LOCKED' },
  { from: ['SOFT_CREDIT'], event: 'CREDIT_FROZEN', to: 'SOFT_CREDIT_FROZEN' },
  { from: ['SOFT_CREDIT'], event: 'CREDIT_DECLINED', to: 'DECLINED' },
  {
    from: ['SOFT_CREDIT_NO_MATCH', 'SOFT_CREDIT_LOCKED', 'SOFT_CREDIT_FROZEN'],
    event: 'CREDIT_RETRY',
    to: 'SOFT_CREDIT',
    requires: 'withinCreditRetryWindow',
  },
  { from: ['GEN_APP_DISCLOSURES'], event: 'DISCLOSURES_GENERATED', to: 'SIGN_DOCS' },
  // Signing, collateral, origination.
  {
    from: ['SIGN_DOCS', 'CELSIUS_FULL_COLLATERAL_RECEIVED'],
    event: 'ALL_DOCUMENTS_SIGNED',
    to: 'WAITING_FOR_COLLATERAL',
  },
  { from: ['WAITING_FOR_COLLATERAL'], event: 'COLLATERAL_FUNDED', to: 'CRYPTO_FUNDING_VERIFY' },
  { from: ['WAITING_FOR_COLLATERAL'], event: 'UNFUNDED_TIMEOUT', to: 'CANCELLED' },
  {
    from: ['CRYPTO_FUNDING_VERIFY'],
    event: 'FUNDING_VERIFIED',
    to: {
      when: 'isInternational',
      then: 'BORROWER_MICRO_DEPOSIT_CONFIRM',
      otherwise: 'MANUAL_FUNDING_RELEASE',
    },
  },
  {
    from: ['BORROWER_MICRO_DEPOSIT_CONFIRM'],
    event: 'MICRO_DEPOSIT_CONFIRMED',
    to: 'MANUAL_FUNDING_RELEASE',
  },
  { from: ['MANUAL_FUNDING_RELEASE'], event: 'FUNDS_RELEASED', to: 'COMPLETE' },
  // Servicing ends.
  { from: ['COMPLETE'], event: 'PAID_OFF', to: 'PAID_OFF' },
  { from: ['PAID_OFF'], event: 'COLLATERAL_RELEASED', to: 'COLLATERAL_RELEASED' },
  // The bank returned the ACH debit that paid the loan off: the loan is open again.
  { from: ['PAID_OFF'], event: 'PAYOFF_RETURNED', to: 'COMPLETE' },
  // Refinancing a legacy loan (document 2 §4).
  { from: ['CREATED', 'OFFER_ACCEPTED'], event: 'REFI_OFFER_SELECTED', to: 'OFFER_ACCEPTED' },
  // Confirmed, or its last document signed, at a price at which the chosen offer's terms no
  // longer hold: the offers are priced anew and the borrower chooses and confirms again.
  {
    from: ['CREATED', 'OFFER_ACCEPTED', 'SIGN_DOCS', 'CELSIUS_FULL_COLLATERAL_RECEIVED'],
    event: 'REFI_REPRICED',
    to: 'CREATED',
    requires: 'isCelsiusRefi',
  },
  {
    from: ['OFFER_ACCEPTED'],
    event: 'REFI_CONFIRMED',
    to: { when: 'topUpRequired', then: 'CELSIUS_TOP_UP_REQUESTED', otherwise: 'SIGN_DOCS' },
  },
  {
    from: ['CELSIUS_TOP_UP_REQUESTED'],
    event: 'TOP_UP_CONFIRMED',
    to: 'CELSIUS_WAITING_FOR_TOP_UP',
  },
  {
    from: ['CELSIUS_WAITING_FOR_TOP_UP'],
    event: 'TOP_UP_RECEIVED',
    to: 'CELSIUS_FULL_COLLATERAL_RECEIVED',
  },
  // Signed: the legacy loans are paid off and the refinancing is the active loan.
  {
    from: ['WAITING_FOR_COLLATERAL'],
    event: 'REFI_COMPLETED',
    to: 'COMPLETE',
    requires: 'isCelsiusRefi',
  },
  // Not completed (signing included) within REFI_COMPLETION_CALENDAR_DAYS of the submitted details.
  {
    from: [
      'SIGN_DOCS',
      'CELSIUS_TOP_UP_REQUESTED',
      'CELSIUS_WAITING_FOR_TOP_UP',
      'CELSIUS_FULL_COLLATERAL_RECEIVED',
    ],
    event: 'REFI_EXPIRED',
    to: 'CANCELLED',
    requires: 'isCelsiusRefi',
  },
  // Renewal of a funded loan (DESIGN §5): accepted terms go straight to the disclosures; once
  // signed (and any top-up confirmed) the renewal is the active loan and the old one is RENEWED.
  {
    from: ['OFFER_ACCEPTED'],
    event: 'RENEWAL_ACCEPTED',
    to: 'GEN_APP_DISCLOSURES',
    requires: 'isRollForward',
  },
  {
    from: ['WAITING_FOR_COLLATERAL'],
    event: 'RENEWAL_COMPLETED',
    to: 'COMPLETE',
    requires: 'isRollForward',
  },
  // A renewal whose accepted terms no longer hold at today's price, or that reached its loan's
  // maturity unfinished (opened or accepted but never signed included), ends before its collateral
  // step (waiting for collateral, it ends as any application does there: UNFUNDED_TIMEOUT); the
  // borrower starts again on a new offer.
  {
    from: ['CREATED', 'OFFER_ACCEPTED', 'GEN_APP_DISCLOSURES', 'SIGN_DOCS'],
    event: 'RENEWAL_ENDED',
    to: 'CANCELLED',
    requires: 'isRollForward',
  },
  { from: ['COMPLETE'], event: 'LOAN_RENEWED', to: 'RENEWED', requires: 'renewalCompleted' },
  // Agent actions.
  { from: CANCELLABLE_STATES, event: 'AGENT_CANCEL', to: 'CANCELLED' },
  { from: DECLINABLE_STATES, event: 'AGENT_DECLINE', to: 'DECLINED' },
];

/**
 * A credit retry is allowed while the application is at most CREDIT_UNLOCKED_DAYS old (counted from
 * the submitted details): the borrower unlocked or unfroze their credit in time.
 */
export function isWithinCreditRetryWindow(input: {
  detailsSubmittedAt: Date | string;
  now: Date | string;
}): boolean {
  const elapsedMs = new Date(input.now).getTime() - new Date(input.detailsSubmittedAt).getTime();
  return elapsedMs >= 0 && elapsedMs <= CREDIT_UNLOCKED_DAYS * MS_PER_DAY;
}

/** A test of membership in a list of states, for the `is…` questions the lists below answer. */
export function inStates(
  states: readonly TApplicationState[],
): (state: TApplicationState) => boolean {
  return (state) => states.includes(state);
}

/** States nothing leaves. The credit outcomes are not here: a credit retry can leave them. */
export const TERMINAL_STATES: readonly TApplicationState[] = [
  'DECLINED',
  'CANCELLED',
  'COLLATERAL_RELEASED',
  'RENEWED',
];

export const isTerminal = inStates(TERMINAL_STATES);

export type TTransitionResult =
  | { readonly ok: true; readonly to: TApplicationState }
  | { readonly ok: false; readonly reason: string };

function findRule(state: TApplicationState, event: TApplicationEvent): TTransitionRule | undefined {
  return TRANSITIONS.find((rule) => rule.event === event && rule.from.includes(state));
}

function resolveTarget(target: TTransitionTarget, ctx: TTransitionContext): TApplicationState {
  if (typeof target === 'string') return target;
  return ctx[target.when] === true ? target.then : target.otherwise;
}

export function transition(
  state: TApplicationState,
  event: TApplicationEvent,
  ctx: TTransitionContext = {},
): TTransitionResult {
  const rule = findRule(state, event);
  if (rule === undefined) {
    return { ok: false, reason: `${event} is not allowed in state ${state}` };
  }
  if (rule.requires !== undefined && ctx[rule.requires] !== true) {
    return { ok: false, reason: `${event} in state ${state} requires ${rule.requires}` };
  }
  return { ok: true, to: resolveTarget(rule.to, ctx) };
}

export function canTransition(
  state: TApplicationState,
  event: TApplicationEvent,
  ctx: TTransitionContext = {},
): boolean {
  return transition(state, event, ctx).ok;
}

/** The target state, or a DomainError 'INVALID_STATE_TRANSITION' (the server answers 409/422). */
export function nextStateOrThrow(
  state: TApplicationState,
  event: TApplicationEvent,
  ctx: TTransitionContext = {},
): TApplicationState {
  const result = transition(state, event, ctx);
  if (!result.ok) throw new DomainError('INVALID_STATE_TRANSITION', result.reason);
  return result.to;
}

/** Events the table accepts in a state (the agent console offers these). */
export function eventsAllowedIn(state: TApplicationState): TApplicationEvent[] {
  return APPLICATION_EVENTS.filter((event) => findRule(state, event) !== undefined);
}

/**
 * While the application is in one of these the server is still working; the details page polls the
 * state (NEXT_STEP_POLL_MAX_TRIES × NEXT_STEP_POLL_MS) before routing on (document 2 §4).
 */
export const TRANSITIONAL_STATES: readonly TApplicationState[] = [
  'ATTACH_PROFILE',
  'GEN_APP_DISCLOSURES',
  'SOFT_CREDIT',
];

export const isTransitional = inStates(TRANSITIONAL_STATES);

// Refinancing (document 2 §2 and §4).

/** A refinancing loan in one of these counts as submitted: 'Submitted' badge, offer locked. */
export const REFI_SUBMITTED_STATES: readonly TApplicationState[] = [
  'WAITING_FOR_COLLATERAL',
  'CELSIUS_WAITING_FOR_TOP_UP',
  'CELSIUS_TOP_UP_REQUESTED',
  'CELSIUS_FULL_COLLATERAL_RECEIVED',
  'COMPLETE',
];

export const isRefiSubmitted = inStates(REFI_SUBMITTED_STATES);

/** The collateral top-up states of a refinancing. */
export const REFI_TOP_UP_STATES: readonly TApplicationState[] = [
  'CELSIUS_TOP_UP_REQUESTED',
  'CELSIUS_WAITING_FOR_TOP_UP',
  'CELSIUS_FULL_COLLATERAL_RECEIVED',
];

/** The top-up has been requested and the deposit is still expected. */
const REFI_DEPOSIT_DUE_STATES: readonly TApplicationState[] = [
  'CELSIUS_TOP_UP_REQUESTED',
  'CELSIUS_WAITING_FOR_TOP_UP',
];

export const REFI_SUBMIT_LABELS = {
  depositCollateral: 'Deposit Required Collateral',
  viewTopUpEstimate: 'View Top Up Estimate',
  reviewLoanAgreement: 'Review Loan Agreement',
} as const;
export type TRefiSubmitLabel = (typeof REFI_SUBMIT_LABELS)[keyof typeof REFI_SUBMIT_LABELS];

export function refiSubmitLabel(input: {
  state: TApplicationState;
  celsiusTopUpRequired: boolean;
}): TRefiSubmitLabel {
  if (!input.celsiusTopUpRequired) return REFI_SUBMIT_LABELS.reviewLoanAgreement;
  return REFI_DEPOSIT_DUE_STATES.includes(input.state)
    ? REFI_SUBMIT_LABELS.depositCollateral
    : REFI_SUBMIT_LABELS.viewTopUpEstimate;
}

/** The refinancing list preselects the application that is still being set up. */
export function isRefiPreselectable(stage: TStage): boolean {
  return stage === 'UNINITIALIZED_STATE' || stage === 'APPLYING';
}

/** Optimistic state after the borrower confirms a refinancing offer (document 2 §4). */
export function refiStateAfterConfirmation(state: TApplicationState): TApplicationState {
  return REFI_TOP_UP_STATES.includes(state) ? state : 'SIGN_DOCS';
}

type TOfferCollateralLike = {
  readonly collateral?: { readonly type?: TCollateralType | null } | null;
};

export type TRefiLoanLike = {
  readonly selectedOffer?: TOfferCollateralLike | null;
  readonly offers?: readonly TOfferCollateralLike[] | null;
};

/** ETH first, then BTC; anything else after them. */
const REFI_COLLATERAL_ORDER: readonly TCollateralType[] = ['ETH', 'BTC'];

function refiCollateralRank(app: TRefiLoanLike): number {
  const type = app.selectedOffer?.collateral?.type ?? app.offers?.[0]?.collateral?.type;
  const index = type == null ? -1 : REFI_COLLATERAL_ORDER.indexOf(type);
  return index === -1 ? REFI_COLLATERAL_ORDER.length : index;
}

/**
 * Loan cards with ETH collateral before BTC (document 2 §2). The collateral is the selected offer's,
 * else the first offer's. Stable: loans of one type keep their order.
 */
export function sortRefiLoans<T extends TRefiLoanLike>(apps: readonly T[]): T[] {
  return apps
    .map((app, index) => ({ app, index, rank: refiCollateralRank(app) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.app);
}
