/**
 * The brands served and how a request picks one: by host name, or by `?org=` in sandbox mode.
 * Unknown codes fall back to `default`. The brands come from brand data (brand-data.ts): the demo
 * brands (organisation codes pinned by the design: default, partner, markets) unless the boot
 * installs a deployment's own from BRANDS_FILE; with a database, the published versions of the
 * brands table (brand-store.ts keeps every instance on them). Logos are served from
 * apps/server/public/brands/<org>/logo.svg unless a brand's logoUrl points elsewhere.
 */
import type { TBrand, TWireAccount } from '@pledge/contract';
import { defaultCollateralAttestation } from '@pledge/domain';
import { loadBrandData, type TBrandData } from './brand-data.js';

export const DEFAULT_ORG_CODE = 'default';

export type TBrandDefinition = Omit<TBrand, 'sandbox'>;

interface TBrandTable {
  brands: ReadonlyMap<string, TBrandDefinition>;
  /** Host names (without port, lower case) and the org code each serves. */
  hosts: ReadonlyMap<string, string>;
  defaultBrand: TBrandDefinition;
  /** Each brand's receiving account for wires (kept apart: the page's brand never carries it). */
  wireAccounts: ReadonlyMap<string, TWireAccount>;
  /** Each brand's collateral attestation, where its data gives one. */
  attestations: ReadonlyMap<string, string>;
  /** The published version each brand is served at (none before the database has brands). */
  versions: ReadonlyMap<string, number>;
}

function tableOf(data: TBrandData, versions: ReadonlyMap<string, number>): TBrandTable {
  const brands = new Map<string, TBrandDefinition>();
  const hosts = new Map<string, string>();
  const wireAccounts = new Map<string, TWireAccount>();
  const attestations = new Map<string, string>();
  for (const {
    hosts: brandHosts,
    wireInstructions,
    collateralAttestation,
    ...definition
  } of data.brands) {
    brands.set(definition.orgCode, definition);
    if (wireInstructions !== undefined) wireAccounts.set(definition.orgCode, wireInstructions);
    if (collateralAttestation !== undefined) {
      attestations.set(definition.orgCode, collateralAttestation);
    }
    for (const host of brandHosts) hosts.set(host, definition.orgCode);
  }
  const defaultBrand = brands.get(DEFAULT_ORG_CODE);
  if (defaultBrand === undefined) throw new Error(`The "${DEFAULT_ORG_CODE}" brand is missing`);
  return { brands, hosts, defaultBrand, wireAccounts, attestations, versions };
}

// Validated at load: a broken brand stops the boot instead of reaching a browser.
let table: TBrandTable = tableOf(loadBrandData(), new Map());

/**
 * Serves these brands from now on: the boot installs the configured brand data, then the brand
 * store the published versions of the database, again whenever one is published.
 */
export function installBrands(
  data: TBrandData,
  versions: ReadonlyMap<string, number> = new Map(),
): void {
  table = tableOf(data, versions);
}

/** The published version a brand is served at, or null when its brands come from a file. */
export function publishedBrandVersion(orgCode: string | undefined): number | null {
  const brand = brandFor(orgCode, false);
  return table.versions.get(brand.orgCode) ?? null;
}

export function listOrgCodes(): string[] {
  return [...table.brands.keys()];
}

/** The brand of an org code; unknown codes get the default brand. */
export function brandFor(orgCode: string | undefined, sandbox: boolean): TBrand {
  const definition =
    (orgCode !== undefined ? table.brands.get(orgCode) : undefined) ?? table.defaultBrand;
  return { ...definition, sandbox };
}

/** The account borrowers of a brand wire payments to; null when the brand file gives none. */
export function wireAccountFor(orgCode: string | undefined): TWireAccount | null {
  const brand = brandFor(orgCode, false);
  return table.wireAccounts.get(brand.orgCode) ?? null;
}

/**
 * The brand's statement that a loan's coins are held at its address and not re-lent: its own
 * from the brand data, else one built from its company name.
 */
export function collateralAttestationFor(orgCode: string | undefined): {
  companyName: string;
  attestation: string;
} {
  const brand = brandFor(orgCode, false);
  return {
    companyName: brand.companyName,
    attestation:
      table.attestations.get(brand.orgCode) ?? defaultCollateralAttestation(brand.companyName),
  };
}

/**
 * Whether a brand lends to international residents: it must enable them, and the markets-credit
 * flag hides the International choice (document 1 §1).
 */
export function offersInternational(
  brand: Pick<TBrand, 'internationalEnabled' | 'flags'>,
): boolean {
  return brand.internationalEnabled && !brand.flags.marketsCredit;
}

/** The org code a host name serves (`Host` header, port ignored), or undefined. */
export function orgCodeForHost(host: string | undefined): string | undefined {
  if (host === undefined) return undefined;
  const name = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return table.hosts.get(name);
}

/**
 * The brand of a page request: `?org=` wins in sandbox mode (demos of every brand on one host),
 * then the host name, then the default.
 */
export function resolveBrand(input: {
  host: string | undefined;
  orgParam: string | undefined;
  sandbox: boolean;
}): TBrand {
  const fromParam = input.sandbox && input.orgParam !== undefined ? input.orgParam : undefined;
  const orgCode =
    (fromParam !== undefined && table.brands.has(fromParam) ? fromParam : undefined) ??
    orgCodeForHost(input.host);
  return brandFor(orgCode, input.sandbox);
}
