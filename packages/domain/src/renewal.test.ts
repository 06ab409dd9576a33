import { describe, expect, it } from 'vitest';
import { transition } from './application-machine.js';
import { RENEWAL_WINDOW_DAYS } from './constants/limits.js';
import type { TLtvStatus } from './ltv.js';
import {
  isRenewalOfferWithinLtvLimits,
  isRenewalWithinLtvLimits,
  renewalCommitRefusal,
  currentLoanLtv,
  loanMaturityDate,
  loanStatusOf,
  RENEWAL_MESSAGES,
  renewalDrawCents,
  renewalLtvRefusal,
  renewalRefusal,
  renewalTopUpProgress,
  renewalWindow,
  renewalWarnings,
  renewalWindowPosition,
  RENEWAL_WARNINGS,
  unpaidAccruedInterestCents,
} from './renewal.js';
import type { TResidence } from './residence.js';
import { renewalOfOneBtcAt } from './test-support/renewal.js';

const OHIO: TResidence = { kind: 'state', state: 'OH' };
/** A $20,000 draw in Ohio: the fee is the greater of 1 % and $250, so the loan is $20,250. */
const PRINCIPAL_CENTS = 2_025_000;
const RATE_1_BPS = 891;

describe('renewal window', () => {
  it('opens 30 days before maturity and closes at maturity', () => {
    expect(RENEWAL_WINDOW_DAYS).toBe(30);
    expect(renewalWindow('2027-06-15')).toEqual({ opensOn: '2027-05-16', closesOn: '2027-06-15' });
  });

  it.each([
    ['2027-05-15T23:59:59Z', 'BEFORE'],
    ['2027-05-16T00:00:00Z', 'OPEN'],
    ['2027-05-26T12:00:00Z', 'OPEN'],
    ['2027-06-15T23:59:59Z', 'OPEN'],
    ['2027-06-16T00:00:00Z', 'AFTER'],
  ] as const)('at %s it is %s', (now, position) => {
    expect(renewalWindowPosition('2027-06-15', new Date(now))).toBe(position);
  });

  it('matures 12 months after funding, on the month’s last day when shorter', () => {
    expect(loanMaturityDate(new Date('2026-06-15T10:00:00Z'))).toBe('2027-06-15');
    expect(loanMaturityDate(new Date('2027-02-28T10:00:00Z'), 12)).toBe('2028-02-28');
    expect(loanMaturityDate(new Date('2026-01-31T10:00:00Z'), 1)).toBe('2026-02-28');
  });
});

describe('unpaid accrued interest', () => {
  it.each([
    // 10 days since the 15th at 8.91 %: 2,025,000 × 0.0891 × 10 ÷ 365 = 4,943.2 cents.
    ['2026-01-15T00:00:00Z', '2026-03-25T00:00:00Z', 4_943],
    // On a payment day nothing is owed yet.
    ['2026-01-15T00:00:00Z', '2026-03-15T00:00:00Z', 0],
    // Funded on the 31st: February's payment day is the 28th, so 1 March is one day on.
    ['2026-01-31T00:00:00Z', '2026-03-01T00:00:00Z', 494],
    ['2026-01-15T00:00:00Z', '2026-01-14T00:00:00Z', 0],
  ] as const)('funded %s, at %s: %i cents', (fundedAt, now, cents) => {
    const input = {
      principalCents: PRINCIPAL_CENTS,
      interestRateBps: RATE_1_BPS,
      fundedAt: new Date(fundedAt),
      now: new Date(now),
    };
    expect(unpaidAccruedInterestCents(input)).toBe(cents);
    expect(renewalDrawCents(input)).toBe(PRINCIPAL_CENTS + cents);
  });
});

