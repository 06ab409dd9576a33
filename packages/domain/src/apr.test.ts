import { describe, expect, it } from 'vitest';
import {
  annualPercentageRate,
  interestOnlyPayments,
  monthlyInterestCents,
  presentValueCents,
  solveUnitPeriodRate,
  type TScheduledPayment,
} from './apr.js';
import { Decimal } from './money.js';
import { domainErrorCode } from './test-support/domain-error-code.js';
import {
  expectCorrectlyRoundedApr,
  floatApr,
  floatPresentValue,
} from './test-support/float-apr.js';

describe('monthlyInterestCents and interestOnlyPayments', () => {
  it.each([
    [1010000, 891, 7499],
    [1010000, 1150, 9679],
    [1015000, 891, 7536],
    [1200000, 1000, 10000],
    [100, 600, 1],
    [99, 600, 0],
  ])('%i cents at %i bps → %i cents a month', (amount, bps, interest) => {
    expect(monthlyInterestCents(amount, bps)).toBe(interest);
  });

  it('pays interest each month and the principal with the last payment', () => {
    const payments = interestOnlyPayments(1010000, 891, 12);
    expect(payments).toHaveLength(12);
    expect(payments.slice(0, 11)).toEqual(
      Array.from({ length: 11 }, (_, index) => ({ amountCents: 7499, periodMonths: index + 1 })),
    );
    expect(payments[11]).toEqual({ amountCents: 7499 + 1010000, periodMonths: 12 });
  });

  it('handles a one-month term', () => {
    expect(interestOnlyPayments(1200000, 1000, 1)).toEqual([
      { amountCents: 1210000, periodMonths: 1 },
    ]);
  });

  it.each([0, -1, 1.5])('refuses a term of %d months', (term) => {
    expect(domainErrorCode(() => interestOnlyPayments(1000, 100, term))).toBe('INVALID_TERM');
  });
});

