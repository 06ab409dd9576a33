/**
 * Rules a loan keeps whatever order its events arrive in. Each predicate reads one
 * snapshot of what the server has recorded about an application (TLoanFacts) and answers a
 * violation message, or null when the rule holds. The server enforces each inside the transaction
 * that changes the state; the model-based test checks every one of them against the database after
 * every step. Names are stable: rules are added, never renamed.
 */
import type { TApplicationState, TStage, TWithdrawalResult } from './enums.js';
import { inStates, stageOf } from './application-machine.js';
import { toCoinQuantity } from './money.js';
import { collateralHeldUntil, type TPayoffMethod } from './payoff.js';
import type { TBalances } from './ledger.js';
import type { TLoanStatusName } from './renewal.js';

/** The destination of the loan's dollars: a US bank account, or a USDC wallet abroad. */
export const DISBURSEMENT_DESTINATION_KINDS = ['US_BANK', 'USDC_WALLET'] as const;
export type TDisbursementDestinationKind = (typeof DISBURSEMENT_DESTINATION_KINDS)[number];

/** Where the borrower lives, as the rails see it. */
export const LOAN_RESIDENCE_KINDS = ['DOMESTIC', 'INTERNATIONAL'] as const;
export type TLoanResidenceKind = (typeof LOAN_RESIDENCE_KINDS)[number];

/** What kind of loan the application makes: a renewal and a refinancing pay out no new dollars. */
export const LOAN_KINDS = ['NEW_LOAN', 'RENEWAL', 'REFINANCE'] as const;
export type TLoanKind = (typeof LOAN_KINDS)[number];

/** The identity document's review, NONE before any upload. */
export type TIdentityDocumentFact = 'NONE' | 'PENDING' | 'APPROVED' | 'REJECTED';

/**
 * A collateral release request stays open (it will be, or has been, handed to custody) until it
 * failed or found nothing to send; only then may the borrower ask again, for any address. A stored
 * DUPLICATE_REQUEST is a repeat closed in favour of an earlier request.
 */
export const CLOSED_COLLATERAL_RELEASE_RESULTS: readonly TWithdrawalResult[] = [
  'WITHDRAWAL_FAILED',
  'NO_COLLATERAL',
  'DUPLICATE_REQUEST',
];

export function isCollateralReleaseOpen(result: TWithdrawalResult): boolean {
  return !CLOSED_COLLATERAL_RELEASE_RESULTS.includes(result);
}

export type TCollateralReleaseFact = {
  readonly id: string;
  readonly result: TWithdrawalResult;
  readonly address: string;
  /** Not sent before this instant: the end of the hold after the payoff (ISO 8601). */
  readonly scheduledFor: string;
  readonly requestedAt: string;
};

/** One snapshot of an application, as recorded. Coin quantities are exact decimal strings. */
export type TLoanFacts = {
  readonly appUuid: string;
  readonly state: TApplicationState;
  readonly stage: TStage;
  readonly kind: TLoanKind;
  readonly residence: TLoanResidenceKind;
  /** Every required disclosure signed. */
  readonly documentsSigned: boolean;
  readonly collateral: {
    /** The accepted offer's coin quantity; null before an offer is accepted. */
    readonly requiredCoinQuantity: string | null;
    /** The sum of confirmed deposits. */
    readonly confirmedCoinQuantity: string;
    /** The borrower said "I have sent the required amount of collateral". */
    readonly borrowerConfirmed: boolean;
    readonly walletSourceType: 'SELF_HOSTED' | 'CUSTODIAL';
  };
  readonly disbursement: {
    /** null while no destination is on record. */
    readonly kind: TDisbursementDestinationKind | null;
    /**
     * Verified: a US bank account once saved (routing checksum, account owner's name); a USDC
     * wallet once the borrower confirmed the test transfer arrived.
     */
    readonly verified: boolean;
  };
  readonly identityDocument: TIdentityDocumentFact;
  readonly collateralReleases: readonly TCollateralReleaseFact[];
  readonly payoff: { readonly method: TPayoffMethod; readonly paidOffAt: string } | null;
  /** The dollars were released (the application went MANUAL_FUNDING_RELEASE → COMPLETE). */
  readonly funded: boolean;
  /** Servicing of a funded loan (its ledger), when one was opened. */
  readonly servicing?: TServicingFact | null;
};

