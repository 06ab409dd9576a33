/**
 * The brand console (issue 38): brands and their versions, drafts, and the proposal to publish or
 * restore a version (the controlled action PUBLISH_BRAND, approved in the controlled actions).
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  BRAND_ASSET_CONTENT_TYPES,
  getBrandAsset,
  getOpsBrand,
  getOpsBrands,
  postOpsBrand,
  postOpsBrandAsset,
  postOpsBrandPreview,
  postOpsPublishBrandVersion,
  putOpsBrandDraft,
} from '@pledge/contract';
import { callerUuidOf } from '../../http/auth.js';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { readBrandAsset, uploadBrandAsset } from '../../services/brands/brand-assets.js';
import { issueBrandPreview } from '../../services/brands/brand-preview.js';
import { readBrandView } from '../../services/brands/brand-view.js';
import { listBrands } from '../../services/brands/list-brands.js';
import { createBrand, saveBrandDraft } from '../../services/brands/save-brand-draft.js';
import type { TControlDeps } from '../../services/controls/controlled-action-handlers.js';
import { proposalRoute } from './controlled-actions.js';

export const opsBrandsRoutes: FastifyPluginAsync<TControlDeps> = async (app, deps) => {
  // Scoped to this plugin: only the brand image upload reads an image body, as bytes.
  app.addContentTypeParser(
    [...BRAND_ASSET_CONTENT_TYPES],
    { parseAs: 'buffer' },
    (_request, body, done) => {
      done(null, body);
    },
  );
  route(app, getOpsBrands, () => listBrands(deps.db));
  route(app, getOpsBrand, ({ params }) => readBrandView(deps.db, params.orgCode));
  route(app, postOpsBrand, ({ body, request }) =>
    createBrand(deps, { agentUuid: callerUuidOf(request), draft: body }),
  );
  route(app, putOpsBrandDraft, ({ params, body, request }) =>
    saveBrandDraft(deps, {
      agentUuid: callerUuidOf(request),
      orgCode: params.orgCode,
      draft: body,
    }),
  );
  route(app, postOpsBrandAsset, ({ params, query, request }) => {
    if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
      throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the image file as the body');
    }
    return uploadBrandAsset(deps, {
      agentUuid: callerUuidOf(request),
      orgCode: params.orgCode,
      kind: query.kind,
      file: request.body,
    });
  });
  // Public: the pages of the brand show it. An id never names other bytes.
  route(app, getBrandAsset, async ({ params, reply }) => {
    const asset = await readBrandAsset(deps.db, params.assetId);
    void reply
      .type(asset.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable');
    return asset.bytes as Buffer<ArrayBuffer>;
  });
  route(app, postOpsBrandPreview, ({ params, request }) =>
    issueBrandPreview(deps, { agentUuid: callerUuidOf(request), orgCode: params.orgCode }),
  );
  proposalRoute(app, deps, postOpsPublishBrandVersion, ({ params, body }) => ({
    ...body,
    orgCode: params.orgCode,
    version: params.version,
  }));
};
