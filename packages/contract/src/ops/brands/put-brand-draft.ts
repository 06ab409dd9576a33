import { defineEndpoint } from '../../define-endpoint.js';
import { OPS } from '../ops-base.js';
import { ZBrandDraft, ZOpsBrandParams } from './brand-draft.js';
import { ZGetOpsBrandResponse } from './get-brand.js';

/**
 * Saves the brand's draft (opening one from the served version when none is open). A draft that
 * breaks a rule is refused with every problem and not saved. The org code cannot change.
 */
export const putOpsBrandDraft = defineEndpoint({
  method: 'PUT',
  path: `${OPS}/brands/:orgCode/draft`,
  auth: 'agent',
  summary: 'Save a brand’s draft',
  params: ZOpsBrandParams,
  body: ZBrandDraft,
  response: ZGetOpsBrandResponse,
});