/** A funded loan's servicing as its ledger and payments record it. */
export type TServicingFact = {
  readonly status: TLoanStatusName;
  /** Sums of the ledger per receivable account. */
  readonly balances: TBalances;
  /** Sum of the ledger's CASH legs. */
  readonly cashCents: number;
  /** Sum of the payments that count (settled, or accepted debits still pending). */
  readonly countedPaymentsCents: number;
  /**
   * Money in flight: the loan's debits the bank has not settled (PENDING, sent or not yet sent).
   * The bank can still return each of them. Absent where a check reads no more than the ledger.
   */
  readonly pendingDebitsCents?: number;
};

export type TLoanInvariant = (facts: TLoanFacts) => string | null;

/** Every rule of `rules` the facts break, each message prefixed with its rule's name. */
export function namedViolations<TFacts>(
  rules: Readonly<Record<string, (facts: TFacts) => string | null>>,
  facts: TFacts,
): string[] {
  return Object.entries(rules).flatMap(([name, rule]) => {
    const violation = rule(facts);
    return violation === null ? [] : [`${name}: ${violation}`];
  });
}

/** Every rule of `rules` the facts break, by its message alone. */
function violationsOf(rules: readonly TLoanInvariant[], facts: TLoanFacts): string[] {
  return rules.flatMap((rule) => {
    const violation = rule(facts);
    return violation === null ? [] : [violation];
  });
}

/** The servicing statuses each application state allows. */
const SERVICING_STATUSES_BY_STATE: Partial<Record<TApplicationState, readonly TLoanStatusName[]>> =
  {
    COMPLETE: ['ACTIVE', 'MARGIN_CALL', 'MATURED', 'LIQUIDATED'],
    PAID_OFF: ['PAID_OFF'],
    COLLATERAL_RELEASED: ['PAID_OFF'],
    RENEWED: ['RENEWED'],
  };

/** A funded loan's servicing status follows its state; a closed loan owes nothing. */
export const servicingFollowsState: TLoanInvariant = (facts) => {
  const servicing = facts.servicing;
  if (servicing == null) return null;
  const allowed = SERVICING_STATUSES_BY_STATE[facts.state];
  if (allowed !== undefined && !allowed.includes(servicing.status)) {
    return `servicing status ${servicing.status} does not fit state ${facts.state}`;
  }
  if (
    (servicing.status === 'PAID_OFF' || servicing.status === 'RENEWED') &&
    servicing.balances.totalCents !== 0
  ) {
    return `a ${servicing.status} loan still owes ${servicing.balances.totalCents} cents`;
  }
  return null;
};

/** No receivable of the ledger is negative: nothing was paid twice or reversed beyond itself. */
export const servicingBalancesNonNegative: TLoanInvariant = (facts) => {
  const balances = facts.servicing?.balances;
  if (balances == null) return null;
  const negative = Object.entries(balances).filter(([, cents]) => cents < 0);
  return negative.length === 0
    ? null
    : `negative balances: ${negative.map(([name, cents]) => `${name} ${cents}`).join(', ')}`;
};

/** The cash in the ledger is exactly the payments that count (each posted once, reversals undone). */
export const servicingCashMatchesPayments: TLoanInvariant = (facts) => {
  const servicing = facts.servicing;
  if (servicing == null || servicing.cashCents === servicing.countedPaymentsCents) return null;
  return `ledger cash ${servicing.cashCents} differs from payments ${servicing.countedPaymentsCents}`;
};

/** The rules every servicing change checks in its transaction. */
export const SERVICING_INVARIANTS: readonly TLoanInvariant[] = [
  servicingFollowsState,
  servicingBalancesNonNegative,
  servicingCashMatchesPayments,
];

export function servicingViolations(facts: TLoanFacts): string[] {
  return violationsOf(SERVICING_INVARIANTS, facts);
}

/** States at or past the point where the loan's dollars may be released. */
const FUNDING_RELEASE_STATES: readonly TApplicationState[] = [
  'MANUAL_FUNDING_RELEASE',
  'COMPLETE',
  'PAID_OFF',
  'COLLATERAL_RELEASED',
];

/** States in which the collateral has been counted as received. */
const COLLATERAL_COUNTED_STATES: readonly TApplicationState[] = [
  'CRYPTO_FUNDING_VERIFY',
  'BORROWER_MICRO_DEPOSIT_CONFIRM',
  ...FUNDING_RELEASE_STATES,
];

/** The rail each residence pays out on. */
export function disbursementKindFor(residence: TLoanResidenceKind): TDisbursementDestinationKind {
  return residence === 'INTERNATIONAL' ? 'USDC_WALLET' : 'US_BANK';
}

