/**
 * The preview of a brand's draft on its real pages: an agent is given a token (sealed with the
 * field cipher, so only this deployment makes or reads one) naming one version of one brand for
 * BRAND_PREVIEW_MINUTES; a page asked with `?brandPreview=<token>` is served in that version
 * (serve-web.ts), framed only by the console's own origin.
 */
import type { TBrand, TPostOpsBrandPreviewResponse } from '@pledge/contract';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ZBrandDefinition } from '../../brands/brand-data.js';
import type { TDb } from '../../db/pool.js';
import { brands, brandVersions } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TClock } from '../../security/jwt.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { actingAgent } from '../controls/checker-rules.js';
import { BRAND_NOT_FOUND } from './publish-brand-version.js';

export const BRAND_PREVIEW_MINUTES = 30;
const CONTEXT = 'brand-preview';

const ZPreviewClaims = z.object({
  orgCode: z.string(),
  version: z.number().int().positive(),
  expiresAt: z.number(),
});

export interface TBrandPreviewDeps {
  db: TDb;
  cipher: TFieldCipher;
  clock: TClock;
}

export async function issueBrandPreview(
  deps: TBrandPreviewDeps,
  input: { agentUuid: string; orgCode: string },
): Promise<TPostOpsBrandPreviewResponse> {
  await actingAgent(deps.db, deps.cipher, input.agentUuid);
  const [brand] = await deps.db.select().from(brands).where(eq(brands.orgCode, input.orgCode));
  if (brand === undefined) throw new HttpError(404, 'BRAND_NOT_FOUND', BRAND_NOT_FOUND);
  const [draft] = await deps.db
    .select({ version: brandVersions.version })
    .from(brandVersions)
    .where(and(eq(brandVersions.orgCode, input.orgCode), eq(brandVersions.status, 'DRAFT')));
  const version = draft?.version ?? brand.publishedVersion;
  if (version === null) throw new HttpError(404, 'BRAND_NOT_FOUND', BRAND_NOT_FOUND);
  const expiresAt = deps.clock().getTime() + BRAND_PREVIEW_MINUTES * 60_000;
  const token = deps.cipher.encryptText(
    JSON.stringify({ orgCode: input.orgCode, version, expiresAt }),
    CONTEXT,
  );
  return { version, token, expiresAt: new Date(expiresAt).toISOString() };
}

/** The brand a preview token shows, or null when it is not one of ours or has expired. */
export async function previewBrandOf(
  deps: TBrandPreviewDeps,
  token: string,
  sandbox: boolean,
): Promise<TBrand | null> {
  if (token.length > 2_000) return null;
  let claims: z.output<typeof ZPreviewClaims>;
  try {
    claims = ZPreviewClaims.parse(JSON.parse(deps.cipher.decryptText(token, CONTEXT)));
  } catch {
    return null;
  }
  if (claims.expiresAt <= deps.clock().getTime()) return null;
  const [row] = await deps.db
    .select({ definition: brandVersions.definition })
    .from(brandVersions)
    .where(
      and(eq(brandVersions.orgCode, claims.orgCode), eq(brandVersions.version, claims.version)),
    );
  if (row === undefined) return null;
  const {
    hosts: _hosts,
    wireInstructions: _wire,
    collateralAttestation: _attestation,
    ...definition
  } = ZBrandDefinition.parse(row.definition);
  return { ...definition, sandbox };
}
