/**
 * The brand console (issue 38): brands and their versions, drafts, and the proposal to publish or
 * restore a version (the controlled action PUBLISH_BRAND, approved in the controlled actions).
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  getOpsBrand,
  getOpsBrands,
  postOpsBrand,
  postOpsBrandPreview,
  postOpsPublishBrandVersion,
  putOpsBrandDraft,
} from '@pledge/contract';
import { callerUuidOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import { issueBrandPreview } from '../../services/brands/brand-preview.js';
import { readBrandView } from '../../services/brands/brand-view.js';
import { listBrands } from '../../services/brands/list-brands.js';
import { createBrand, saveBrandDraft } from '../../services/brands/save-brand-draft.js';
import type { TControlDeps } from '../../services/controls/controlled-action-handlers.js';
import { proposeControlledAction } from '../../services/controls/propose-controlled-action.js';

export const opsBrandsRoutes: FastifyPluginAsync<TControlDeps> = async (app, deps) => {
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
  route(app, postOpsBrandPreview, ({ params, request }) =>
    issueBrandPreview(deps, { agentUuid: callerUuidOf(request), orgCode: params.orgCode }),
  );
  route(app, postOpsPublishBrandVersion, ({ params, body, request }) =>
    proposeControlledAction(deps, {
      kind: 'PUBLISH_BRAND',
      payload: { ...body, orgCode: params.orgCode, version: params.version },
      agentUuid: callerUuidOf(request),
      idempotencyKey: null,
    }),
  );
};
