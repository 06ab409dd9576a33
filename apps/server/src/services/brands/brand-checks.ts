/**
 * The checks of a brand version that need the database, on top of the domain's (brand-rules.ts):
 * the hosts other brands serve, the organisation codes ever used. A version that fails them is
 * refused with every problem, by field, and nothing is written.
 */
import type { TBrandDraft } from '@pledge/contract';
import { brandRuleProblems, type TUsStateCode } from '@pledge/domain';
import { ne } from 'drizzle-orm';
import { ZBrandDefinition, type TBrandDefinition } from '../../brands/brand-data.js';
import type { TDb } from '../../db/pool.js';
import { brandHosts, brands } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';

/** The hosts the other brands' published versions serve, host → org code. */
export async function otherBrandHosts(tx: TDb, orgCode: string): Promise<Map<string, string>> {
  const rows = await tx.select().from(brandHosts).where(ne(brandHosts.orgCode, orgCode));
  return new Map(rows.map((row) => [row.host, row.orgCode]));
}

/** Every organisation code ever created (a brand is never deleted, its code never reused). */
export async function usedOrgCodes(tx: TDb): Promise<Set<string>> {
  const rows = await tx.select({ orgCode: brands.orgCode }).from(brands);
  return new Set(rows.map((row) => row.orgCode));
}

/** 400 with every problem of the version, by field; the first one as the message. */
export function refuseProblems(problems: { field: string; message: string }[]): void {
  const [first] = problems;
  if (first === undefined) return;
  const fieldErrors: Record<string, string[]> = {};
  for (const problem of problems) (fieldErrors[problem.field] ??= []).push(problem.message);
  throw new HttpError(400, 'VALIDATION_ERROR', first.message, fieldErrors);
}

/**
 * The definition a draft makes: the console's fields over the version it is written from (which
 * keeps what the console does not edit), checked as a brand file is.
 */
export function definitionOfDraft(
  draft: TBrandDraft,
  base: TBrandDefinition | null,
): TBrandDefinition {
  const merged = { ...base, ...draft };
  const parsed = ZBrandDefinition.safeParse(merged);
  if (!parsed.success) {
    refuseProblems(
      parsed.error.issues.map((issue) => ({
        field: issue.path.join('.'),
        message: `${issue.path.join('.')}: ${issue.message}`,
      })),
    );
    throw new Error('unreachable');
  }
  return parsed.data;
}

/** The domain's rules and the database's (hosts of other brands; a new brand's code unused). */
export async function assertBrandVersionValid(
  tx: TDb,
  definition: TBrandDefinition,
  options: { newBrand: boolean },
): Promise<void> {
  const hosts = await otherBrandHosts(tx, definition.orgCode);
  const orgCodes = options.newBrand ? await usedOrgCodes(tx) : new Set<string>();
  refuseProblems(
    brandRuleProblems(
      {
        orgCode: definition.orgCode,
        colors: definition.colors,
        hosts: definition.hosts,
        servedStates: (definition.servedStates ?? []) as TUsStateCode[],
        stateLicences: (definition.stateLicences ?? []) as {
          state: TUsStateCode;
          number: string;
        }[],
      },
      { hosts, orgCodes },
    ),
  );
}
