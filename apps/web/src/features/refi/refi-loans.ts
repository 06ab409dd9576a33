/**
 * What the refinancing screens decide from the applications the server answered (document 2 §2,
 * §4): which card is preselected, where a card's submit leads, the optimistic changes of a choice.
 * The rules themselves (submitted states, labels, ordering) are the domain's.
 */
import type { TCelsiusTopUpCollateral, TOffer, TRefinancingApplication } from '@pledge/contract';
import {
  isRefiPreselectable,
  isRefiSubmitted,
  REFI_OPTIONS,
  REFI_TOP_UP_STATES,
  refiStateAfterConfirmation,
  remainingCoinDue,
  sortRefiLoans,
  toCoinQuantity,
  type TApplicationEnding,
  type TApplicationState,
  type TRefiOption,
} from '@pledge/domain';

/** An offer's collateral treatment: ownership transfer lets the lender reuse the coins. */
export function offerTreatment(offer: Pick<TOffer, 'collateralReuseConsent'>): TRefiOption {
  return offer.collateralReuseConsent === 'ALLOW_REHYPOTHECATION'
    ? 'OWNERSHIP_TRANSFER'
    : 'CUSTODY_ONLY';
}

export const TREATMENT_NAMES: Readonly<Record<TRefiOption, string>> = {
  CUSTODY_ONLY: 'Custody only',
  OWNERSHIP_TRANSFER: 'Ownership transfer',
};

/** Cards in the order shown: ETH before BTC (the domain's order). */
export function refiCards(
  applications: readonly TRefinancingApplication[],
): TRefinancingApplication[] {
  return sortRefiLoans(applications);
}

/** The card to open first: the one still being set up (document 2 §2), else none. */
export function preselectedAppUuid(
  applications: readonly TRefinancingApplication[],
): string | null {
  return refiCards(applications).find((app) => isRefiPreselectable(app.stage))?.appUuid ?? null;
}

/** 'I'm done adding loans' is offered once a loan has been submitted. */
export function hasSubmittedLoan(applications: readonly TRefinancingApplication[]): boolean {
  return applications.some((app) => isRefiSubmitted(app.state));
}

/** The offer a card works with: the chosen one, or null until the borrower chose a rate. */
export function chosenOffer(app: TRefinancingApplication): TOffer | null {
  return app.selectedOffer;
}

/**
 * The offers a borrower chooses between, always in the same order (by collateral treatment, as
 * REFI_OPTIONS lists them): the chosen one is among them even if the list left it out, and choosing
 * one never moves the options about.
 */
export function rateChoices(app: TRefinancingApplication): TOffer[] {
  const { offers, selectedOffer } = app;
  const all =
    selectedOffer === null || offers.some((offer) => offer.uuid === selectedOffer.uuid)
      ? [...offers]
      : [...offers, selectedOffer];
  const rank = (offer: TOffer) => REFI_OPTIONS.indexOf(offerTreatment(offer));
  return all
    .map((offer, index) => ({ offer, index }))
    .sort((a, b) => rank(a.offer) - rank(b.offer) || a.index - b.index)
    .map(({ offer }) => offer);
}

/** The optimistic answer of choosing a rate: the offer becomes the selected one. */
export function withSelectedOffer(
  app: TRefinancingApplication,
  offerUuid: string,
): TRefinancingApplication {
  const offer = rateChoices(app).find((candidate) => candidate.uuid === offerUuid);
  if (offer === undefined) return app;
  return { ...app, selectedOffer: offer };
}

/** The optimistic answer of the refinancing confirmation: SIGN_DOCS unless in a top-up state. */
export function withConfirmation(app: TRefinancingApplication): TRefinancingApplication {
  return { ...app, state: refiStateAfterConfirmation(app.state) };
}

/** The optimistic answer of signing the last disclosure (document 2 §4). */
export function withLastDocumentSigned(app: TRefinancingApplication): TRefinancingApplication {
  return { ...app, stage: 'PROCESSING', state: 'WAITING_FOR_COLLATERAL' };
}

/** Replaces (or adds) applications in a list by appUuid, keeping the list's order. */
export function mergeApplications(
  current: readonly TRefinancingApplication[],
  answered: readonly TRefinancingApplication[],
): TRefinancingApplication[] {
  const byUuid = new Map(answered.map((app) => [app.appUuid, app]));
  const merged = current.map((app) => byUuid.get(app.appUuid) ?? app);
  const known = new Set(current.map((app) => app.appUuid));
  return [...merged, ...answered.filter((app) => !known.has(app.appUuid))];
}

/** Where a card's submit leads. */
export type TRefiNextStep =
  | { kind: 'top-up' }
  | { kind: 'disclosures'; needsConfirmation: boolean }
  /** Nothing left for the borrower: the loan is with us (changing it needs support). */
  | { kind: 'none' };

