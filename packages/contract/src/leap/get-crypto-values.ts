import { z } from 'zod/mini';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZCryptoValue } from '../entities/crypto-value.js';
import { refineExactlyOneResidence, ZResidenceFields } from '../entities/residence.js';
import { ZOrgCode } from '../wire.js';

export const ZGetCryptoValuesQuery = z
  .extend(ZResidenceFields, {
    orgCode: z.optional(ZOrgCode),
  })
  .check(z.superRefine(refineExactlyOneResidence));
export type TGetCryptoValuesQuery = z.infer<typeof ZGetCryptoValuesQuery>;

export const ZGetCryptoValuesResponse = z.object({
  cryptoValues: z.array(ZCryptoValue),
});
export type TGetCryptoValuesResponse = z.infer<typeof ZGetCryptoValuesResponse>;

export const getCryptoValues = defineEndpoint({
  method: 'GET',
  path: `${LEAP}/insecure/api/v1/crypto-values`,
  auth: 'none',
  summary: 'Current value of one coin and the minimum coin quantity per collateral type',
  query: ZGetCryptoValuesQuery,
  response: ZGetCryptoValuesResponse,
});
