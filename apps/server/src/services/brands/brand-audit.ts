/**
 * The audit trail of brands: who created a brand, who changed which fields of its draft, who
 * proposed and who approved each publication, and when (audit_events, entity `brand`).
 */
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
  return keys.filter((key) => canonical(before?.[key]) !== canonical(after[key]));
}

/** A value as text with its keys in order (jsonb keeps its own order of keys). */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
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
