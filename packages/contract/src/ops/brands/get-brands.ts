import { z } from 'zod/mini';
import { defineEndpoint } from '../../define-endpoint.js';
import { OPS } from '../ops-base.js';

export const ZOpsBrandRow = z.object({
  orgCode: z.string(),
  companyName: z.string(),
  /** The version served; null before the first publication. */
  publishedVersion: z.nullable(z.number()),
  /** The open draft's version, if one is being written. */
  draftVersion: z.nullable(z.number()),
  hosts: z.array(z.string()),
});
export type TOpsBrandRow = z.infer<typeof ZOpsBrandRow>;

export const ZGetOpsBrandsResponse = z.object({ brands: z.array(ZOpsBrandRow) });
export type TGetOpsBrandsResponse = z.infer<typeof ZGetOpsBrandsResponse>;

export const getOpsBrands = defineEndpoint({
  method: 'GET',
  path: `${OPS}/brands`,
  auth: 'agent',
  summary: 'The brands, with the version each serves and its open draft',
  response: ZGetOpsBrandsResponse,
});
