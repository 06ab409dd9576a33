import { describe, expect, it } from 'vitest';
import { Decimal } from './money.js';
import {
  REFI_EXAMPLE_APR_PCT,
  REFI_OPTIONS,
  isStabilizationAvailable,
  refiOptions,
  refiPricing,
  refiTopUpCoinQuantity,
  type TRefiPricing,
  assertStabilizationAllowed,
  computeRefiOffers,
  isRefiExpired,
  refiCompleteBy,
  refiIneligibleReasons,
  refiRatesBps,
  refiStabilizationTriggerPriceCents,
  REFI_STABILIZATION_MESSAGE,
  canCarryRefiCoins,
  REFI_COIN_RETURN_MESSAGES,
  refiCoinReturnRefusal,
  type TRefiCoinReturnStatus,
  isRefiWithinLtvLimits,
  REFI_REPRICED_MESSAGES,
  refiCommitRefusal,
  refiSignatureRefusal,
  type TRefiOfferTerms,
  type TRefiQuotedTerms,
} from './refinance.js';
import {
  REFI_COMPLETION_CALENDAR_DAYS,
  REFI_STABILIZATION_TRIGGER_LTV_PCT,
} from './constants/limits.js';
import { parseRefiTape, REFI_TAPE_COLUMNS, REFI_TAPE_MAX_ROWS } from './refi-tape.js';

describe('refiPricing (document 2 §9)', () => {
  it.each<[number | string, TRefiPricing]>([
    [0, { option: 'CUSTODY_ONLY', topUpRequired: false }],
    [40, { option: 'CUSTODY_ONLY', topUpRequired: false }],
    [55, { option: 'CUSTODY_ONLY', topUpRequired: false }],
    ['55.0001', { option: 'OWNERSHIP_TRANSFER', topUpRequired: false }],
    [62.5, { option: 'OWNERSHIP_TRANSFER', topUpRequired: false }],
    [70, { option: 'OWNERSHIP_TRANSFER', topUpRequired: false }],
    ['70.0001', { option: 'CUSTODY_ONLY', topUpRequired: true }],
    [85, { option: 'CUSTODY_ONLY', topUpRequired: true }],
    [140, { option: 'CUSTODY_ONLY', topUpRequired: true }],
  ])('LTV %s%% → %o', (ltv, expected) => {
    expect(refiPricing(ltv)).toEqual(expected);
    expect(refiPricing(new Decimal(ltv))).toEqual(expected);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY, 'abc', ''])('refuses the LTV %s', (ltv) => {
    expect(() => refiPricing(ltv)).toThrow(
      expect.objectContaining({ code: 'INVALID_LTV' }) as Error,
    );
  });
});

describe('refiOptions', () => {
  it.each<[number, TRefiPricing[]]>([
    [50, [{ option: 'CUSTODY_ONLY', topUpRequired: false }]],
    [
      60,
      [
        { option: 'OWNERSHIP_TRANSFER', topUpRequired: false },
        { option: 'CUSTODY_ONLY', topUpRequired: true },
      ],
    ],
    [75, [{ option: 'CUSTODY_ONLY', topUpRequired: true }]],
  ])('LTV %i%% opens %o', (ltv, expected) => {
    expect(refiOptions(ltv)).toEqual(expected);
  });
});

describe('refiTopUpCoinQuantity', () => {
  it.each([
    // $11,000 owed on 0.5 BTC at $40,000 (55%): nothing to add.
    [1100000, '0.5', 4000000, '0'],
    [1000000, '0.5', 4000000, '0'],
    // $14,000 on $20,000 (70%): 55% needs $25,454.55 of BTC = 0.636364 (rounded up); 0.136364 more.
    [1400000, '0.5', 4000000, '0.136364'],
    // $20,000 on 2 ETH at $3,000 (333%): 55% needs 12.121212… ETH.
    [2000000, '2', 300000, '10.121213'],
    [1100001, '0.5', 4000000, '0.000001'],
  ])('%i cents on %s coin at %i cents → %s', (loanCents, coinQuantity, priceCents, expected) => {
    expect(refiTopUpCoinQuantity({ loanCents, coinQuantity, priceCents })).toBe(expected);
  });

  it('brings the LTV to 55% or below, and one step less does not', () => {
    const input = { loanCents: 1876543, coinQuantity: '0.4', priceCents: 5123456 };
    const topUp = new Decimal(refiTopUpCoinQuantity(input));
    const ltvWith = (quantity: Decimal) =>
      new Decimal(input.loanCents).times(100).div(quantity.times(input.priceCents));
    expect(ltvWith(topUp.plus(input.coinQuantity)).lte(55)).toBe(true);
    expect(ltvWith(topUp.minus('0.000001').plus(input.coinQuantity)).gt(55)).toBe(true);
  });
});