/** Confirmed deposits reach the accepted offer's coin quantity. */
export function isCollateralConfirmed(collateral: TLoanFacts['collateral']): boolean {
  if (collateral.requiredCoinQuantity === null) return false;
  return toCoinQuantity(collateral.confirmedCoinQuantity).gte(
    toCoinQuantity(collateral.requiredCoinQuantity),
  );
}

/** A destination of the residence's rail is on record and verified. */
export function isDisbursementReady(
  facts: Pick<TLoanFacts, 'residence' | 'disbursement'>,
): boolean {
  return (
    facts.disbursement.kind === disbursementKindFor(facts.residence) && facts.disbursement.verified
  );
}

function paysOutDollars(facts: TLoanFacts): boolean {
  return facts.kind === 'NEW_LOAN';
}

function awaitsOrPassedFundingRelease(facts: TLoanFacts): boolean {
  return facts.funded || FUNDING_RELEASE_STATES.includes(facts.state);
}

/** The stored stage is the state machine's stage of the stored state. */
export const stageMatchesState: TLoanInvariant = (facts) => {
  const expected = stageOf(facts.state);
  return facts.stage === expected
    ? null
    : `stage ${facts.stage} does not belong to state ${facts.state} (expected ${expected})`;
};

/** Funding (or waiting for the agent to release funds) needs every document signed. */
export const fundingNeedsSignedDocuments: TLoanInvariant = (facts) =>
  awaitsOrPassedFundingRelease(facts) && !facts.documentsSigned
    ? `${facts.state}${facts.funded ? ' (funded)' : ''} without signed documents`
    : null;

/** Funding needs the full collateral confirmed on chain. */
export const fundingNeedsConfirmedCollateral: TLoanInvariant = (facts) =>
  paysOutDollars(facts) &&
  awaitsOrPassedFundingRelease(facts) &&
  !isCollateralConfirmed(facts.collateral)
    ? `${facts.state}${facts.funded ? ' (funded)' : ''} with ${facts.collateral.confirmedCoinQuantity} of ${facts.collateral.requiredCoinQuantity ?? '?'} collateral confirmed`
    : null;

/** Funding needs a verified destination on the residence's rail. */
export const fundingNeedsVerifiedDisbursement: TLoanInvariant = (facts) =>
  paysOutDollars(facts) && awaitsOrPassedFundingRelease(facts) && !isDisbursementReady(facts)
    ? `${facts.state}${facts.funded ? ' (funded)' : ''} without a verified ${disbursementKindFor(facts.residence)} destination (has ${facts.disbursement.kind ?? 'none'}, verified ${String(facts.disbursement.verified)})`
    : null;

/** What the borrower and the agents are told when funds would go out with no approved ID. */
export const ID_NOT_APPROVED_FOR_FUNDING_MESSAGE =
  "The borrower's ID has not been approved: funds cannot be released.";

/**
 * Funds go out only to a borrower whose identity document an agent approved. The rule is a new
 * loan's: a renewal pays out no dollars and its borrower's ID was checked on the loan it renews, and
 * a refinancing pays out none either (it takes over a defunct lender's loan, whose borrower the tape
 * names). Null when the release may go ahead as far as the ID is concerned, else the refusal.
 */
export function fundingIdentityRefusal(
  facts: Pick<TLoanFacts, 'kind' | 'identityDocument'>,
): string | null {
  if (facts.kind !== 'NEW_LOAN' || facts.identityDocument === 'APPROVED') return null;
  return ID_NOT_APPROVED_FOR_FUNDING_MESSAGE;
}

/** States a new loan reaches only once its funds were released. */
const RELEASED_STATES: readonly TApplicationState[] = [
  'COMPLETE',
  'PAID_OFF',
  'COLLATERAL_RELEASED',
];

/** No new loan is funded, or active, without an approved ID (fundingIdentityRefusal). */
export const fundingNeedsApprovedIdentity: TLoanInvariant = (facts) =>
  (facts.funded || RELEASED_STATES.includes(facts.state)) && fundingIdentityRefusal(facts) !== null
    ? `${facts.state}${facts.funded ? ' (funded)' : ''} with the ID ${facts.identityDocument}, not APPROVED`
    : null;

/**
 * The ID can be uploaded while the checklist is open and, for a borrower who signed and deposited
 * first, in the origination states that wait for it: the release needs it, so none of those may
 * refuse it. From COMPLETE on the loan is funded and nothing asks for an ID any more.
 */
const IDENTITY_UPLOAD_STATES: readonly TApplicationState[] = [
  'SIGN_DOCS',
  'WAITING_FOR_COLLATERAL',
  'CRYPTO_FUNDING_VERIFY',
  'BORROWER_MICRO_DEPOSIT_CONFIRM',
  'MANUAL_FUNDING_RELEASE',
];