describe('renewal offer', () => {
  it('borrows the balance against the collateral plus the top-up, priced like a new loan', () => {
    const result = renewalOfOneBtcAt(6_000_000, '0.1');
    expect(result.eligible).toBe(true);
    if (!result.eligible) return;
    // $20,250 and the new $250 fee against 1.1 BTC at $60,000 = $66,000: 31.06 %, the 8.91 %
    // tier (up to 50 %).
    expect(result.offer).toMatchObject({
      drawAmountCents: PRINCIPAL_CENTS,
      collateralUnits: '1.1',
      ltvPct: '31.06',
      interestRatePct: '8.910',
      // Ohio: the greater of 1 % ($202.50) and $250, capitalised.
      originationFeeAmountCents: 25_000,
      amountCents: 2_050_000,
      termMonths: 12,
    });
  });

  it('takes the 11.5 % tier up to 75 %', () => {
    const result = renewalOfOneBtcAt(3_000_000);
    expect(result.eligible && result.offer.interestRatePct).toBe('11.500');
  });

  it('says how much to add when the new LTV is above 75 %', () => {
    const result = renewalOfOneBtcAt(2_650_000);
    expect(result.eligible).toBe(false);
    // (20,250 + the $250 fee) ÷ (0.75 × 26,500) = 1.031447 BTC, rounded up: 0.031447 more.
    expect(renewalLtvRefusal(result, 'BTC')).toEqual({
      code: 'LTV_TOO_HIGH',
      message: RENEWAL_MESSAGES.ltvTooHigh('0.031447', 'BTC'),
    });
    expect(RENEWAL_MESSAGES.ltvTooHigh('0.031447', 'BTC')).toBe(
      'Add at least 0.031447 BTC to renew at your current loan balance.',
    );
  });

  it('names the whole top-up when the coins entered are not enough, and what is still lacking', () => {
    const result = renewalOfOneBtcAt(2_650_000, '0.01');
    // 1.031447 BTC are needed in all: 0.031447 to add, 0.021447 beyond the 0.01 entered.
    expect(renewalLtvRefusal(result, 'BTC', '0.01')).toEqual({
      code: 'LTV_TOO_HIGH',
      message:
        'Add at least 0.031447 BTC to renew at your current loan balance. That is 0.021447 BTC more than you entered.',
    });
  });
});

describe('renewal top-up progress', () => {
  it.each([
    // pledged, top-up, held now → what the loan held of its own, arrived, remaining
    ['1.1', '0.1', '1', '1', '0', '0.1', false],
    ['1.1', '0.1', '1.05', '1', '0.05', '0.05', false],
    ['1.1', '0.1', '1.11', '1', '0.11', '0', true],
    // A refinanced loan: 10 legacy ETH never deposited, its 1.272728 ETH top-up was; 1 ETH more.
    ['12.272728', '1', '11.272728', '11.272728', '0', '1', false],
    ['12.272728', '1', '11.672728', '11.272728', '0.4', '0.6', false],
    ['12.272728', '1', '12.272728', '11.272728', '1', '0', true],
    // No top-up: nothing is due, whatever the address holds.
    ['1', '0', '1', '1', '0', '0', true],
    // A liquidation sold coins meanwhile: nothing counts as arrived.
    ['1.1', '0.1', '0.9', '1', '0', '0.1', false],
  ] as const)(
    'pledged %s with a %s top-up, holding %s: own %s, arrived %s, remaining %s',
    (pledged, topUp, held, loanCollateral, arrived, remaining, isIn) => {
      expect(renewalTopUpProgress({ pledged, topUp, held })).toEqual({
        topUp,
        loanCollateral,
        arrived,
        remaining,
        isIn,
      });
    },
  );
});

describe('current LTV of a loan', () => {
  it.each([
    [6_000_000, '33.75', 'REBALANCE_ELIGIBLE'],
    [2_650_000, '76.42', 'COURTESY_NOTICE'],
    // Margin call at 80 % for the 8.91 % tier, liquidation at 90 %.
    [2_500_000, '81.00', 'MARGIN_CALL'],
    [2_200_000, '92.05', 'LIQUIDATION'],
  ] as const)('at %i cents a coin: %s %% (%s)', (priceCents, ltv, status) => {
    expect(
      currentLoanLtv({
        balanceCents: PRINCIPAL_CENTS,
        coinQuantity: '1',
        priceCents,
        tierId: 'RATE_1',
      }),
    ).toEqual({ ltvPct: ltv, status });
  });
});

