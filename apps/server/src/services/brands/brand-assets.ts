/**
 * A brand's logo and favicon, uploaded in the console: decoded and re-encoded as PNG (so nothing
 * but pixels reaches a borrower's browser: no script, no metadata), at most
 * BRAND_BOUNDS.logoPixels a side; SVG and anything unreadable is refused. The same image uploaded
 * twice is stored once. Served publicly under its id, which never changes what it names.
 */
import type { TPostOpsBrandAssetResponse } from '@pledge/contract';
import { BRAND_ASSETS_PATH } from '@pledge/contract';
import { BRAND_BOUNDS } from '@pledge/domain';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { TDb } from '../../db/pool.js';
import { brandAssets, brands } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { actingAgent } from '../controls/checker-rules.js';
import { BRAND_NOT_FOUND } from './publish-brand-version.js';

export const BRAND_ASSET_MESSAGES = {
  svg: 'SVG images are refused (they can carry script): upload a PNG, JPEG or WebP image.',
  unreadable: 'This file is not a PNG, JPEG or WebP image that can be read.',
  tooLarge: 'The image is larger than 512 KB.',
} as const;

const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);

function refused(message: string): HttpError {
  return new HttpError(400, 'VALIDATION_ERROR', message, { file: [message] });
}

/** The image as PNG, its size, or the refusal. */
export async function reencodeBrandImage(
  bytes: Buffer,
): Promise<{ png: Buffer; width: number; height: number }> {
  if (bytes.length > BRAND_BOUNDS.logoBytes) throw refused(BRAND_ASSET_MESSAGES.tooLarge);
  const head = bytes.subarray(0, 512).toString('utf8').trimStart().toLowerCase();
  if (head.startsWith('<svg') || head.startsWith('<?xml') || head.includes('<svg')) {
    throw refused(BRAND_ASSET_MESSAGES.svg);
  }
  const options = { limitInputPixels: 16_000_000, failOn: 'error' } as const;
  try {
    const metadata = await sharp(bytes, options).metadata();
    if (metadata.format === 'svg') throw refused(BRAND_ASSET_MESSAGES.svg);
    if (!ACCEPTED_FORMATS.has(metadata.format ?? ''))
      throw refused(BRAND_ASSET_MESSAGES.unreadable);
    const { data, info } = await sharp(bytes, options)
      .rotate()
      .resize({
        width: BRAND_BOUNDS.logoPixels,
        height: BRAND_BOUNDS.logoPixels,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw refused(BRAND_ASSET_MESSAGES.unreadable);
  }
}

export const brandAssetUrl = (id: string) => `${BRAND_ASSETS_PATH}/${id}`;

export async function uploadBrandAsset(
  deps: { db: TDb; cipher: TFieldCipher },
  input: { agentUuid: string; orgCode: string; kind: 'LOGO' | 'FAVICON'; file: Buffer },
): Promise<TPostOpsBrandAssetResponse> {
  const agent = await actingAgent(deps.db, deps.cipher, input.agentUuid);
  const [brand] = await deps.db.select().from(brands).where(eq(brands.orgCode, input.orgCode));
  if (brand === undefined) throw new HttpError(404, 'BRAND_NOT_FOUND', BRAND_NOT_FOUND);
  const { png, width, height } = await reencodeBrandImage(input.file);
  const sha256 = createHash('sha256').update(png).digest('hex');
  await deps.db
    .insert(brandAssets)
    .values({
      orgCode: input.orgCode,
      kind: input.kind,
      contentType: 'image/png',
      bytes: png,
      sha256,
      width,
      height,
      createdBy: agent.identityUuid,
    })
    .onConflictDoNothing();
  const [stored] = await deps.db
    .select({ id: brandAssets.id })
    .from(brandAssets)
    .where(
      and(
        eq(brandAssets.orgCode, input.orgCode),
        eq(brandAssets.kind, input.kind),
        eq(brandAssets.sha256, sha256),
      ),
    );
  if (stored === undefined) throw new Error('The brand image was not stored');
  return { url: brandAssetUrl(stored.id), width, height };
}

export async function readBrandAsset(
  db: TDb,
  assetId: string,
): Promise<{ bytes: Buffer; contentType: string }> {
  const [asset] = await db
    .select({ bytes: brandAssets.bytes, contentType: brandAssets.contentType })
    .from(brandAssets)
    .where(eq(brandAssets.id, assetId));
  if (asset === undefined) throw new HttpError(404, 'NOT_FOUND', 'Not found');
  return asset;
}
