import { z } from 'zod/mini';
import { BRAND_BOUNDS } from '@pledge/domain';
import { defineEndpoint } from '../../define-endpoint.js';
import { OPS } from '../ops-base.js';
import { ZOpsBrandParams } from './brand-draft.js';

export const BRAND_ASSET_KINDS = ['LOGO', 'FAVICON'] as const;
/** The image types an upload is sent as (the body is the file itself). */
export const BRAND_ASSET_CONTENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/svg+xml',
] as const;

export const ZPostOpsBrandAssetQuery = z.object({ kind: z.enum(BRAND_ASSET_KINDS) });

export const ZPostOpsBrandAssetResponse = z.object({
  /** The path the brand's logoUrl or faviconUrl takes. */
  url: z.string(),
  width: z.number(),
  height: z.number(),
});
export type TPostOpsBrandAssetResponse = z.infer<typeof ZPostOpsBrandAssetResponse>;

/**
 * Stores a logo or favicon for the brand's drafts: the body is the image file (PNG, JPEG or
 * WebP, at most 512 KB), decoded and re-encoded as PNG (at most 2,048 px a side), its metadata
 * dropped; an SVG (it can carry script) or an unreadable file is refused.
 */
export const postOpsBrandAsset = defineEndpoint({
  method: 'POST',
  path: `${OPS}/brands/:orgCode/assets`,
  auth: 'agent',
  summary: 'Upload a brand logo or favicon (image body, re-encoded as PNG)',
  params: ZOpsBrandParams,
  query: ZPostOpsBrandAssetQuery,
  response: ZPostOpsBrandAssetResponse,
  status: 201,
  maxBodyBytes: BRAND_BOUNDS.logoBytes + 1_024,
});