describe('renewal eligibility', () => {
  const inWindow = new Date('2027-05-26T12:00:00Z');
  const base = {
    state: 'COMPLETE' as const,
    ltvStatus: 'HEALTHY' as TLtvStatus | null,
    maturityDate: '2027-06-15',
    residence: OHIO,
    now: inWindow,
  };

  it('allows an active loan in its window where loans are still offered', () => {
    expect(renewalRefusal(base)).toBeNull();
  });

  it.each([
    ['paid off', { state: 'PAID_OFF' as const }, 'NOT_ACTIVE'],
    ['already renewed', { state: 'RENEWED' as const }, 'NOT_ACTIVE'],
    ['in margin call', { ltvStatus: 'MARGIN_CALL' as const }, 'MARGIN_CALL'],
    ['past liquidation', { ltvStatus: 'LIQUIDATION' as const }, 'MARGIN_CALL'],
    ['before the window', { now: new Date('2027-05-15T12:00:00Z') }, 'WINDOW_NOT_OPEN'],
    ['after maturity', { now: new Date('2027-06-16T00:00:00Z') }, 'MATURED'],
    [
      'in a state no longer serviced',
      { residence: { kind: 'state', state: 'TX' } as TResidence },
      'RESIDENCE_NOT_SERVICED',
    ],
  ] as const)('refuses a loan %s', (_name, change, code) => {
    expect(renewalRefusal({ ...base, ...change })?.code).toBe(code);
  });

  it('says when the window opens', () => {
    expect(renewalRefusal({ ...base, now: new Date('2027-01-01T00:00:00Z') })?.message).toBe(
      'Renewal opens on 2027-05-16, 30 days before your loan matures.',
    );
  });
});

describe('loan status', () => {
  const maturityDate = '2027-06-15';
  const now = new Date('2027-01-01T00:00:00Z');
  it.each([
    ['COMPLETE', 'HEALTHY', now, 'ACTIVE'],
    ['COMPLETE', 'MARGIN_CALL', now, 'MARGIN_CALL'],
    ['COMPLETE', 'LIQUIDATION', now, 'LIQUIDATED'],
    ['COMPLETE', 'HEALTHY', new Date('2027-06-16T00:00:00Z'), 'MATURED'],
    ['RENEWED', null, now, 'RENEWED'],
    ['PAID_OFF', null, now, 'PAID_OFF'],
    ['SIGN_DOCS', null, now, null],
  ] as const)('%s with %s → %s', (state, ltvStatus, at, status) => {
    expect(loanStatusOf({ state, ltvStatus, maturityDate, now: at })).toBe(status);
  });
});

describe('renewal transitions', () => {
  it('take a renewal from its accepted terms to the disclosures, never a new loan', () => {
    expect(transition('OFFER_ACCEPTED', 'RENEWAL_ACCEPTED', { isRollForward: true })).toEqual({
      ok: true,
      to: 'GEN_APP_DISCLOSURES',
    });
    expect(transition('OFFER_ACCEPTED', 'RENEWAL_ACCEPTED').ok).toBe(false);
  });

  it('complete the renewal and mark the old loan RENEWED together', () => {
    expect(
      transition('WAITING_FOR_COLLATERAL', 'RENEWAL_COMPLETED', { isRollForward: true }),
    ).toEqual({ ok: true, to: 'COMPLETE' });
    expect(transition('WAITING_FOR_COLLATERAL', 'RENEWAL_COMPLETED').ok).toBe(false);
    expect(transition('COMPLETE', 'LOAN_RENEWED', { renewalCompleted: true })).toEqual({
      ok: true,
      to: 'RENEWED',
    });
    expect(transition('COMPLETE', 'LOAN_RENEWED').ok).toBe(false);
    expect(transition('RENEWED', 'PAID_OFF').ok).toBe(false);
  });
});

