import { describe, expect, it } from 'vitest';
import {
  refiInvariantViolations,
  renewalInvariantViolations,
  type TRefiCommitFacts,
  type TRenewalCommitFacts,
  type TRenewalFact,
} from './commitment-invariants.js';
import { computeRefiOffers, refiRatesBps } from './refinance.js';
import { renewalOfOneBtcAt } from './test-support/renewal.js';

// A loan owing $20,250 on 1 BTC, renewed at $60,000 (~34 %, the first tier).
const priced = renewalOfOneBtcAt(6_000_000);
if (!priced.eligible) throw new Error('no renewal offer');
const offer = {
  drawCents: priced.offer.drawAmountCents,
  originationFeeCents: priced.offer.originationFeeAmountCents,
  coinQuantity: priced.offer.collateralUnits,
  priceCents: 6_000_000,
  tierId: priced.offer.tierId,
};

const completed: TRenewalFact = {
  appUuid: 'renewal-1',
  state: 'COMPLETE',
  completedOn: ['2027-10-20'],
  offer,
  acceptedTierId: offer.tierId,
  pricesAtCompletionCents: [6_000_000],
};

const renewed: TRenewalCommitFacts = {
  loanUuid: 'loan-1',
  loanState: 'RENEWED',
  loanMaturityDate: '2027-11-01',
  loanServicingStatus: 'RENEWED',
  loanRenewedEvents: 1,
  closeJournals: [{ settledCents: offer.drawCents, effectiveOn: '2027-10-20' }],
  renewals: [
    { ...completed, appUuid: 'renewal-0', state: 'CANCELLED', completedOn: [] },
    completed,
  ],
};

const notRenewed: TRenewalCommitFacts = {
  ...renewed,
  loanState: 'COMPLETE',
  loanServicingStatus: 'ACTIVE',
  loanRenewedEvents: 0,
  closeJournals: [],
  renewals: [{ ...completed, state: 'WAITING_FOR_COLLATERAL', completedOn: [] }],
};

function withRenewal(change: Partial<TRenewalFact>): TRenewalCommitFacts {
  return { ...renewed, renewals: [{ ...completed, ...change }] };
}

describe('renewalInvariantViolations', () => {
  it('holds for a loan renewed once on its figures, and for one waiting', () => {
    expect(renewalInvariantViolations(renewed)).toEqual([]);
    expect(renewalInvariantViolations(notRenewed)).toEqual([]);
  });

  it.each<[string, TRenewalCommitFacts, string]>([
    [
      'two completions',
      withRenewal({ completedOn: ['2027-10-20', '2027-10-21'] }),
      'renewalCompletesOnce',
    ],
    [
      'two active renewals',
      {
        ...renewed,
        renewals: [completed, { ...completed, appUuid: 'renewal-2', completedOn: [] }],
      },
      'renewalCompletesOnce',
    ],
    ['RENEWED twice', { ...renewed, loanRenewedEvents: 2 }, 'renewalCompletesOnce'],
    [
      'the ledger closed twice',
      { ...renewed, closeJournals: [...renewed.closeJournals, ...renewed.closeJournals] },
      'renewedLoanClosedOnce',
    ],
    ['the ledger never closed', { ...renewed, closeJournals: [] }, 'renewedLoanClosedOnce'],
    [
      'closed without a completed renewal',
      { ...notRenewed, closeJournals: renewed.closeJournals },
      'renewedLoanClosedOnce',
    ],
    [
      'completed after maturity',
      withRenewal({ completedOn: ['2027-11-02'] }),
      'renewalNotAfterMaturity',
    ],
    [
      'completed at a price that was not stored then',
      withRenewal({ pricesAtCompletionCents: [4_000_000] }),
      'renewalWithinLimitsAtCommitment',
    ],
    [
      // $20,250 and the fee on 1 BTC at $26,000 is above 75 %.
      'completed above the LTV limit',
      withRenewal({
        offer: { ...offer, priceCents: 2_600_000, tierId: 'RATE_2' },
        pricesAtCompletionCents: [2_600_000],
        acceptedTierId: 'RATE_2',
      }),
      'renewalWithinLimitsAtCommitment',
    ],
    [
      'completed in a tier its LTV does not qualify for',
      withRenewal({ offer: { ...offer, tierId: 'RATE_2' }, acceptedTierId: 'RATE_2' }),
      'renewalWithinLimitsAtCommitment',
    ],
    [
      'completed in another tier than accepted',
      withRenewal({ acceptedTierId: 'RATE_2' }),
      'renewalWithinLimitsAtCommitment',
    ],
    [
      'carried another figure than the balance closed',
      {
        ...renewed,
        closeJournals: [{ settledCents: offer.drawCents + 17_800, effectiveOn: '2027-10-20' }],
      },
      'renewalCarriesLoanBalance',
    ],
    [
      'the ledger closed on another day',
      { ...renewed, closeJournals: [{ settledCents: offer.drawCents, effectiveOn: '2027-10-04' }] },
      'renewalCarriesLoanBalance',
    ],
  ])('names %s', (_what, facts, rule) => {
    const violations = renewalInvariantViolations(facts);
    expect(violations.some((violation) => violation.startsWith(`${rule}:`))).toBe(true);
  });
});