export const isIdentityUploadOpen = inStates(IDENTITY_UPLOAD_STATES);

/** Collateral is counted as received only when confirmed deposits cover the offer. */
export const collateralCountedOnlyWhenConfirmed: TLoanInvariant = (facts) =>
  paysOutDollars(facts) &&
  COLLATERAL_COUNTED_STATES.includes(facts.state) &&
  !isCollateralConfirmed(facts.collateral)
    ? `${facts.state} with only ${facts.collateral.confirmedCoinQuantity} of ${facts.collateral.requiredCoinQuantity ?? '?'} collateral confirmed`
    : null;

/**
 * Whichever of documents, collateral and disbursement arrives last moves the application on: a
 * new loan never waits in WAITING_FOR_COLLATERAL or CRYPTO_FUNDING_VERIFY with all three there.
 */
export const fundingNotStalled: TLoanInvariant = (facts) => {
  if (!paysOutDollars(facts)) return null;
  if (!facts.documentsSigned || !isCollateralConfirmed(facts.collateral)) return null;
  if (facts.state === 'WAITING_FOR_COLLATERAL') {
    return 'WAITING_FOR_COLLATERAL with documents signed and the collateral confirmed';
  }
  if (facts.state === 'CRYPTO_FUNDING_VERIFY' && isDisbursementReady(facts)) {
    return 'CRYPTO_FUNDING_VERIFY with documents, collateral and a verified disbursement destination';
  }
  return null;
};

/** International loans never take a US bank account; domestic ones never a USDC wallet. */
export const disbursementMatchesResidence: TLoanInvariant = (facts) => {
  const kind = facts.disbursement.kind;
  if (kind === null || kind === disbursementKindFor(facts.residence)) return null;
  return `${facts.residence.toLowerCase()} application has a ${kind} destination`;
};

/** At most one open collateral release request per loan. */
export const atMostOneOpenCollateralRelease: TLoanInvariant = (facts) => {
  const open = facts.collateralReleases.filter((release) =>
    isCollateralReleaseOpen(release.result),
  );
  return open.length <= 1
    ? null
    : `${open.length} open collateral release requests (${open.map((r) => `${r.id} → ${r.address}`).join(', ')})`;
};

/**
 * A liquidation closed the loan with nothing owed: the servicing says LIQUIDATED with a zero
 * balance while the application is still the funded loan (COMPLETE). The coins the sale left go
 * back through a release request as after a payoff, with no payoff and so no hold.
 */
export function isLiquidatedWithNothingOwed(
  facts: Pick<TLoanFacts, 'state' | 'servicing'>,
): boolean {
  const servicing = facts.servicing;
  return (
    facts.state === 'COMPLETE' &&
    servicing != null &&
    servicing.status === 'LIQUIDATED' &&
    servicing.balances.totalCents === 0
  );
}

/**
 * Releases are asked for only after a recorded payoff, on a paid-off loan, or on a loan a
 * liquidation closed with nothing owed. A closed request may outlive its payoff: a returned ACH
 * payoff opens the loan again and cancels the open request.
 */
export const collateralReleaseOnlyAfterPayoff: TLoanInvariant = (facts) => {
  const open = facts.collateralReleases.filter((release) =>
    isCollateralReleaseOpen(release.result),
  );
  if (open.length === 0 && facts.state !== 'PAID_OFF' && facts.state !== 'COLLATERAL_RELEASED') {
    return null;
  }
  if (facts.collateralReleases.length === 0) return null;
  if (isLiquidatedWithNothingOwed(facts)) return null;
  if (facts.payoff === null) return 'a collateral release request without a recorded payoff';
  if (facts.state !== 'PAID_OFF' && facts.state !== 'COLLATERAL_RELEASED') {
    return `a collateral release request in state ${facts.state}`;
  }
  return null;
};

/** No release is scheduled before the hold after the payoff's rail ends (document 1 §9). */
export const collateralReleaseRespectsHold: TLoanInvariant = (facts) => {
  if (facts.payoff === null) return null;
  const heldUntil = collateralHeldUntil(facts.payoff.paidOffAt, facts.payoff.method).getTime();
  const early = facts.collateralReleases.filter(
    (release) =>
      isCollateralReleaseOpen(release.result) && Date.parse(release.scheduledFor) < heldUntil,
  );
  return early.length === 0
    ? null
    : `collateral release ${early.map((r) => r.id).join(', ')} scheduled before the hold ends (${new Date(heldUntil).toISOString()})`;
};

