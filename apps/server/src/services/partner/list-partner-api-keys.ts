/** The console's list of partner API keys: their public id, scopes and lifetime, never a secret. */
import { PARTNER_API_KEYS_LIST_MAX, type TPartnerApiKey } from '@pledge/contract';
import { desc } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { partnerApiKeys } from '../../db/schema/index.js';

export async function listPartnerApiKeys(db: TDb): Promise<{ keys: TPartnerApiKey[] }> {
  const rows = await db
    .select({
      id: partnerApiKeys.id,
      keyId: partnerApiKeys.keyId,
      brand: partnerApiKeys.brand,
      label: partnerApiKeys.label,
      scopes: partnerApiKeys.scopes,
      createdAt: partnerApiKeys.createdAt,
      expiresAt: partnerApiKeys.expiresAt,
      revokedAt: partnerApiKeys.revokedAt,
      lastUsedAt: partnerApiKeys.lastUsedAt,
      replacesId: partnerApiKeys.replacesId,
    })
    .from(partnerApiKeys)
    .orderBy(desc(partnerApiKeys.createdAt), desc(partnerApiKeys.keyId))
    .limit(PARTNER_API_KEYS_LIST_MAX);
  // A rotation replaces a key of the same brand, created before it: almost always in the same list.
  const keyIdOf = new Map(rows.map((row) => [row.id, row.keyId]));
  return {
    keys: rows.map((row) => ({
      keyId: row.keyId,
      brand: row.brand,
      label: row.label,
      scopes: row.scopes,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt?.toISOString() ?? null,
      revokedAt: row.revokedAt?.toISOString() ?? null,
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      replacesKeyId: row.replacesId === null ? null : (keyIdOf.get(row.replacesId) ?? null),
    })),
  };
}