// 100003: $20,400 on 0.5 BTC, 68 % at $60,000: ownership transfer without a top-up.
const [transfer] = computeRefiOffers({
  principalCents: 2_040_000,
  collateralType: 'BTC',
  collateralQuantity: '0.5',
  priceCents: 6_000_000,
  residence: { kind: 'state', state: 'FL' },
  ratesBps: refiRatesBps(),
});
if (transfer === undefined) throw new Error('no refinancing offer');

const signedRefi: TRefiCommitFacts = {
  appUuid: 'refi-1',
  state: 'WAITING_FOR_COLLATERAL',
  collateralType: 'BTC',
  principalCents: 2_040_000,
  legacyCollateralQuantity: '0.5',
  quoted: {
    option: transfer.option,
    topUpRequired: false,
    topUpCoinQuantity: '0',
    tierId: transfer.tierId,
  },
  pricesAtConfirmationCents: [6_000_000],
  pricesAtLastSignatureCents: [6_000_000],
  completions: 0,
  estatePayoffs: 0,
  isServiced: false,
};

describe('refiInvariantViolations', () => {
  it('holds for a refinancing signed and completed on terms that held', () => {
    expect(refiInvariantViolations(signedRefi)).toEqual([]);
    expect(
      refiInvariantViolations({
        ...signedRefi,
        state: 'COMPLETE',
        completions: 1,
        estatePayoffs: 1,
        isServiced: true,
      }),
    ).toEqual([]);
    // Re-priced back to the offers: nothing is confirmed.
    expect(refiInvariantViolations({ ...signedRefi, state: 'CREATED', quoted: null })).toEqual([]);
  });

  it.each<[string, Partial<TRefiCommitFacts>, string]>([
    // At $51,000 the loan is at 80 %, above the 70 % of ownership transfer.
    [
      'confirmed above its limit',
      { pricesAtConfirmationCents: [5_100_000] },
      'refiConfirmedWithinLimit',
    ],
    [
      'signed on terms that no longer held',
      { pricesAtLastSignatureCents: [5_100_000] },
      'refiSignedOnHoldingTerms',
    ],
    [
      'completed twice',
      { state: 'COMPLETE', completions: 2, estatePayoffs: 1, isServiced: true },
      'refiLegacyLoanClosedOnce',
    ],
    [
      'complete without the estate payoff',
      { state: 'COMPLETE', completions: 1, isServiced: true },
      'refiLegacyLoanClosedOnce',
    ],
    ['paid to the estate before completing', { estatePayoffs: 1 }, 'refiLegacyLoanClosedOnce'],
  ])('names %s', (_what, change, rule) => {
    const violations = refiInvariantViolations({ ...signedRefi, ...change });
    expect(violations.some((violation) => violation.startsWith(`${rule}:`))).toBe(true);
  });

  it('checks a confirmation made while the price moved against every price it may have read', () => {
    expect(
      refiInvariantViolations({ ...signedRefi, pricesAtConfirmationCents: [5_100_000, 6_000_000] }),
    ).toEqual([]);
  });
});
