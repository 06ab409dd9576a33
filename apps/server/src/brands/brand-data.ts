/**
 * Brand data: the brands a deployment serves (company and legal names, support e-mail and phone,
 * links, colours, flags) and the host names that pick them. Kept in a JSON file, never in code:
 * demo-brands.json (the sandbox's demo brands, pinned by the design) unless BRANDS_FILE names the
 * deployment's own. Every e-mail, PDF and page reads its brand from here (brands.ts).
 */
import { readFileSync } from 'node:fs';
import { ZBrand, ZWireAccount } from '@pledge/contract';
import { COLLATERAL_ATTESTATION_MAX_CHARS, COLLATERAL_ATTESTATION_MIN_CHARS } from '@pledge/domain';
import { z } from 'zod';

export const DEMO_BRANDS_FILE = new URL('./demo-brands.json', import.meta.url);

const ZHostName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/,
    'must be a host name',
  );

const { sandbox: _sandbox, ...brandShape } = ZBrand.shape;

export const ZBrandDefinition = z.object({
  ...brandShape,
  /** Host names (without port) that serve this brand. */
  hosts: z.array(ZHostName).max(50).default([]),
  /**
   * The lender's receiving account that borrowers wire payments to (with their loan's reference).
   * Server-side only: shown on a borrower's loan page, never put in index.html. Required in
   * production, where a borrower without a US bank account has no other way to pay.
   */
  wireInstructions: z.optional(ZWireAccount),
  /**
   * The brand's statement on every collateral proof that the coins are held at the address shown
   * and not re-lent. Server-side, shown on the proof; absent, a statement built from the company
   * name (defaultCollateralAttestation).
   */
  collateralAttestation: z.optional(
    z
      .string()
      .trim()
      .min(
        COLLATERAL_ATTESTATION_MIN_CHARS,
        `must be at least ${COLLATERAL_ATTESTATION_MIN_CHARS} characters`,
      )
      .max(
        COLLATERAL_ATTESTATION_MAX_CHARS,
        `must be at most ${COLLATERAL_ATTESTATION_MAX_CHARS} characters`,
      ),
  ),
});

export const ZBrandData = z
  .object({ brands: z.array(ZBrandDefinition).min(1).max(100) })
  .superRefine((data, ctx) => {
    const codes = data.brands.map((brand) => brand.orgCode);
    if (!codes.includes('default')) {
      ctx.addIssue({ code: 'custom', message: 'must define the "default" brand' });
    }
    if (new Set(codes).size !== codes.length) {
      ctx.addIssue({ code: 'custom', message: 'must not define an org code twice' });
    }
    const hosts = data.brands.flatMap((brand) => brand.hosts);
    if (new Set(hosts).size !== hosts.length) {
      ctx.addIssue({ code: 'custom', message: 'must not give a host name to two brands' });
    }
  });

export type TBrandDefinition = z.output<typeof ZBrandDefinition>;
export type TBrandData = z.output<typeof ZBrandData>;

/** Reads and checks a brand file (the demo brands when none is named). Throws a readable Error. */
export function loadBrandData(file?: string): TBrandData {
  const source = file ?? DEMO_BRANDS_FILE;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(source, 'utf8'));
  } catch (error) {
    const reason =
      error instanceof SyntaxError
        ? 'is not valid JSON'
        : error instanceof Error && 'code' in error && error.code === 'ENOENT'
          ? 'names a file that does not exist'
          : 'names a file that cannot be read';
    throw new Error(reason);
  }
  const result = ZBrandData.safeParse(parsed);
  if (!result.success) {
    const first = result.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || 'file'} ${issue.message}`)
      .join('; ');
    throw new Error(`is not a valid brand file: ${first}`);
  }
  return result.data;
}

/** Domains reserved for examples and tests (RFC 2606, RFC 6761): never a real brand's. */
const PLACEHOLDER_DOMAIN = /(^|\.)(example|test|invalid|localhost)$|(^|\.)example\.(com|net|org)$/;
/** 555-0100 to 555-0199 are reserved for fiction in the North American numbering plan. */
const PLACEHOLDER_PHONE = /555\D?01\d\d\b/;

function hostOf(url: string): string | null {
  if (url.startsWith('/')) return null; // served by this app
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Contact details that would reach a borrower as placeholders (an example domain, a fictional
 * phone number), or wire instructions missing: a production deployment must not send them. One
 * line per brand and field.
 */
export function brandDataProblems(data: TBrandData): string[] {
  const problems: string[] = [];
  for (const brand of data.brands) {
    const name = `brand "${brand.orgCode}"`;
    const emailDomain = brand.supportEmail.split('@')[1]?.toLowerCase() ?? '';
    if (PLACEHOLDER_DOMAIN.test(emailDomain)) {
      problems.push(
        `${name} has a placeholder supportEmail (${brand.supportEmail}): set its real address`,
      );
    }
    if (PLACEHOLDER_PHONE.test(brand.supportPhone)) {
      problems.push(
        `${name} has a placeholder supportPhone (${brand.supportPhone}): set its real number`,
      );
    }
    if (brand.wireInstructions === undefined) {
      problems.push(
        `${name} has no wireInstructions: borrowers without a US bank account would have no way to pay`,
      );
    }
    for (const field of ['termsUrl', 'privacyUrl', 'licensesUrl'] as const) {
      const host = hostOf(brand[field]);
      if (host !== null && PLACEHOLDER_DOMAIN.test(host)) {
        problems.push(`${name} has a placeholder ${field} (${brand[field]}): set its real page`);
      }
    }
  }
  return problems;
}
