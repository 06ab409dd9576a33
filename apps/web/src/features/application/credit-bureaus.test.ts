import { describe, expect, it } from 'vitest';
import { CREDIT_BUREAUS, telHref } from './credit-bureaus.js';

describe('telHref', () => {
  it.each([
    ['(888) 555-0100', 'tel:+18885550100'],
    ['1-888-298-0045', 'tel:+18882980045'],
    ['+44 20 7946 0958', 'tel:+442079460958'],
  ])('%s calls %s', (phone, href) => {
    expect(telHref(phone)).toBe(href);
  });
});

describe('CREDIT_BUREAUS', () => {
  it('lists the three nationwide bureaus with secure links', () => {
    expect(CREDIT_BUREAUS.map((bureau) => bureau.name)).toEqual([
      'Equifax',
      'Experian',
      'TransUnion',
    ]);
    for (const bureau of CREDIT_BUREAUS) {
      expect(bureau.freezeUrl).toMatch(/^https:\/\//);
      expect(bureau.siteUrl).toMatch(/^https:\/\//);
    }
  });
});