describe('refinancing constants', () => {
  it('lists the example rates of both treatments', () => {
    expect(REFI_OPTIONS).toEqual(['CUSTODY_ONLY', 'OWNERSHIP_TRANSFER']);
    expect(REFI_EXAMPLE_APR_PCT).toEqual({ CUSTODY_ONLY: 14, OWNERSHIP_TRANSFER: 13 });
  });

  it.each([
    ['CUSTODY_ONLY', true],
    ['OWNERSHIP_TRANSFER', false],
  ] as const)('stabilization with %s: %s', (option, expected) => {
    expect(isStabilizationAvailable(option)).toBe(expected);
  });
});

describe('refinancing offers, eligibility and deadline (document 2 §9)', () => {
  const base = {
    collateralType: 'BTC' as const,
    priceCents: 6_000_000,
    residence: { kind: 'state' as const, state: 'NY' as const },
    ratesBps: refiRatesBps(),
  };

  it.each([
    // principal, coins, expected treatments with their top-up
    [2_400_000, '1', [['CUSTODY_ONLY', false]]], // 40%
    [3_300_000, '1', [['CUSTODY_ONLY', false]]], // 55% exactly: no top-up
    [
      3_720_000,
      '1',
      [
        ['OWNERSHIP_TRANSFER', false],
        ['CUSTODY_ONLY', true],
      ],
    ], // 62%
    [
      4_200_000,
      '1',
      [
        ['OWNERSHIP_TRANSFER', false],
        ['CUSTODY_ONLY', true],
      ],
    ], // 70% exactly
    [4_260_000, '1', [['CUSTODY_ONLY', true]]], // 71%
  ] as const)('principal %i on %s BTC at $60,000', (principalCents, coins, expected) => {
    const offers = computeRefiOffers({ ...base, principalCents, collateralQuantity: coins });
    expect(offers.map((offer) => [offer.option, offer.topUpRequired])).toEqual(expected);
  });

  it('tops a custody-only loan up to 55% and prices both treatments at 14% and 13%', () => {
    const offers = computeRefiOffers({
      ...base,
      collateralType: 'ETH',
      priceCents: 300_000,
      principalCents: 1_860_000,
      collateralQuantity: '10',
    });
    const custody = offers.find((offer) => offer.option === 'CUSTODY_ONLY');
    const transfer = offers.find((offer) => offer.option === 'OWNERSHIP_TRANSFER');
    expect(custody).toMatchObject({
      currentLtvPct: '62.00',
      postTopUpLtvPct: '55.00',
      interestRatePct: '14.000',
      annualPercentageRatePct: '14.000',
      collateralReuseConsent: 'DECLINE_REHYPOTHECATION',
      originationFeeAmountCents: 0,
      estimatedMonthlyPaymentCents: 21_700,
    });
    // 18,600 / 0.55 / 3,000 = 11.272727… ETH in all: 1.272728 to add, rounded up.
    expect(custody?.topUpCoinQuantity).toBe('1.272728');
    expect(transfer).toMatchObject({
      topUpCoinQuantity: '0',
      postTopUpLtvPct: null,
      interestRatePct: '13.000',
      collateralReuseConsent: 'ALLOW_REHYPOTHECATION',
    });
  });

  it('takes a brand’s own rates', () => {
    expect(refiRatesBps({ CUSTODY_ONLY: 12.5, OWNERSHIP_TRANSFER: 11 })).toEqual({
      CUSTODY_ONLY: 1250,
      OWNERSHIP_TRANSFER: 1100,
    });
    expect(refiRatesBps()).toEqual({ CUSTODY_ONLY: 1400, OWNERSHIP_TRANSFER: 1300 });
  });

  it('allows stabilization (trigger 85%) with custody-only offers only', () => {
    expect(REFI_STABILIZATION_TRIGGER_LTV_PCT).toBe(85);
    expect(() => assertStabilizationAllowed('CUSTODY_ONLY', true)).not.toThrow();
    expect(() => assertStabilizationAllowed('OWNERSHIP_TRANSFER', false)).not.toThrow();
    expect(() => assertStabilizationAllowed('OWNERSHIP_TRANSFER', true)).toThrow(
      REFI_STABILIZATION_MESSAGE,
    );
    expect(() => assertStabilizationAllowed(null, true)).toThrow(REFI_STABILIZATION_MESSAGE);
    // 24,000 on 1 BTC reaches 85% at $28,235.29.
    expect(refiStabilizationTriggerPriceCents({ loanCents: 2_400_000, coinQuantity: '1' })).toBe(
      2_823_529,
    );
  });

  it.each([
    [{ principalCents: 2_400_000, jurisdiction: 'US-NY', passportOnFile: true }, []],
    [
      { principalCents: 100_000, jurisdiction: 'US-NY', passportOnFile: true },
      ['BELOW_MINIMUM_LOAN_AMOUNT'],
    ],
    [
      { principalCents: 2_000_000, jurisdiction: 'US-NY', passportOnFile: false },
      ['NO_VALID_PASSPORT'],
    ],
    [
      { principalCents: 2_000_000, jurisdiction: 'US-IL', passportOnFile: true },
      ['JURISDICTION_NOT_SERVED'],
    ],
    [
      { principalCents: 2_000_000, jurisdiction: 'RU', passportOnFile: true },
      ['JURISDICTION_NOT_SERVED'],
    ],
    [
      { principalCents: 900_000, jurisdiction: 'DE', passportOnFile: false },
      ['BELOW_MINIMUM_LOAN_AMOUNT', 'NO_VALID_PASSPORT'],
    ],
    [
      { principalCents: 2_000_000, jurisdiction: 'XX-1', passportOnFile: true },
      ['JURISDICTION_NOT_SERVED'],
    ],
  ] as const)('eligibility of %j', (loan, reasons) => {
    expect(refiIneligibleReasons(loan)).toEqual(reasons);
  });

  it('gives 14 calendar days from the submitted details', () => {
    const submittedAt = new Date('2026-03-01T10:00:00Z');
    expect(REFI_COMPLETION_CALENDAR_DAYS).toBe(14);
    expect(refiCompleteBy(submittedAt).toISOString()).toBe('2026-03-15T10:00:00.000Z');
    expect(isRefiExpired({ submittedAt, now: '2026-03-15T10:00:00Z' })).toBe(false);
    expect(isRefiExpired({ submittedAt, now: '2026-03-15T10:00:01Z' })).toBe(true);
  });
});

