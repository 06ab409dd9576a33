import { describe, expect, it } from 'vitest';
import { getValidStates, ZGetValidStatesResponse } from './get-valid-states.js';

describe('getValidStates', () => {
  it('is the public GET of DESIGN §4', () => {
    expect(getValidStates).toMatchObject({
      method: 'GET',
      path: '/service-cryptopl-leap/insecure/api/v1/states/valid',
      auth: 'none',
    });
  });

  it('accepts the list of states with their limits', () => {
    const answer = [
      { state: 'OH', name: 'Ohio', rateEnabled: true, minLoanAmount: 5001, maxLoanAmount: 2000000 },
      {
        state: 'TX',
        name: 'Texas',
        rateEnabled: false,
        minLoanAmount: 5000,
        maxLoanAmount: 2000000,
      },
    ];
    expect(ZGetValidStatesResponse.parse(answer)).toEqual(answer);
  });

  it.each([
    ['a lower-case code', { state: 'oh' }],
    ['a negative minimum', { minLoanAmount: -1 }],
    ['a missing rateEnabled', { rateEnabled: undefined }],
    ['a fractional cent', { maxLoanAmount: 10.005 }],
  ])('refuses %s', (_, change) => {
    const entry = {
      state: 'OH',
      name: 'Ohio',
      rateEnabled: true,
      minLoanAmount: 5001,
      maxLoanAmount: 2000000,
      ...change,
    };
    expect(ZGetValidStatesResponse.safeParse([entry]).success).toBe(false);
  });
});
