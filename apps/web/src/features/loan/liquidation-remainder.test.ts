import { describe, expect, it } from 'vitest';
import { ZERO_BALANCES } from '@pledge/domain';
import { liquidationRemainderOf } from './liquidation-remainder.js';
import { liquidation, servicingLoan } from './loan-test-data.js';

/** Sold by the desk at a better price than planned: nothing owed, 0.4 BTC left. */
const liquidatedWithCoinsLeft = servicingLoan({
  status: 'LIQUIDATED',
  balances: ZERO_BALANCES,
  collateral: { coinQuantity: '0.40000000', type: 'BTC' },
  nextPayment: null,
  liquidations: [liquidation()],
});

describe('liquidationRemainderOf', () => {
  it('answers the coins left of a liquidated loan that owes nothing', () => {
    expect(liquidationRemainderOf(liquidatedWithCoinsLeft)).toEqual({
      coinQuantity: '0.40000000',
      type: 'BTC',
    });
  });

  it.each([
    ['still owes a cent', { balances: { ...ZERO_BALANCES, feesCents: 1, totalCents: 1 } }],
    ['has no coin left', { collateral: { coinQuantity: '0', type: 'BTC' as const } }],
    ['is still being sold', { liquidations: [liquidation({ status: 'OPEN', fill: null })] }],
    ['is open (ACTIVE)', { status: 'ACTIVE' as const }],
    ['is paid off (released as after a payoff)', { status: 'PAID_OFF' as const }],
  ])('answers null when the loan %s', (_name, overrides) => {
    expect(liquidationRemainderOf({ ...liquidatedWithCoinsLeft, ...overrides })).toBeNull();
  });
});