describe('annualPercentageRate', () => {
  it.each([
    // [label, amount financed, loan amount, rate bps, expected APR]
    ['8.91%, $10,000 drawn, $100 fee (domestic)', 1000000, 1010000, 891, '9.954'],
    ['11.5%, $10,000 drawn, $100 fee (domestic)', 1000000, 1010000, 1150, '12.559'],
    ['8.91%, $10,000 drawn, $150 fee (international)', 1000000, 1015000, 891, '10.473'],
    ['11.5%, $10,000 drawn, $150 fee (international)', 1000000, 1015000, 1150, '13.085'],
    ['10%, no fee, exact monthly interest', 1200000, 1200000, 1000, '10.000'],
    ['8.91%, no fee', 1000000, 1000000, 891, '8.910'],
  ])('%s → %s%%', (_label, amountFinancedCents, amountCents, bps, expected) => {
    const payments = interestOnlyPayments(amountCents, bps, 12);
    const apr = annualPercentageRate({ amountFinancedCents, payments });
    expect(apr.toFixed(3)).toBe(expected);

    // Independent check 1: a float bisection rounds to the same APR.
    expect(floatApr(amountFinancedCents, payments).toFixed(3)).toBe(expected);
    // Independent check 2: the amount financed lies between the present values at the edges of the
    // rounding interval, so the returned APR is the correctly rounded one.
    expectCorrectlyRoundedApr(payments, apr.toNumber(), amountFinancedCents);
  });

  it('solves the unit-period rate so the payments are worth the amount financed within half a cent', () => {
    for (const [amountFinanced, amount, bps] of [
      [1000000, 1010000, 891],
      [1000000, 1010000, 1150],
      [2500000, 2537500, 1150],
      [100000000, 100850000, 891],
    ] as const) {
      const payments = interestOnlyPayments(amount, bps, 12);
      const rate = solveUnitPeriodRate({ amountFinancedCents: amountFinanced, payments });
      expect(
        Math.abs(floatPresentValue(payments, rate.toNumber() * 1200) - amountFinanced),
      ).toBeLessThan(0.5);
      expect(presentValueCents(payments, rate).minus(amountFinanced).abs().lt('0.000001')).toBe(
        true,
      );
    }
  });

  it('finds a zero rate when the payments only return the amount financed', () => {
    const payments = [
      { amountCents: 50000, periodMonths: 1 },
      { amountCents: 50000, periodMonths: 2 },
    ];
    expect(annualPercentageRate({ amountFinancedCents: 100000, payments }).toFixed(3)).toBe(
      '0.000',
    );
  });

  it('finds a negative rate when the payments are worth less than the amount financed', () => {
    const payments = [{ amountCents: 99000, periodMonths: 12 }];
    const apr = annualPercentageRate({ amountFinancedCents: 100000, payments });
    expect(apr.toFixed(3)).toBe(floatApr(100000, payments).toFixed(3));
    expect(apr.isNegative()).toBe(true);
  });

  it('falls back to bisection when Newton jumps past -100% a month', () => {
    // One cent back for $1,000 financed: (1 + i)^12 = 1e-5, i = -61.7% a month.
    const payments = [{ amountCents: 1, periodMonths: 12 }];
    const rate = solveUnitPeriodRate({ amountFinancedCents: 100000, payments });
    expect(rate.toNumber()).toBeCloseTo(10 ** (-5 / 12) - 1, 10);
    expect(presentValueCents(payments, rate).minus(100000).abs().lt('0.001')).toBe(true);
  });

  it('matches a classic annuity: $1,000 repaid in 12 payments of $88.85 is 12.002%', () => {
    const payments = Array.from({ length: 12 }, (_, index) => ({
      amountCents: 8885,
      periodMonths: index + 1,
    }));
    const apr = annualPercentageRate({ amountFinancedCents: 100000, payments });
    expect(apr.toFixed(3)).toBe(floatApr(100000, payments).toFixed(3));
    expect(apr.sub(12).abs().lt('0.01')).toBe(true);
  });

  it.each([
    ['no amount financed', 0, [{ amountCents: 100, periodMonths: 1 }], 'INVALID_AMOUNT'],
    ['no payments', 100, [], 'INVALID_PAYMENTS'],
    ['only zero payments', 100, [{ amountCents: 0, periodMonths: 1 }], 'INVALID_PAYMENTS'],
    ['a negative payment', 100, [{ amountCents: -1, periodMonths: 1 }], 'INVALID_PAYMENTS'],
    ['a payment at month 0', 100, [{ amountCents: 100, periodMonths: 0 }], 'INVALID_PAYMENTS'],
    ['a fractional month', 100, [{ amountCents: 100, periodMonths: 1.5 }], 'INVALID_PAYMENTS'],
  ])('refuses %s', (_label, amountFinancedCents, payments, code) => {
    expect(domainErrorCode(() => annualPercentageRate({ amountFinancedCents, payments }))).toBe(
      code,
    );
  });

  /** The exact solver's APR, rounded as annualPercentageRate rounds it. */
  function exactApr(amountFinancedCents: number, payments: readonly TScheduledPayment[]): string {
    return solveUnitPeriodRate({ amountFinancedCents, payments })
      .times(1200)
      .toDecimalPlaces(3, Decimal.ROUND_HALF_UP)
      .toFixed(3);
  }

  it('rounds as the exact solver does, across draws, fees, rates and terms', () => {
    for (const drawCents of [100000, 1000000, 2500000, 100000000, 1234567891]) {
      for (const feeBps of [0, 37, 100, 150, 499]) {
        for (const rateBps of [1, 450, 891, 1150, 2999]) {
          for (const termMonths of [1, 12, 36]) {
            const loanCents = drawCents + Math.floor((drawCents * feeBps) / 10000);
            const payments = interestOnlyPayments(loanCents, rateBps, termMonths);
            expect(
              annualPercentageRate({ amountFinancedCents: drawCents, payments }).toFixed(3),
            ).toBe(exactApr(drawCents, payments));
          }
        }
      }
    }
  });

  it.each([
    // Unrounded APRs a few millionths of a thousandth from a rounding tie.
    [37674, '12.797'], // 12.7974999937…
    [44082, '13.446'], // 13.4455000060…
  ])(
    'rounds an APR next to a tie as the exact solver does (a fee of %i cents)',
    (feeCents, expected) => {
      const payments = interestOnlyPayments(1000000 + feeCents, 891, 12);
      expect(annualPercentageRate({ amountFinancedCents: 1000000, payments }).toFixed(3)).toBe(
        expected,
      );
      expect(exactApr(1000000, payments)).toBe(expected);
    },
  );

  it('returns a Decimal with 3 decimals at most', () => {
    const apr = annualPercentageRate({
      amountFinancedCents: 1000000,
      payments: interestOnlyPayments(1010000, 891, 12),
    });
    expect(apr).toBeInstanceOf(Decimal);
    expect(apr.decimalPlaces()).toBeLessThanOrEqual(3);
  });
});
