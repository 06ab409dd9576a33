import { describe, expect, it } from 'vitest';
import {
  collateralReleaseDate,
  collateralReleaseViolations,
  fundingIdentityRefusal,
  fundingViolations,
  ID_NOT_APPROVED_FOR_FUNDING_MESSAGE,
  isCollateralReleaseOpen,
  isIdentityUploadOpen,
  isCollateralReleaseScheduled,
  isLiquidatedWithNothingOwed,
  LOAN_INVARIANTS,
  loanInvariantViolations,
  missingForFunding,
  type TLoanFacts,
  type TServicingFact,
} from './loan-invariants.js';
import { ZERO_BALANCES } from './ledger.js';

const MS_PER_DAY = 24 * 60 * 60 * 1000;
const PAID_OFF_AT = '2026-03-02T10:00:00.000Z';

/** A domestic new loan waiting for the agent to release its funds, with everything in place. */
const READY: TLoanFacts = {
  appUuid: '00000000-0000-4000-8000-000000000001',
  state: 'MANUAL_FUNDING_RELEASE',
  stage: 'ORIGINATING',
  kind: 'NEW_LOAN',
  residence: 'DOMESTIC',
  documentsSigned: true,
  collateral: {
    requiredCoinQuantity: '1.5',
    confirmedCoinQuantity: '1.5',
    borrowerConfirmed: false,
    walletSourceType: 'CUSTODIAL',
  },
  disbursement: { kind: 'US_BANK', verified: true },
  identityDocument: 'APPROVED',
  collateralReleases: [],
  payoff: null,
  funded: false,
};

function facts(patch: Partial<TLoanFacts>): TLoanFacts {
  return { ...READY, ...patch };
}

const PAID_OFF = facts({
  state: 'PAID_OFF',
  stage: 'COLLATERAL_RELEASE',
  funded: true,
  payoff: { method: 'WIRE', paidOffAt: PAID_OFF_AT },
});
const HELD_UNTIL = new Date(Date.parse(PAID_OFF_AT) + 3 * MS_PER_DAY).toISOString();

function release(
  id: string,
  result: TLoanFacts['collateralReleases'][number]['result'],
  scheduledFor = HELD_UNTIL,
  address = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
) {
  return { id, result, address, scheduledFor, requestedAt: PAID_OFF_AT };
}