describe('the loan tape CSV', () => {
  it('reads quoted fields, CRLF and reports bad rows by line', () => {
    const csv = `${REFI_TAPE_COLUMNS.join(',')}\r\n"L-1","a@example.com",btc,"1.5",100.10,us-ny,TRUE,custody\r\nL-2,x,BTC,1,1,US-NY,true,CUSTODY\r\n`;
    const result = parseRefiTape(csv);
    expect(result.rows).toEqual([
      {
        line: 2,
        loanId: 'L-1',
        borrowerEmail: 'a@example.com',
        collateralType: 'BTC',
        collateralQuantity: '1.5',
        principalCents: 10_010,
        jurisdiction: 'US-NY',
        passportOnFile: true,
        custodyArrangement: 'CUSTODY',
      },
    ]);
    expect(result.errors).toEqual([
      { line: 3, column: 'borrower_email', message: 'Not a valid e-mail address' },
    ]);
  });

  it('refuses a file without the header or over the row bound', () => {
    expect(parseRefiTape('a,b\n').errors[0]?.line).toBe(1);
    const many = [
      REFI_TAPE_COLUMNS.join(','),
      ...Array.from(
        { length: REFI_TAPE_MAX_ROWS + 1 },
        (_, i) => `L${i},a@example.com,BTC,1,10000,US-NY,true,CUSTODY`,
      ),
    ].join('\n');
    expect(parseRefiTape(many).errors[0]?.message).toContain(String(REFI_TAPE_MAX_ROWS));
  });
});