const DISCLOSURE_STATES: readonly TApplicationState[] = ['SIGN_DOCS'];

/**
 * A top-up offer goes to the top-up page (its estimate, then the deposit); any other offer goes to
 * its disclosures, confirmed first unless the documents are already open for signing.
 */
export function refiNextStep(app: TRefinancingApplication, offer: TOffer): TRefiNextStep {
  if (offer.celsiusTopUpRequired || REFI_TOP_UP_STATES.includes(app.state)) {
    return { kind: 'top-up' };
  }
  if (isRefiSubmitted(app.state) || app.state === 'CANCELLED' || app.state === 'DECLINED') {
    return { kind: 'none' };
  }
  return { kind: 'disclosures', needsConfirmation: !DISCLOSURE_STATES.includes(app.state) };
}

/** States in which the rate and stabilization can still change: before the confirmation. */
const OPEN_STATES: readonly TApplicationState[] = ['CREATED', 'OFFER_ACCEPTED'];

/**
 * Whether the card's choices are fixed: once confirmed the server refuses a change (a submitted
 * loan's offer changes only through support).
 */
export function isOfferLocked(app: Pick<TRefinancingApplication, 'state'>): boolean {
  return !OPEN_STATES.includes(app.state);
}

const STATE_WORDS: Partial<Record<TApplicationState, string>> = {
  CREATED: 'Choose a rate',
  OFFER_ACCEPTED: 'Rate chosen',
  SIGN_DOCS: 'Disclosures to sign',
  CELSIUS_TOP_UP_REQUESTED: 'Top-up requested',
  CELSIUS_WAITING_FOR_TOP_UP: 'Waiting for your top-up',
  CELSIUS_FULL_COLLATERAL_RECEIVED: 'Full collateral received',
  WAITING_FOR_COLLATERAL: 'Submitted: we are setting up your new loan',
  COMPLETE: 'Refinanced',
  CANCELLED: 'Cancelled',
  DECLINED: 'Declined',
};

/** The card's status in words; an ended refinancing says whether its days ran out. */
export function refiStateText(
  state: TApplicationState,
  ending?: Pick<TApplicationEnding, 'reason'>,
): string {
  if (state === 'CANCELLED' && ending?.reason === 'REFI_EXPIRED') return 'Expired';
  return STATE_WORDS[state] ?? 'In progress';
}

/** What arrived for a top-up and what is still to send (confirmed coins only count). */
export function topUpProgress(estimate: TCelsiusTopUpCollateral): {
  received: string;
  confirming: string;
  remaining: string;
} {
  const transactions = estimate.wallet?.transactions ?? [];
  const confirming = transactions
    .filter((transaction) => transaction.confirmed === false)
    .reduce(
      (sum, transaction) => sum.plus(toCoinQuantity(transaction.transactionAmount)),
      toCoinQuantity('0'),
    )
    .toFixed();
  const received = estimate.wallet?.currentTotalCoinBalance.coinQuantity ?? '0';
  return {
    received,
    confirming,
    remaining: remainingCoinDue(estimate.topUpCoinAmount.coinQuantity, received),
  };
}

/**
 * The "Celsius loan 100002" a card or a page names a refinancing by, so that two of them never
 * read alike.
 */
export function celsiusLoansName(loanIds: readonly string[]): string {
  if (loanIds.length === 0) return 'Celsius loan';
  return `Celsius loan${loanIds.length > 1 ? 's' : ''} ${loanIds.join(', ')}`;
}

/** The steps of a top-up (the tracker of the deposit page) and where a state is among them. */
export const TOP_UP_STEPS = [
  'Top-up requested',
  'Waiting for your top-up',
  'Full collateral received',
  'Disclosures signed',
] as const;

export function topUpStepIndex(state: TApplicationState): number {
  switch (state) {
    case 'CELSIUS_TOP_UP_REQUESTED':
      return 0;
    case 'CELSIUS_WAITING_FOR_TOP_UP':
      return 1;
    case 'CELSIUS_FULL_COLLATERAL_RECEIVED':
      return 2;
    case 'WAITING_FOR_COLLATERAL':
    case 'COMPLETE':
      return TOP_UP_STEPS.length;
    default:
      return -1;
  }
}

/** Characters of a deposit address shown on the page (document 2 §9); the modal shows it all. */
export const DEPOSIT_ADDRESS_DISPLAY_LENGTH = 26;

/** "bc1qxy2kgdygjrsqtzq2n0yrf2…": the address cut for display. */
export function cutAddress(address: string): string {
  return address.length <= DEPOSIT_ADDRESS_DISPLAY_LENGTH
    ? address
    : `${address.slice(0, DEPOSIT_ADDRESS_DISPLAY_LENGTH)}…`;
}

/** The address in groups of four, so that it can be compared character by character. */
export function addressGroups(address: string): string[] {
  return address.match(/.{1,4}/g) ?? [];
}