describe('loan invariants', () => {
  it('holds for a consistent loan', () => {
    expect(loanInvariantViolations(READY)).toEqual([]);
    expect(loanInvariantViolations(PAID_OFF)).toEqual([]);
  });

  it.each<[string, TLoanFacts, keyof typeof LOAN_INVARIANTS]>([
    ['stage of another state', facts({ stage: 'PROCESSING' }), 'stageMatchesState'],
    [
      'release without signed documents',
      facts({ documentsSigned: false }),
      'fundingNeedsSignedDocuments',
    ],
    [
      'release with collateral short',
      facts({ collateral: { ...READY.collateral, confirmedCoinQuantity: '1.4999' } }),
      'fundingNeedsConfirmedCollateral',
    ],
    [
      'release without a bank account',
      facts({ disbursement: { kind: null, verified: false } }),
      'fundingNeedsVerifiedDisbursement',
    ],
    [
      'international release before the wallet was verified',
      facts({ residence: 'INTERNATIONAL', disbursement: { kind: 'USDC_WALLET', verified: false } }),
      'fundingNeedsVerifiedDisbursement',
    ],
    [
      'a release with the ID still in review',
      facts({ state: 'COMPLETE', stage: 'FINAL', funded: true, identityDocument: 'PENDING' }),
      'fundingNeedsApprovedIdentity',
    ],
    [
      'an active loan that never had an ID',
      facts({ state: 'COMPLETE', stage: 'FINAL', identityDocument: 'NONE' }),
      'fundingNeedsApprovedIdentity',
    ],
    [
      'a paid-off loan whose ID was rejected',
      { ...PAID_OFF, identityDocument: 'REJECTED' },
      'fundingNeedsApprovedIdentity',
    ],
    [
      'collateral counted while short',
      facts({
        state: 'CRYPTO_FUNDING_VERIFY',
        collateral: { ...READY.collateral, confirmedCoinQuantity: '1' },
      }),
      'collateralCountedOnlyWhenConfirmed',
    ],
    [
      'waiting for collateral that is all there',
      facts({
        state: 'WAITING_FOR_COLLATERAL',
        stage: 'PROCESSING',
        disbursement: { kind: null, verified: false },
      }),
      'fundingNotStalled',
    ],
    [
      'verifying with every piece there',
      facts({ state: 'CRYPTO_FUNDING_VERIFY' }),
      'fundingNotStalled',
    ],
    [
      'a USDC wallet for a domestic loan',
      facts({
        state: 'SIGN_DOCS',
        stage: 'PROCESSING',
        disbursement: { kind: 'USDC_WALLET', verified: false },
      }),
      'disbursementMatchesResidence',
    ],
    [
      'a US bank for an international loan',
      facts({
        state: 'SIGN_DOCS',
        stage: 'PROCESSING',
        residence: 'INTERNATIONAL',
        disbursement: { kind: 'US_BANK', verified: true },
      }),
      'disbursementMatchesResidence',
    ],
    [
      'two open releases',
      {
        ...PAID_OFF,
        collateralReleases: [release('a', 'PENDING_TRANSACTIONS'), release('b', 'SUCCESS')],
      },
      'atMostOneOpenCollateralRelease',
    ],
    [
      'a release before the payoff',
      facts({
        state: 'COMPLETE',
        stage: 'FINAL',
        funded: true,
        collateralReleases: [release('a', 'SUCCESS')],
      }),
      'collateralReleaseOnlyAfterPayoff',
    ],
    [
      'a release scheduled inside the hold',
      { ...PAID_OFF, collateralReleases: [release('a', 'SUCCESS', PAID_OFF_AT)] },
      'collateralReleaseRespectsHold',
    ],
  ])('reports %s', (_name, broken, rule) => {
    const violations = loanInvariantViolations(broken);
    expect(violations.some((violation) => violation.startsWith(`${rule}:`))).toBe(true);
    expect(LOAN_INVARIANTS[rule]?.(broken)).not.toBeNull();
  });

  it('keeps a cancelled release of a returned payoff on the loan opened again', () => {
    const reopened = facts({ state: 'COMPLETE', stage: 'FINAL', funded: true });
    const cancelled = { ...reopened, collateralReleases: [release('a', 'WITHDRAWAL_FAILED')] };
    expect(LOAN_INVARIANTS.collateralReleaseOnlyAfterPayoff?.(cancelled)).toBeNull();
    const open = { ...reopened, collateralReleases: [release('a', 'SUCCESS')] };
    expect(LOAN_INVARIANTS.collateralReleaseOnlyAfterPayoff?.(open)).not.toBeNull();
  });

  it('lets a failed release be followed by another, and exempts renewals from the payout rules', () => {
    expect(
      loanInvariantViolations({
        ...PAID_OFF,
        collateralReleases: [release('a', 'WITHDRAWAL_FAILED'), release('b', 'SUCCESS')],
      }),
    ).toEqual([]);
    expect(
      loanInvariantViolations(
        facts({ kind: 'RENEWAL', disbursement: { kind: null, verified: false } }),
      ),
    ).toEqual([]);
  });

  it.each<[TLoanFacts['kind'], TLoanFacts['identityDocument'], string | null]>([
    ['NEW_LOAN', 'APPROVED', null],
    ['NEW_LOAN', 'PENDING', ID_NOT_APPROVED_FOR_FUNDING_MESSAGE],
    ['NEW_LOAN', 'REJECTED', ID_NOT_APPROVED_FOR_FUNDING_MESSAGE],
    ['NEW_LOAN', 'NONE', ID_NOT_APPROVED_FOR_FUNDING_MESSAGE],
    // A renewal's borrower was checked on the loan it renews; a refinancing pays nothing out.
    ['RENEWAL', 'NONE', null],
    ['REFINANCE', 'NONE', null],
  ])('funding a %s with the ID %s: %s', (kind, identityDocument, refusal) => {
    expect(fundingIdentityRefusal({ kind, identityDocument })).toBe(refusal);
    const released = facts({
      kind,
      identityDocument,
      state: 'COMPLETE',
      stage: 'FINAL',
      funded: true,
    });
    expect(LOAN_INVARIANTS.fundingNeedsApprovedIdentity?.(released) === null).toBe(
      refusal === null,
    );
    expect(fundingViolations(released).length === 0).toBe(refusal === null);
  });

  it('lets a new loan wait for its ID until the release', () => {
    for (const state of ['WAITING_FOR_COLLATERAL', 'CRYPTO_FUNDING_VERIFY'] as const) {
      expect(
        LOAN_INVARIANTS.fundingNeedsApprovedIdentity?.(facts({ state, identityDocument: 'NONE' })),
      ).toBeNull();
    }
    expect(loanInvariantViolations(facts({ identityDocument: 'NONE' }))).toEqual([]);
  });

  it.each([
    ['CREATED', false],
    ['GEN_APP_DISCLOSURES', false],
    ['SIGN_DOCS', true],
    ['WAITING_FOR_COLLATERAL', true],
    ['CRYPTO_FUNDING_VERIFY', true],
    ['BORROWER_MICRO_DEPOSIT_CONFIRM', true],
    ['MANUAL_FUNDING_RELEASE', true],
    ['COMPLETE', false],
    ['PAID_OFF', false],
    ['CANCELLED', false],
    ['CELSIUS_TOP_UP_REQUESTED', false],
  ] as const)('an ID upload in %s is open: %s', (state, open) => {
    expect(isIdentityUploadOpen(state)).toBe(open);
  });

  it('lists what funding still lacks', () => {
    expect(missingForFunding(READY)).toEqual([]);
    expect(
      missingForFunding(
        facts({
          documentsSigned: false,
          collateral: { ...READY.collateral, confirmedCoinQuantity: '0' },
          disbursement: { kind: null, verified: false },
        }),
      ),
    ).toEqual(['DOCUMENTS', 'COLLATERAL', 'DISBURSEMENT']);
    expect(
      fundingViolations(facts({ disbursement: { kind: null, verified: false } })),
    ).toHaveLength(1);
  });

  it.each([
    ['WITHDRAWAL_FAILED', false],
    ['NO_COLLATERAL', false],
    ['DUPLICATE_REQUEST', false],
    ['SUCCESS', true],
    ['PENDING_TRANSACTIONS', true],
  ] as const)('a %s release is open: %s', (result, isOpen) => {
    expect(isCollateralReleaseOpen(result)).toBe(isOpen);
  });
});

