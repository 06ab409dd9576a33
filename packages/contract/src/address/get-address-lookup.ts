import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZStateCode } from '../wire.js';

export const ZGetAddressLookupQuery = z.object({
  partialAddress: z.string().check(z.trim(), z.minLength(3), z.maxLength(200)),
});
export type TGetAddressLookupQuery = z.infer<typeof ZGetAddressLookupQuery>;

export const ZAddressSuggestion = z.object({
  /** One line to show in the suggestion list. */
  label: z.string().check(z.minLength(1)),
  street1: z.string().check(z.minLength(1)),
  street2: z.nullable(z.string()),
  city: z.string().check(z.minLength(1)),
  state: ZStateCode,
  zip: z.string().check(z.regex(/^\d{5}(-\d{4})?$/)),
});
export type TAddressSuggestion = z.infer<typeof ZAddressSuggestion>;

export const ZGetAddressLookupResponse = z.object({
  suggestions: z.array(ZAddressSuggestion),
});
export type TGetAddressLookupResponse = z.infer<typeof ZGetAddressLookupResponse>;

/** Signed-in only: the loan details form is its one user, and that keeps it from being scraped. */
export const getAddressLookup = defineEndpoint({
  method: 'GET',
  path: '/service-address/api/v1/lookup',
  auth: 'bearer',
  summary: 'US address suggestions for a partly typed address',
  query: ZGetAddressLookupQuery,
  response: ZGetAddressLookupResponse,
});
