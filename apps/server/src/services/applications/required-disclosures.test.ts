import { describe, expect, it } from 'vitest';
import { requiredDisclosures } from './required-disclosures.js';

describe('requiredDisclosures', () => {
  it.each([
    [
      'a US borrower',
      false,
      [
        'E_SIGN_CONSENT',
        'TRUTH_IN_LENDING_DISCLOSURE',
        'LOAN_AGREEMENT',
        'PLEDGE_AND_SECURITY_AGREEMENT',
      ],
    ],
    [
      'an international borrower',
      true,
      ['E_SIGN_CONSENT', 'LOAN_AGREEMENT', 'PLEDGE_AND_SECURITY_AGREEMENT'],
    ],
  ])('%s signs these, in order', (_name, isInternational, kinds) => {
    expect(requiredDisclosures({ isInternational })).toEqual(kinds);
  });
});