/** The servicing of a funded loan: its status and what it owes. */
function servicing(status: TServicingFact['status'], totalCents: number): TServicingFact {
  return {
    status,
    balances: { ...ZERO_BALANCES, principalCents: totalCents, totalCents },
    cashCents: 0,
    countedPaymentsCents: 0,
  };
}

/** A loan a desk sale closed with nothing owed and coins left: still COMPLETE, never paid off. */
const LIQUIDATED = facts({
  state: 'COMPLETE',
  stage: 'FINAL',
  funded: true,
  servicing: servicing('LIQUIDATED', 0),
});
const ASKED_AT = '2026-03-02T12:00:00.000Z';

describe('the release of coins a liquidation left', () => {
  const asked = release('a', 'SUCCESS', ASKED_AT);

  it('is allowed on a LIQUIDATED loan that owes nothing, at once (no payoff, no hold)', () => {
    expect(isLiquidatedWithNothingOwed(LIQUIDATED)).toBe(true);
    const released = { ...LIQUIDATED, collateralReleases: [asked] };
    expect(loanInvariantViolations(released)).toEqual([]);
    expect(collateralReleaseViolations(released)).toEqual([]);
    // A failed request followed by another is still one open request.
    const retried = {
      ...LIQUIDATED,
      collateralReleases: [release('a', 'WITHDRAWAL_FAILED'), release('b', 'SUCCESS', ASKED_AT)],
    };
    expect(loanInvariantViolations(retried)).toEqual([]);
  });

  it.each<[string, TLoanFacts]>([
    ['still owes a cent', { ...LIQUIDATED, servicing: servicing('LIQUIDATED', 1) }],
    ['is open (ACTIVE)', { ...LIQUIDATED, servicing: servicing('ACTIVE', 0) }],
    ['is in a margin call', { ...LIQUIDATED, servicing: servicing('MARGIN_CALL', 0) }],
    ['has matured', { ...LIQUIDATED, servicing: servicing('MATURED', 0) }],
    ['has no servicing on record', { ...LIQUIDATED, servicing: null }],
    ['has no servicing read', facts({ state: 'COMPLETE', stage: 'FINAL', funded: true })],
    [
      'is not the funded loan any more',
      { ...LIQUIDATED, state: 'RENEWED', servicing: servicing('LIQUIDATED', 0) },
    ],
  ])('is refused when the loan %s', (_name, loan) => {
    expect(isLiquidatedWithNothingOwed(loan)).toBe(false);
    const released = { ...loan, collateralReleases: [asked] };
    expect(LOAN_INVARIANTS.collateralReleaseOnlyAfterPayoff?.(released)).not.toBeNull();
    expect(
      collateralReleaseViolations(released).some((violation) =>
        violation.startsWith('collateralReleaseOnlyAfterPayoff:'),
      ),
    ).toBe(true);
  });

  it('still holds a paid-off loan to its hold, and a liquidated one to one open request', () => {
    const early = { ...PAID_OFF, collateralReleases: [release('a', 'SUCCESS', PAID_OFF_AT)] };
    expect(collateralReleaseViolations(early)).toEqual([
      expect.stringMatching(/^collateralReleaseRespectsHold:/),
    ]);
    // A loan with a payoff on record keeps the hold even once liquidated afterwards.
    const paidThenLiquidated = {
      ...LIQUIDATED,
      payoff: { method: 'WIRE' as const, paidOffAt: PAID_OFF_AT },
      collateralReleases: [release('a', 'SUCCESS', PAID_OFF_AT)],
    };
    expect(collateralReleaseViolations(paidThenLiquidated)).toEqual([
      expect.stringMatching(/^collateralReleaseRespectsHold:/),
    ]);
    const twice = {
      ...LIQUIDATED,
      collateralReleases: [release('a', 'SUCCESS', ASKED_AT), release('b', 'SUCCESS', ASKED_AT)],
    };
    expect(collateralReleaseViolations(twice)).toEqual([
      expect.stringMatching(/^atMostOneOpenCollateralRelease:/),
    ]);
  });
});

