import { z } from 'zod/mini';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZStateCode, ZUsd } from '../wire.js';

export const ZValidState = z.object({
  state: ZStateCode,
  name: z.string().check(z.minLength(1)),
  /** False where the product is not offered; the residency page lists it as unavailable. */
  rateEnabled: z.boolean(),
  minLoanAmount: ZUsd,
  maxLoanAmount: ZUsd,
});
export type TValidState = z.infer<typeof ZValidState>;

export const ZGetValidStatesResponse = z.array(ZValidState);
export type TGetValidStatesResponse = z.infer<typeof ZGetValidStatesResponse>;

export const getValidStates = defineEndpoint({
  method: 'GET',
  path: `${LEAP}/insecure/api/v1/states/valid`,
  auth: 'none',
  summary: 'US states with whether loans are offered there and their loan amount limits',
  response: ZGetValidStatesResponse,
});
