import { describe, expect, it } from 'vitest';
import { disbursementPageRedirect } from './disbursement-flow.js';

describe('disbursement pages follow the residence', () => {
  it.each([
    [true, 'US_BANK', 'usdc-disbursement'],
    [true, 'USDC_WALLET', null],
    [false, 'US_BANK', null],
    [false, 'USDC_WALLET', 'disbursement'],
  ] as const)('international %s on a %s page goes to %s', (isInternational, rail, expected) => {
    expect(disbursementPageRedirect({ isInternational, rail })).toBe(expected);
  });
});
