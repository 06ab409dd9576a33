import { describe, expect, it } from 'vitest';
import { ZCollateralPayoff } from '../entities/collateral-info.js';
import { ZPostOpsRecordPayoffBody } from './post-record-payoff.js';

describe('ZPostOpsRecordPayoffBody', () => {
  it.each([
    [{ method: 'ACH' }, { method: 'ACH' }],
    [
      { method: 'WIRE', reason: '  Paid early ' },
      { method: 'WIRE', reason: 'Paid early' },
    ],
  ])('accepts %j', (body, parsed) => {
    expect(ZPostOpsRecordPayoffBody.parse(body)).toEqual(parsed);
  });

  it.each([
    [{}],
    [{ method: 'ach' }],
    [{ method: 'CHEQUE' }],
    [{ method: 'ACH', reason: 'x'.repeat(501) }],
  ])('refuses %j', (body) => {
    expect(ZPostOpsRecordPayoffBody.safeParse(body).success).toBe(false);
  });

  it('names the method when it is missing', () => {
    const result = ZPostOpsRecordPayoffBody.safeParse({});
    expect(result.error?.issues[0]).toMatchObject({
      path: ['method'],
      message: 'Choose a payment method',
    });
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