describe('collateral release date', () => {
  it.each([
    ['WIRE', '2026-03-02T12:00:00.000Z', '2026-03-05T10:00:00.000Z'],
    ['ACH', '2026-03-02T12:00:00.000Z', '2026-03-23T10:00:00.000Z'],
    ['WIRE', '2026-03-10T12:00:00.000Z', '2026-03-10T12:00:00.000Z'],
  ] as const)('after a %s payoff, asked at %s, goes out at %s', (method, requestedAt, expected) => {
    const date = collateralReleaseDate({
      payoff: { method, paidOffAt: PAID_OFF_AT },
      requestedAt,
    });
    expect(date.toISOString()).toBe(expected);
  });

  it('goes out at once without a recorded payoff, and is scheduled only while in the future', () => {
    const at = '2026-03-02T12:00:00.000Z';
    expect(collateralReleaseDate({ payoff: null, requestedAt: at }).toISOString()).toBe(at);
    expect(isCollateralReleaseScheduled(HELD_UNTIL, PAID_OFF_AT)).toBe(true);
    expect(isCollateralReleaseScheduled(HELD_UNTIL, HELD_UNTIL)).toBe(false);
  });
});

describe('no collateral release while a debit may still be returned (issue 33)', () => {
  /** A paid-off loan whose ledger is settled but for `pendingDebitsCents` still with the bank. */
  function paidOff(pendingDebitsCents: number | undefined, releases = [release('a', 'SUCCESS')]) {
    return {
      ...PAID_OFF,
      collateralReleases: releases,
      servicing: {
        ...servicing('PAID_OFF', 0),
        ...(pendingDebitsCents === undefined ? {} : { pendingDebitsCents }),
      },
    };
  }

  it.each<[string, TLoanFacts]>([
    ['a payment of the payoff still pending', paidOff(100_002)],
    ['a cent still pending', paidOff(1)],
    [
      'a request waiting for deposits to confirm',
      paidOff(500, [release('a', 'PENDING_TRANSACTIONS')]),
    ],
    [
      'the coins a liquidation left, with a debit pending',
      {
        ...LIQUIDATED,
        collateralReleases: [release('a', 'SUCCESS', ASKED_AT)],
        servicing: { ...servicing('LIQUIDATED', 0), pendingDebitsCents: 1_234 },
      },
    ],
  ])('refuses an open release with %s', (_name, loan) => {
    expect(LOAN_INVARIANTS.collateralReleaseWaitsForDebits?.(loan)).toMatch(
      /^collateral release a open while \d+ cents of debits may still be returned$/,
    );
    expect(collateralReleaseViolations(loan)).toEqual([
      expect.stringMatching(/^collateralReleaseWaitsForDebits:/),
    ]);
    expect(loanInvariantViolations(loan)).toEqual([
      expect.stringMatching(/^collateralReleaseWaitsForDebits:/),
    ]);
  });

  it.each<[string, TLoanFacts]>([
    ['every debit settled', paidOff(0)],
    ['no payments read (a check of the ledger alone)', paidOff(undefined)],
    ['a debit pending and no release asked for', paidOff(100_002, [])],
    [
      'a debit pending and only closed requests',
      paidOff(100_002, [release('a', 'WITHDRAWAL_FAILED'), release('b', 'NO_COLLATERAL')]),
    ],
  ])('holds with %s', (_name, loan) => {
    expect(LOAN_INVARIANTS.collateralReleaseWaitsForDebits?.(loan)).toBeNull();
    expect(loanInvariantViolations(loan)).toEqual([]);
  });
});
