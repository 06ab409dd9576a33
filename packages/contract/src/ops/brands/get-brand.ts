import { z } from 'zod/mini';
import { defineEndpoint } from '../../define-endpoint.js';
import { OPS } from '../ops-base.js';
import { ZBrandDraft, ZBrandVersionSummary, ZOpsBrandParams } from './brand-draft.js';

export const ZGetOpsBrandResponse = z.object({
  orgCode: z.string(),
  publishedVersion: z.nullable(z.number()),
  /** The served version's fields, as the console edits them. */
  published: z.nullable(ZBrandDraft),
  draft: z.nullable(
    z.object({ version: z.number(), basedOn: z.nullable(z.number()), fields: ZBrandDraft }),
  ),
  /** Newest first. */
  versions: z.array(ZBrandVersionSummary),
});
export type TGetOpsBrandResponse = z.infer<typeof ZGetOpsBrandResponse>;

export const getOpsBrand = defineEndpoint({
  method: 'GET',
  path: `${OPS}/brands/:orgCode`,
  auth: 'agent',
  summary: 'A brand: its served version, its open draft and every version',
  params: ZOpsBrandParams,
  response: ZGetOpsBrandResponse,
});
