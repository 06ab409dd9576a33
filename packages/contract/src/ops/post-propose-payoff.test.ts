import { describe, expect, it } from 'vitest';
import { ZCollateralPayoff } from '../entities/collateral-info.js';
import { ZPostOpsProposePayoffBody } from './post-propose-payoff.js';
import { ZPostOpsProposeReleaseFundsBody } from './post-propose-release-funds.js';

const PAYOFF = {
  method: 'WIRE',
  reference: 'FED-20250301-1',
  amount: 20150.25,
  paidOn: '2025-03-01',
};

describe('ZPostOpsProposePayoffBody', () => {
  it.each([
    [PAYOFF, PAYOFF],
    [
      { ...PAYOFF, reference: '  FED-1 ', note: '  Paid early ' },
      { ...PAYOFF, reference: 'FED-1', note: 'Paid early' },
    ],
  ])('accepts %j', (body, parsed) => {
    expect(ZPostOpsProposePayoffBody.parse(body)).toEqual(parsed);
  });

  it.each([
    [{}],
    [{ ...PAYOFF, method: 'ach' }],
    [{ ...PAYOFF, method: 'CHEQUE' }],
    [{ ...PAYOFF, reference: '   ' }],
    [{ ...PAYOFF, amount: 0 }],
    [{ ...PAYOFF, amount: 10.001 }],
    [{ ...PAYOFF, amount: '100.00' }],
    [{ ...PAYOFF, paidOn: '2025-02-30' }],
    [{ ...PAYOFF, paidOn: '01/03/2025' }],
    [{ ...PAYOFF, note: 'x'.repeat(501) }],
  ])('refuses %j', (body) => {
    expect(ZPostOpsProposePayoffBody.safeParse(body).success).toBe(false);
  });

  it('names the method and the reference when they are missing', () => {
    const result = ZPostOpsProposePayoffBody.safeParse({
      ...PAYOFF,
      method: undefined,
      reference: '',
    });
    expect(result.error?.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: ['method'], message: 'Choose a payment method' }),
        expect.objectContaining({ path: ['reference'], message: 'Give the payment reference' }),
      ]),
    );
  });
});

describe('ZPostOpsProposeReleaseFundsBody', () => {
  it('needs a transfer reference', () => {
    expect(ZPostOpsProposeReleaseFundsBody.parse({ reference: ' ACH-77 ' })).toEqual({
      reference: 'ACH-77',
    });
    expect(
      ZPostOpsProposeReleaseFundsBody.safeParse({ reference: '' }).error?.issues[0],
    ).toMatchObject({ path: ['reference'], message: 'Give the transfer reference' });
  });
});

describe('ZCollateralPayoff', () => {
  it('holds the method, the payoff time and the end of the hold', () => {
    const payoff = {
      method: 'ACH',
      paidOffAt: '2025-03-01T10:00:00.000Z',
      heldUntil: '2025-03-22T10:00:00.000Z',
    };
    expect(ZCollateralPayoff.parse(payoff)).toEqual(payoff);
    expect(ZCollateralPayoff.safeParse({ ...payoff, method: 'CASH' }).success).toBe(false);
  });
});