describe('refiCoinReturnRefusal (the coins of an ended refinancing)', () => {
  type TInput = Parameters<typeof refiCoinReturnRefusal>[0];
  const base: TInput = {
    state: 'CANCELLED',
    status: 'AWAITING_ADDRESS',
    hasCoins: true,
    requestedAddress: null,
    address: 'bc1-new',
  };
  it.each<
    [
      string,
      Partial<typeof base> & { state?: 'CANCELLED' | 'CELSIUS_WAITING_FOR_TOP_UP' },
      string | null,
    ]
  >([
    ['an ended refinancing with coins', {}, null],
    [
      'the same address again (a repeat)',
      { status: 'REQUESTED', requestedAddress: 'bc1-new' },
      null,
    ],
    [
      'another address while one is requested',
      { status: 'REQUESTED', requestedAddress: 'bc1-old' },
      'RETURN_IN_PROGRESS',
    ],
    ['a refinancing still open', { state: 'CELSIUS_WAITING_FOR_TOP_UP' }, 'REFI_NOT_ENDED'],
    ['no coins arrived', { hasCoins: false, status: null }, 'NO_COLLATERAL'],
    ['coins already returned', { status: 'RETURNED' }, 'COINS_RETURNED'],
    ['coins carried to a new refinancing', { status: 'CARRIED_OVER' }, 'COINS_CARRIED_OVER'],
  ])('%s', (_name, change, code) => {
    const refusal = refiCoinReturnRefusal({ ...base, ...change });
    expect(refusal?.code ?? null).toBe(code);
    if (code === 'REFI_NOT_ENDED')
      expect(refusal?.message).toBe(REFI_COIN_RETURN_MESSAGES.notEnded);
  });

  it.each<[TRefiCoinReturnStatus | null, boolean]>([
    [null, true],
    ['AWAITING_ADDRESS', true],
    ['REQUESTED', false],
    ['RETURNED', false],
    ['CARRIED_OVER', false],
  ])('coins in %s may count toward a new refinancing: %s', (status, expected) => {
    expect(canCarryRefiCoins(status)).toBe(expected);
  });
});

/** The terms of `offer` as the borrower saw them when it was quoted. */
function quotedTermsOf(offer: TRefiOfferTerms): TRefiQuotedTerms {
  return {
    option: offer.option,
    topUpRequired: offer.topUpRequired,
    topUpCoinQuantity: offer.topUpCoinQuantity,
    tierId: offer.tierId,
  };
}

