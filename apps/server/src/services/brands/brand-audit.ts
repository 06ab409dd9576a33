/**
 * The audit trail of brands: who created a brand, who changed which fields of its draft, who
 * proposed and who approved each publication, and when (audit_events, entity `brand`).
 */
import { canonicalJson } from '../../canonical-json.js';
import type { TDb } from '../../db/pool.js';
import { auditEvents } from '../../db/schema/index.js';
import { agentActor } from '../ops/ops-record.js';

export const BRAND_ENTITY = 'brand';

/** The top-level fields whose values differ between two versions, in the order of `after`. */
export function changedBrandFields(
  before: Readonly<Record<string, unknown>> | null,
  after: Readonly<Record<string, unknown>>,
): string[] {
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before ?? {})])];
  // An absent field reads `undefined`: a field removed differs from one set to null.
  const canonical = (value: unknown) => canonicalJson(value, { undefinedAs: 'undefined' });
  return keys.filter((key) => canonical(before?.[key]) !== canonical(after[key]));
}

export async function auditBrand(
  tx: TDb,
  input: {
    orgCode: string;
    agentUuid: string;
    from: string | null;
    to: string;
    reason: string;
    at?: Date;
  },
): Promise<void> {
  await tx.insert(auditEvents).values({
    entityType: BRAND_ENTITY,
    entityId: input.orgCode,
    actor: agentActor(input.agentUuid),
    fromState: input.from,
    toState: input.to,
    // Bounded: a long list of fields is cut.
    reason: input.reason.slice(0, 1_000),
    ...(input.at !== undefined ? { at: input.at } : {}),
  });
}
