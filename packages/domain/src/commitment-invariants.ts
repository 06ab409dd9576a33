/**
 * Rules a renewal and a refinancing keep whatever happens between their steps (issue 34): prices
 * and the clock move, deposits, "I have sent", test deposits and signatures come in any order and
 * more than once. Each predicate reads one snapshot of what the server recorded (and, for the
 * price of a commitment, the prices in effect while it happened) and answers a violation message,
 * or null when the rule holds. The server enforces each where it commits; the model-based test
 * checks every one after every step. Names are stable: rules are added, never renamed.
 */
import type { TApplicationState } from './enums.js';
import { namedViolations } from './loan-invariants.js';
import { ltvPct, selectRateTier } from './ltv.js';
import { toCoinQuantity } from './money.js';
import { isRefiWithinLtvLimits, refiSignatureRefusal, type TRefiQuotedTerms } from './refinance.js';
import {
  isRenewalWithinLtvLimits,
  renewalWindowPosition,
  type TLoanStatusName,
} from './renewal.js';

/** A renewal's accepted offer as it is recorded (re-priced to the completion day once complete). */
export type TRenewalOfferFact = {
  /** The renewal's cash: the renewed loan's balance carried. */
  readonly drawCents: number;
  readonly originationFeeCents: number;
  /** The collateral pledged (the loan's coins plus the top-up). */
  readonly coinQuantity: string;
  /** The stored price the offer was (re-)priced at. */
  readonly priceCents: number;
  readonly tierId: string;
};

export type TRenewalFact = {
  readonly appUuid: string;
  readonly state: TApplicationState;
  /** The day (YYYY-MM-DD, the deployment's clock) of each RENEWAL_COMPLETED recorded. */
  readonly completedOn: readonly string[];
  readonly offer: TRenewalOfferFact | null;
  /** The rate tier the renewal accepted and signed, as it stood before completion; null if unknown. */
  readonly acceptedTierId: string | null;
  /** The stored prices in effect while it completed (the observer's record); null if unknown. */
  readonly pricesAtCompletionCents: readonly number[] | null;
};

/** A funded loan and every renewal opened on it. */
export type TRenewalCommitFacts = {
  readonly loanUuid: string;
  readonly loanState: TApplicationState;
  /** YYYY-MM-DD. */
  readonly loanMaturityDate: string;
  readonly loanServicingStatus: TLoanStatusName | null;
  /** Audit records of the loan becoming RENEWED. */
  readonly loanRenewedEvents: number;
  /** The loan's RENEWAL_CLOSE journals: the balance each settled, and its day. */
  readonly closeJournals: readonly {
    readonly settledCents: number;
    readonly effectiveOn: string;
  }[];
  readonly renewals: readonly TRenewalFact[];
};

export type TRenewalInvariant = (facts: TRenewalCommitFacts) => string | null;

function completedRenewals(facts: TRenewalCommitFacts): TRenewalFact[] {
  return facts.renewals.filter((renewal) => renewal.completedOn.length > 0);
}

/** A loan is renewed at most once: one renewal completes, once, and the loan is RENEWED once. */
export const renewalCompletesOnce: TRenewalInvariant = (facts) => {
  const completions = facts.renewals.reduce((sum, renewal) => sum + renewal.completedOn.length, 0);
  const active = facts.renewals.filter((renewal) => renewal.state === 'COMPLETE');
  if (completions > 1) return `loan ${facts.loanUuid} renewed ${completions} times`;
  if (active.length > 1) return `loan ${facts.loanUuid} has ${active.length} active renewals`;
  if (facts.loanRenewedEvents > 1) {
    return `loan ${facts.loanUuid} became RENEWED ${facts.loanRenewedEvents} times`;
  }
  return null;
};

/**
 * The renewed loan's ledger is closed exactly once, into the renewal that completed; a loan no
 * renewal completed is neither RENEWED nor closed.
 */
export const renewedLoanClosedOnce: TRenewalInvariant = (facts) => {
  const isRenewed = completedRenewals(facts).length > 0;
  const closes = facts.closeJournals.length;
  if (!isRenewed) {
    if (facts.loanState === 'RENEWED' || closes > 0 || facts.loanServicingStatus === 'RENEWED') {
      return `loan ${facts.loanUuid} is ${facts.loanState} with ${closes} renewal close(s) but no renewal completed`;
    }
    return null;
  }
  if (facts.loanState !== 'RENEWED' || facts.loanServicingStatus !== 'RENEWED' || closes !== 1) {
    return `loan ${facts.loanUuid} renewed: state ${facts.loanState}, servicing ${facts.loanServicingStatus ?? 'none'}, ${closes} renewal close(s) instead of one`;
  }
  return null;
};

