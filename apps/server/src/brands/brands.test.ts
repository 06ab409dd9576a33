import { describe, expect, it } from 'vitest';
import { ZBrand } from '@pledge/contract';
import {
  brandFor,
  listOrgCodes,
  offersInternational,
  orgCodeForHost,
  resolveBrand,
} from './brands.js';

describe('brands', () => {
  it('defines the three demo brands, each valid', () => {
    expect(listOrgCodes()).toEqual(['default', 'partner', 'markets']);
    for (const orgCode of listOrgCodes()) {
      expect(ZBrand.safeParse(brandFor(orgCode, true)).success).toBe(true);
    }
  });

  it.each([
    ['default', false, false, true],
    ['partner', true, false, false],
    ['markets', false, true, false],
  ])('gives %s wholesale=%s marketsCredit=%s international=%s', (org, wholesale, markets, intl) => {
    const brand = brandFor(org, false);
    expect(brand.flags.wholesale).toBe(wholesale);
    expect(brand.flags.marketsCredit).toBe(markets);
    expect(offersInternational(brand)).toBe(intl);
  });

  it('falls back to the default brand', () => {
    expect(brandFor('nobody', false).orgCode).toBe('default');
    expect(brandFor(undefined, false).orgCode).toBe('default');
  });

  it.each([
    ['partner.localhost', 'partner'],
    ['PARTNER.localhost:3000', 'partner'],
    ['markets.localhost.', 'markets'],
    ['localhost:3000', undefined],
    [undefined, undefined],
  ])('maps host %s to %s', (host, org) => {
    expect(orgCodeForHost(host)).toBe(org);
  });

  it.each([
    [{ host: 'localhost', orgParam: 'markets', sandbox: true }, 'markets'],
    [{ host: 'localhost', orgParam: 'markets', sandbox: false }, 'default'],
    [{ host: 'partner.localhost', orgParam: undefined, sandbox: false }, 'partner'],
    [{ host: 'partner.localhost', orgParam: 'markets', sandbox: true }, 'markets'],
    [{ host: 'partner.localhost', orgParam: 'unknown', sandbox: true }, 'partner'],
    [{ host: 'localhost', orgParam: 'unknown', sandbox: true }, 'default'],
  ])('resolves %j to %s', (input, org) => {
    const brand = resolveBrand(input);
    expect(brand.orgCode).toBe(org);
    expect(brand.sandbox).toBe(input.sandbox);
  });
});