describe('refiCommitRefusal (a refinancing priced when confirmed)', () => {
  // 100003: $20,400 on 0.5 BTC; at $60,000 it is 68 %, at $51,000 80 %.
  const loan = { principalCents: 2_040_000, collateralType: 'BTC', collateralQuantity: '0.5' };
  const atLookup = computeRefiOffers({
    ...loan,
    collateralType: 'BTC',
    priceCents: 6_000_000,
    residence: { kind: 'state', state: 'FL' },
    ratesBps: refiRatesBps(),
  });
  const quotedOf = (option: 'CUSTODY_ONLY' | 'OWNERSHIP_TRANSFER') => {
    const offer = atLookup.find((candidate) => candidate.option === option);
    if (offer === undefined) throw new Error(`no ${option} offer`);
    return quotedTermsOf(offer);
  };

  it('lets the terms stand at the price they were quoted at', () => {
    for (const option of ['CUSTODY_ONLY', 'OWNERSHIP_TRANSFER'] as const) {
      expect(refiCommitRefusal({ ...loan, quoted: quotedOf(option), priceCents: 6_000_000 })).toBe(
        null,
      );
    }
  });

  it('refuses ownership transfer above 70 % with the LTV it reached', () => {
    expect(
      refiCommitRefusal({ ...loan, quoted: quotedOf('OWNERSHIP_TRANSFER'), priceCents: 5_100_000 }),
    ).toEqual({
      code: 'REFI_REPRICED',
      message:
        'The price of BTC moved: your loan’s LTV is now 80.00%, above the 70% up to which ownership transfer applies. Review the new offer and accept it again.',
    });
    // 70 % exactly is still ownership transfer: $20,400 ÷ (0.5 × 0.70) = $58,285.71…, so at
    // $58,286 the LTV is 69.99… %.
    expect(
      refiCommitRefusal({ ...loan, quoted: quotedOf('OWNERSHIP_TRANSFER'), priceCents: 5_828_600 }),
    ).toBe(null);
  });

  it('refuses a quoted top-up that no longer brings the loan to 55 %, and keeps one that does', () => {
    const quoted = quotedOf('CUSTODY_ONLY');
    expect(quoted.topUpRequired).toBe(true);
    // The price rose: the quoted top-up brings the LTV under 55 %, in the same tier.
    expect(refiCommitRefusal({ ...loan, quoted, priceCents: 6_100_000 })).toBe(null);
    expect(refiCommitRefusal({ ...loan, quoted, priceCents: 5_900_000 })).toEqual({
      code: 'REFI_REPRICED',
      message: REFI_REPRICED_MESSAGES.termsChanged('BTC'),
    });
  });

  it('never turns a custody-only offer without a top-up into a top-up the borrower did not choose', () => {
    // 100001: $24,000 on 1 BTC, 40 % at $60,000; at $40,000 it is 60 %.
    const offers = computeRefiOffers({
      principalCents: 2_400_000,
      collateralType: 'BTC',
      collateralQuantity: '1',
      priceCents: 6_000_000,
      residence: { kind: 'state', state: 'NY' },
      ratesBps: refiRatesBps(),
    });
    const [offer] = offers;
    if (offer === undefined) throw new Error('no offer');
    const quoted = quotedTermsOf(offer);
    const input = { principalCents: 2_400_000, collateralType: 'BTC', collateralQuantity: '1' };
    expect(refiCommitRefusal({ ...input, quoted, priceCents: 4_000_000 })).toEqual({
      code: 'REFI_REPRICED',
      message:
        'The price of BTC moved: your loan’s LTV is now 60.00%, above 55%, so custody only now needs a collateral top-up. Review the new offer and accept it again.',
    });
    // 40 % → 52.17 % at $46,000: no top-up yet, but past 50 %: another tier, other margin levels.
    expect(refiCommitRefusal({ ...input, quoted, priceCents: 4_600_000 })).toEqual({
      code: 'REFI_REPRICED',
      message: REFI_REPRICED_MESSAGES.termsChanged('BTC'),
    });
  });

  describe('refiSignatureRefusal (priced again at the last signature)', () => {
    // $18,600 on 10 ETH at $3,200: 58.125 %, custody only with a top-up to 55 %.
    const legacy = { principalCents: 1_860_000, collateralType: 'ETH', collateralQuantity: '10' };
    const [, custody] = computeRefiOffers({
      ...legacy,
      collateralType: 'ETH',
      priceCents: 320_000,
      residence: { kind: 'state', state: 'FL' },
      ratesBps: refiRatesBps(),
    });
    if (custody === undefined) throw new Error('no custody-only offer');
    const quoted = quotedTermsOf(custody);

    it('is the confirmation’s rule before a top-up arrived', () => {
      expect(quoted).toMatchObject({ option: 'CUSTODY_ONLY', topUpRequired: true });
      expect(custody.topUpCoinQuantity).toBe('0.568182');
      for (const priceCents of [300_000, 320_000, 340_000]) {
        expect(refiSignatureRefusal({ ...legacy, quoted, priceCents, isTopUpIn: false })).toEqual(
          refiCommitRefusal({ ...legacy, quoted, priceCents }),
        );
      }
    });

    it('keeps a top-up delivered while the coins pledged hold the terms', () => {
      // At $3,400 the legacy coins alone are at 54.71 %: no top-up would be asked now, but the
      // one delivered brings the loan to 51.77 %, in the same tier.
      expect(refiCommitRefusal({ ...legacy, quoted, priceCents: 340_000 })).not.toBe(null);
      expect(
        refiSignatureRefusal({ ...legacy, quoted, priceCents: 340_000, isTopUpIn: true }),
      ).toBe(null);
      expect(
        refiSignatureRefusal({ ...legacy, quoted, priceCents: 320_000, isTopUpIn: true }),
      ).toBe(null);
    });

    it('refuses once the coins pledged are above 55 % or in another tier', () => {
      expect(
        refiSignatureRefusal({ ...legacy, quoted, priceCents: 300_000, isTopUpIn: true }),
      ).toEqual({
        code: 'REFI_REPRICED',
        message: REFI_REPRICED_MESSAGES.moreTopUpNeeded('ETH', '58.67'),
      });
      // At $3,600 the pledge is at 48.89 %: the first tier, other margin levels.
      expect(
        refiSignatureRefusal({ ...legacy, quoted, priceCents: 360_000, isTopUpIn: true }),
      ).toEqual({ code: 'REFI_REPRICED', message: REFI_REPRICED_MESSAGES.termsChanged('ETH') });
    });
  });

  it.each([
    ['OWNERSHIP_TRANSFER', '0.5', 5_828_600, true],
    ['OWNERSHIP_TRANSFER', '0.5', 5_100_000, false],
    ['CUSTODY_ONLY', '0.618182', 6_000_000, true],
    ['CUSTODY_ONLY', '0.5', 6_000_000, false],
  ] as const)(
    'isRefiWithinLtvLimits: %s on %s BTC at %i cents → %s',
    (option, coins, price, ok) => {
      expect(
        isRefiWithinLtvLimits({
          option,
          principalCents: 2_040_000,
          collateralQuantity: coins,
          priceCents: price,
        }),
      ).toBe(ok);
    },
  );
});