/** No renewal completes after its loan's maturity date. */
export const renewalNotAfterMaturity: TRenewalInvariant = (facts) => {
  for (const renewal of completedRenewals(facts)) {
    for (const day of renewal.completedOn) {
      if (renewalWindowPosition(facts.loanMaturityDate, new Date(`${day}T00:00:00Z`)) === 'AFTER') {
        return `renewal ${renewal.appUuid} completed on ${day}, after its loan matured on ${facts.loanMaturityDate}`;
      }
    }
  }
  return null;
};

/**
 * A completed renewal is priced at the stored price of its completion, within its tier's LTV
 * limit on what the borrower owes from the first day (the balance carried with the new fee), in
 * the tier that LTV qualifies for, which is the tier it accepted.
 */
export const renewalWithinLimitsAtCommitment: TRenewalInvariant = (facts) => {
  for (const renewal of completedRenewals(facts)) {
    const { offer } = renewal;
    if (offer === null) return `renewal ${renewal.appUuid} completed without an accepted offer`;
    const prices = renewal.pricesAtCompletionCents;
    if (prices !== null && !prices.includes(offer.priceCents)) {
      return `renewal ${renewal.appUuid} completed at ${offer.priceCents} cents per coin; the stored price was ${prices.join(' or ')}`;
    }
    const amountCents = offer.drawCents + offer.originationFeeCents;
    const input = { coinQuantity: offer.coinQuantity, priceCents: offer.priceCents };
    if (!isRenewalWithinLtvLimits({ ...input, amountCents, tierId: offer.tierId })) {
      return `renewal ${renewal.appUuid} completed above its tier ${offer.tierId}'s LTV limit at ${offer.priceCents} cents per coin`;
    }
    const tier = selectRateTier(
      ltvPct(amountCents, toCoinQuantity(offer.coinQuantity), offer.priceCents),
    );
    if (tier?.id !== offer.tierId) {
      return `renewal ${renewal.appUuid} completed in tier ${offer.tierId}; its LTV at ${offer.priceCents} cents per coin is in ${tier?.id ?? 'no tier'}`;
    }
    if (renewal.acceptedTierId !== null && renewal.acceptedTierId !== offer.tierId) {
      return `renewal ${renewal.appUuid} accepted tier ${renewal.acceptedTierId} and completed in ${offer.tierId}`;
    }
  }
  return null;
};

/**
 * A completed renewal's cash is the renewed loan's ledger balance on the completion day: the
 * balance its RENEWAL_CLOSE journal settled, that day.
 */
export const renewalCarriesLoanBalance: TRenewalInvariant = (facts) => {
  const [renewal] = completedRenewals(facts);
  const [close] = facts.closeJournals;
  if (renewal === undefined || close === undefined || renewal.offer === null) return null;
  if (renewal.offer.drawCents !== close.settledCents) {
    return `renewal ${renewal.appUuid} carried ${renewal.offer.drawCents} cents; the loan's ledger closed at ${close.settledCents}`;
  }
  if (renewal.completedOn[0] !== close.effectiveOn) {
    return `renewal ${renewal.appUuid} completed on ${renewal.completedOn[0] ?? '?'}; the loan's ledger closed on ${close.effectiveOn}`;
  }
  return null;
};

export const RENEWAL_INVARIANTS: Readonly<Record<string, TRenewalInvariant>> = {
  renewalCompletesOnce,
  renewedLoanClosedOnce,
  renewalNotAfterMaturity,
  renewalWithinLimitsAtCommitment,
  renewalCarriesLoanBalance,
};

/** Every renewal rule the facts break, each message prefixed with its rule's name. */
export function renewalInvariantViolations(facts: TRenewalCommitFacts): string[] {
  return namedViolations(RENEWAL_INVARIANTS, facts);
}

/** A refinancing application as recorded, with the prices in effect when it committed. */
export type TRefiCommitFacts = {
  readonly appUuid: string;
  readonly state: TApplicationState;
  readonly collateralType: string;
  /** The legacy principal: the new loan's amount. */
  readonly principalCents: number;
  /** The legacy loans' collateral. */
  readonly legacyCollateralQuantity: string;
  /** The chosen offer's terms, the top-up the one requested at submission; null while none. */
  readonly quoted: TRefiQuotedTerms | null;
  /** The stored prices in effect at its latest confirmation; null if unknown. */
  readonly pricesAtConfirmationCents: readonly number[] | null;
  /** The stored prices in effect at its latest last signature; null if unknown. */
  readonly pricesAtLastSignatureCents: readonly number[] | null;
  /** REFI_COMPLETED records. */
  readonly completions: number;
  /** Payoffs of the legacy loans owed to the old lender's estate. */
  readonly estatePayoffs: number;
  /** The refinanced loan's ledger was opened. */
  readonly isServiced: boolean;
};