describe('renewal offer warnings', () => {
  it.each([
    [19.99, false, [RENEWAL_WARNINGS.lowLtv]],
    [20, false, []],
    [null, true, [RENEWAL_WARNINGS.aboveBand]],
    [45, false, []],
  ] as const)('LTV %s, above the band %s', (offerLtvPct, isAboveBand, expected) => {
    expect(renewalWarnings({ offerLtvPct, isAboveBand })).toEqual(expected);
  });

  it('says them in the spec’s words', () => {
    expect(RENEWAL_WARNINGS).toEqual({
      lowLtv:
        'This collateral amount is higher than what other borrowers typically pledge for similar sized loans.',
      aboveBand:
        'Additional collateral is required to be eligible for an offer at the current cash to borrow amount.',
    });
  });
});

describe('renewalCommitRefusal', () => {
  const at60k = renewalOfOneBtcAt(6_000_000);
  const tierAt60k = at60k.eligible ? at60k.offer.tierId : '';
  const base = { collateralType: 'BTC', maturityDate: '2027-12-01', now: new Date('2027-11-20') };

  it.each([
    ['the same tier at a small move', 5_900_000, null],
    ['another tier after a fall', 4_000_000, 'RENEWAL_REPRICED'],
    ['no offer above the LTV limit', 2_600_000, 'RENEWAL_REPRICED'],
  ])('%s', (_, priceCents, code) => {
    const repriced = renewalOfOneBtcAt(priceCents);
    expect(
      renewalCommitRefusal({ ...base, acceptedTierId: tierAt60k, repriced })?.code ?? null,
    ).toBe(code);
  });

  it('refuses after maturity, whatever the price', () => {
    expect(
      renewalCommitRefusal({
        ...base,
        acceptedTierId: tierAt60k,
        repriced: at60k,
        now: new Date('2027-12-02T00:00:00Z'),
      }),
    ).toEqual({ code: 'MATURED', message: RENEWAL_MESSAGES.matured });
  });

  it('lets a renewal and its loan end on their own events only', () => {
    expect(transition('SIGN_DOCS', 'RENEWAL_ENDED', { isRollForward: true }).ok).toBe(true);
    expect(transition('SIGN_DOCS', 'RENEWAL_ENDED').ok).toBe(false);
    expect(transition('COMPLETE', 'RENEWAL_ENDED', { isRollForward: true }).ok).toBe(false);
  });
});

describe('isRenewalWithinLtvLimits', () => {
  it.each([
    [2_025_000, '1', 2_700_000, 'RATE_2', true],
    [2_025_000, '1', 2_600_000, 'RATE_2', false],
  ])('%i cents on %s at %i (%s): %s', (amountCents, coinQuantity, priceCents, tierId, ok) => {
    expect(isRenewalWithinLtvLimits({ amountCents, coinQuantity, priceCents, tierId })).toBe(ok);
  });
});

describe('isRenewalOfferWithinLtvLimits: on the balance carried with the renewal’s fee', () => {
  /** amount ÷ (coins × price), in hundredths of a percent, computed here: 1 BTC at $20,000. */
  const PRICE_CENTS = 2_000_000;
  const ltvHundredths = (amountCents: number) => (amountCents * 10_000) / PRICE_CENTS;

  it.each([
    // $14,950 carried, a 1 % fee of $149.50: 74.75 % on the draw, 75.4975 % on what is owed.
    [1_495_000, 14_950, false],
    // $14,800 carried with its $148 fee: 74.74 %.
    [1_480_000, 14_800, true],
  ])('%i cents carried with a %i-cent fee: %s', (drawAmountCents, feeCents, ok) => {
    const amountCents = drawAmountCents + feeCents;
    expect(ltvHundredths(drawAmountCents)).toBeLessThanOrEqual(7_500);
    expect(ltvHundredths(amountCents) <= 7_500).toBe(ok);
    expect(
      isRenewalOfferWithinLtvLimits(
        { amountCents, collateralUnits: '1', tierId: 'RATE_2' },
        PRICE_CENTS,
      ),
    ).toBe(ok);
  });
});