/**
 * No collateral release while any debit on the loan may still be returned (issue 33): a payoff
 * counts the debits the bank accepted, so until each has settled the collateral is the only
 * security for money that may never come. A return reopens the loan and cancels open requests.
 */
export const collateralReleaseWaitsForDebits: TLoanInvariant = (facts) => {
  const pendingCents = facts.servicing?.pendingDebitsCents ?? 0;
  if (pendingCents <= 0) return null;
  const open = facts.collateralReleases.filter((release) =>
    isCollateralReleaseOpen(release.result),
  );
  return open.length === 0
    ? null
    : `collateral release ${open.map((r) => r.id).join(', ')} open while ${pendingCents} cents of debits may still be returned`;
};

/** Every rule, by name (the names are stable). */
export const LOAN_INVARIANTS: Readonly<Record<string, TLoanInvariant>> = {
  stageMatchesState,
  fundingNeedsSignedDocuments,
  fundingNeedsConfirmedCollateral,
  fundingNeedsVerifiedDisbursement,
  fundingNeedsApprovedIdentity,
  collateralCountedOnlyWhenConfirmed,
  fundingNotStalled,
  disbursementMatchesResidence,
  atMostOneOpenCollateralRelease,
  collateralReleaseOnlyAfterPayoff,
  collateralReleaseRespectsHold,
  collateralReleaseWaitsForDebits,
  servicingFollowsState,
  servicingBalancesNonNegative,
  servicingCashMatchesPayments,
};

/** Every violated rule, as `name: message`; empty when the loan is consistent. */
export function loanInvariantViolations(facts: TLoanFacts): string[] {
  return namedViolations(LOAN_INVARIANTS, facts);
}

/** The rules a transition into a funding state must pass (checked inside that transaction). */
export const FUNDING_INVARIANTS: readonly TLoanInvariant[] = [
  fundingNeedsSignedDocuments,
  fundingNeedsConfirmedCollateral,
  fundingNeedsVerifiedDisbursement,
  fundingNeedsApprovedIdentity,
  collateralCountedOnlyWhenConfirmed,
  disbursementMatchesResidence,
];

export function fundingViolations(facts: TLoanFacts): string[] {
  return violationsOf(FUNDING_INVARIANTS, facts);
}

/** The rules a collateral release request checks in the transaction that records it. */
export const COLLATERAL_RELEASE_INVARIANTS: Readonly<Record<string, TLoanInvariant>> = {
  atMostOneOpenCollateralRelease,
  collateralReleaseOnlyAfterPayoff,
  collateralReleaseRespectsHold,
  collateralReleaseWaitsForDebits,
};

export function collateralReleaseViolations(facts: TLoanFacts): string[] {
  return namedViolations(COLLATERAL_RELEASE_INVARIANTS, facts);
}

/** What a new loan still lacks before the agent can release its funds. */
export const FUNDING_REQUIREMENTS = ['DOCUMENTS', 'COLLATERAL', 'DISBURSEMENT'] as const;
export type TFundingRequirement = (typeof FUNDING_REQUIREMENTS)[number];

export function missingForFunding(
  facts: Pick<TLoanFacts, 'kind' | 'residence' | 'documentsSigned' | 'collateral' | 'disbursement'>,
): TFundingRequirement[] {
  const missing: TFundingRequirement[] = [];
  if (!facts.documentsSigned) missing.push('DOCUMENTS');
  if (facts.kind !== 'NEW_LOAN') return missing;
  if (!isCollateralConfirmed(facts.collateral)) missing.push('COLLATERAL');
  if (!isDisbursementReady(facts)) missing.push('DISBURSEMENT');
  return missing;
}

/**
 * When a release asked for at `requestedAt` goes out: at once, or at the end of the hold after the
 * payoff (document 1 §9). The page, the dashboard and the API all show this date.
 */
export function collateralReleaseDate(input: {
  payoff: { readonly method: TPayoffMethod; readonly paidOffAt: string | Date } | null | undefined;
  requestedAt: string | Date;
}): Date {
  const requested = new Date(input.requestedAt);
  if (input.payoff == null) return requested;
  const heldUntil = collateralHeldUntil(input.payoff.paidOffAt, input.payoff.method);
  return heldUntil.getTime() > requested.getTime() ? heldUntil : requested;
}

/** The release waits for the hold to end. */
export function isCollateralReleaseScheduled(
  scheduledFor: string | Date,
  now: string | Date,
): boolean {
  return new Date(scheduledFor).getTime() > new Date(now).getTime();
}
