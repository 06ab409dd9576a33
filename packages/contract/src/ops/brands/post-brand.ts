import { defineEndpoint } from '../../define-endpoint.js';
import { OPS } from '../ops-base.js';
import { ZBrandDraft } from './brand-draft.js';
import { ZGetOpsBrandResponse } from './get-brand.js';

/**
 * Creates a brand with its first draft; nothing is served until a second agent approves its
 * publication. 400 with every problem (contrast with its ratio, licences, hosts, an org code used
 * before).
 */
export const postOpsBrand = defineEndpoint({
  method: 'POST',
  path: `${OPS}/brands`,
  auth: 'agent',
  summary: 'Create a brand as a draft',
  body: ZBrandDraft,
  response: ZGetOpsBrandResponse,
  status: 201,
});