export type TRefiInvariant = (facts: TRefiCommitFacts) => string | null;

/** Submitted, not yet re-priced back to the offers nor ended. */
const REFI_CONFIRMED_STATES: readonly TApplicationState[] = [
  'SIGN_DOCS',
  'CELSIUS_TOP_UP_REQUESTED',
  'CELSIUS_WAITING_FOR_TOP_UP',
  'CELSIUS_FULL_COLLATERAL_RECEIVED',
  'WAITING_FOR_COLLATERAL',
  'COMPLETE',
];

const REFI_SIGNED_STATES: readonly TApplicationState[] = ['WAITING_FOR_COLLATERAL', 'COMPLETE'];

function pledgedOf(facts: TRefiCommitFacts, quoted: TRefiQuotedTerms): string {
  return toCoinQuantity(facts.legacyCollateralQuantity)
    .plus(toCoinQuantity(quoted.topUpCoinQuantity))
    .toFixed();
}

/**
 * A confirmed refinancing was confirmed within its treatment's limit at the price of its
 * confirmation (the legacy coins with the top-up requested: 55 % custody only, 70 % ownership
 * transfer).
 */
export const refiConfirmedWithinLimit: TRefiInvariant = (facts) => {
  const { quoted } = facts;
  if (!REFI_CONFIRMED_STATES.includes(facts.state)) return null;
  if (quoted === null) return `refinancing ${facts.appUuid} is ${facts.state} without an offer`;
  const prices = facts.pricesAtConfirmationCents;
  if (prices === null || prices.length === 0) return null;
  const collateralQuantity = pledgedOf(facts, quoted);
  const holds = prices.some((priceCents) =>
    isRefiWithinLtvLimits({
      option: quoted.option,
      principalCents: facts.principalCents,
      collateralQuantity,
      priceCents,
    }),
  );
  return holds
    ? null
    : `refinancing ${facts.appUuid} confirmed ${quoted.option} on ${collateralQuantity} ${facts.collateralType} at ${prices.join(' or ')} cents per coin, above its limit`;
};

/** A signed refinancing's terms held at the price of its last signature (refiSignatureRefusal). */
export const refiSignedOnHoldingTerms: TRefiInvariant = (facts) => {
  const { quoted } = facts;
  if (!REFI_SIGNED_STATES.includes(facts.state) || quoted === null) return null;
  const prices = facts.pricesAtLastSignatureCents;
  if (prices === null || prices.length === 0) return null;
  const refusals = prices.map((priceCents) =>
    refiSignatureRefusal({
      quoted,
      principalCents: facts.principalCents,
      collateralType: facts.collateralType,
      collateralQuantity: facts.legacyCollateralQuantity,
      priceCents,
      isTopUpIn: quoted.topUpRequired,
    }),
  );
  const refusal = refusals.every((candidate) => candidate !== null) ? refusals[0] : null;
  return refusal == null
    ? null
    : `refinancing ${facts.appUuid} signed at ${prices.join(' or ')} cents per coin on terms that no longer held: ${refusal.message}`;
};

/**
 * The legacy loans are paid off to the estate exactly once, when the refinancing completes, and
 * the refinanced loan's ledger opens then; never before.
 */
export const refiLegacyLoanClosedOnce: TRefiInvariant = (facts) => {
  if (facts.completions > 1) {
    return `refinancing ${facts.appUuid} completed ${facts.completions} times`;
  }
  if (facts.state === 'COMPLETE' || facts.completions === 1) {
    if (facts.estatePayoffs !== 1 || facts.completions !== 1 || !facts.isServiced) {
      return `refinancing ${facts.appUuid} is ${facts.state} after ${facts.completions} completion(s), with ${facts.estatePayoffs} estate payoff(s) and ${facts.isServiced ? 'its' : 'no'} ledger`;
    }
    return null;
  }
  if (facts.estatePayoffs > 0 || facts.isServiced) {
    return `refinancing ${facts.appUuid} is ${facts.state}, not complete, yet ${facts.estatePayoffs} estate payoff(s) and ${facts.isServiced ? 'a' : 'no'} ledger`;
  }
  return null;
};

export const REFI_INVARIANTS: Readonly<Record<string, TRefiInvariant>> = {
  refiConfirmedWithinLimit,
  refiSignedOnHoldingTerms,
  refiLegacyLoanClosedOnce,
};

/** Every refinancing rule the facts break, each message prefixed with its rule's name. */
export function refiInvariantViolations(facts: TRefiCommitFacts): string[] {
  return namedViolations(REFI_INVARIANTS, facts);
}
