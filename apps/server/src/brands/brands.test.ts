import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ZBrand } from '@pledge/contract';
import { brandDataProblems, loadBrandData } from './brand-data.js';
import {
  brandFor,
  collateralAttestationFor,
  installBrands,
  listOrgCodes,
  offersInternational,
  orgCodeForHost,
  resolveBrand,
  wireAccountFor,
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

describe('brand data', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'brand-data-'));
  afterEach(() => installBrands(loadBrandData()));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function brandFile(change: (brands: Record<string, unknown>[]) => unknown): string {
    const demo = loadBrandData();
    const file = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, JSON.stringify({ brands: change(demo.brands as never) }));
    return file;
  }

  it('serves the brands of a brand file, contact details and hosts included', () => {
    const file = brandFile((brands) => [
      {
        ...brands[0],
        companyName: 'Acme Lending',
        supportEmail: 'help@acme-lending.com',
        supportPhone: '(212) 736-4410',
        hosts: ['loans.acme-lending.com'],
      },
    ]);
    installBrands(loadBrandData(file));
    expect(listOrgCodes()).toEqual(['default']);
    expect(brandFor('partner', false)).toMatchObject({
      orgCode: 'default',
      companyName: 'Acme Lending',
      supportEmail: 'help@acme-lending.com',
    });
    expect(orgCodeForHost('LOANS.acme-lending.com:443')).toBe('default');
    expect(orgCodeForHost('partner.localhost')).toBeUndefined();
  });

  it.each([
    ['no default brand', (brands: Record<string, unknown>[]) => brands.slice(1), 'default'],
    [
      'a host given twice',
      (brands: Record<string, unknown>[]) =>
        brands.map((brand) => ({ ...brand, hosts: ['a.com'] })),
      'host name',
    ],
    [
      'a bad e-mail',
      (brands: Record<string, unknown>[]) => [{ ...brands[0], supportEmail: 'nobody' }],
      'supportEmail',
    ],
  ])('refuses a file with %s', (_, change, message) => {
    expect(() => loadBrandData(brandFile(change))).toThrow(message);
  });

  it('finds the placeholder contact details of the demo brands', () => {
    const problems = brandDataProblems(loadBrandData());
    expect(problems).toContain(
      'brand "default" has a placeholder supportEmail (support@pledgelending.example): set its real address',
    );
    expect(problems.some((problem) => problem.includes('supportPhone ((888) 555-0142)'))).toBe(
      true,
    );
    const real = loadBrandData(
      brandFile((brands) => [
        {
          ...brands[0],
          supportEmail: 'help@acme-lending.com',
          supportPhone: '(212) 736-4410',
          termsUrl: 'https://acme-lending.com/terms',
          licensesUrl: 'https://acme-lending.com/licenses',
        },
      ]),
    );
    expect(brandDataProblems(real)).toEqual([]);
  });

  it('keeps each brand’s wire account on the server, out of the brand the page gets', () => {
    expect(wireAccountFor('partner')).toMatchObject({
      beneficiaryName: 'Harbor Credit Partners, Inc.',
      routingNumber: '110000000',
    });
    expect(wireAccountFor('nobody')).toEqual(wireAccountFor('default'));
    expect(brandFor('default', true)).not.toHaveProperty('wireInstructions');
  });

  it('gives each demo brand its own collateral attestation, kept out of the page’s brand', () => {
    expect(collateralAttestationFor('partner')).toEqual({
      companyName: 'Harbor Credit Partners',
      attestation: expect.stringContaining('Harbor Credit Partners keeps the collateral'),
    });
    expect(collateralAttestationFor('nobody')).toEqual(collateralAttestationFor('default'));
    expect(brandFor('partner', true)).not.toHaveProperty('collateralAttestation');
  });

  it('bounds the attestation and builds one from the company name when none is given', () => {
    expect(() =>
      loadBrandData(brandFile((brands) => [{ ...brands[0], collateralAttestation: 'Held.' }])),
    ).toThrow('collateralAttestation must be at least 20 characters');
    expect(() =>
      loadBrandData(
        brandFile((brands) => [{ ...brands[0], collateralAttestation: 'x'.repeat(601) }]),
      ),
    ).toThrow('collateralAttestation must be at most 600 characters');
    installBrands(
      loadBrandData(brandFile((brands) => [{ ...brands[0], collateralAttestation: undefined }])),
    );
    expect(collateralAttestationFor('default').attestation).toMatch(
      /^Pledge Lending holds the collateral of this loan at the address shown/,
    );
  });

  it('refuses wire details a bank would bounce, and needs them in production', () => {
    const badRouting = (brands: Record<string, unknown>[]) => [
      {
        ...brands[0],
        wireInstructions: {
          ...(brands[0]?.wireInstructions as object),
          routingNumber: '123456789',
        },
      },
    ];
    expect(() => loadBrandData(brandFile(badRouting))).toThrow('routingNumber');
    const without = loadBrandData(
      brandFile((brands) => [{ ...brands[0], wireInstructions: undefined }]),
    );
    installBrands(without);
    expect(wireAccountFor('default')).toBeNull();
    expect(brandDataProblems(without)).toContain(
      'brand "default" has no wireInstructions: borrowers without a US bank account would have no way to pay',
    );
  });
});
