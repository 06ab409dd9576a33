import { z } from 'zod/mini';
import { ZLoginEmail } from '@pledge/domain';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZOrgCode, ZStateCode } from '../wire.js';

/** The brand the page shows, as the rates call names it; else the request's host decides. */
export const ZPostWaitlistQuery = z.object({
  orgCode: z.optional(ZOrgCode),
});
export type TPostWaitlistQuery = z.infer<typeof ZPostWaitlistQuery>;

/** 'Join Waitlist' of /residency: a state where loans are not offered yet. */
export const ZPostWaitlistBody = z.object({
  email: ZLoginEmail,
  state: ZStateCode,
});
export type TPostWaitlistBody = z.infer<typeof ZPostWaitlistBody>;

/** The sign-up as kept (address lower-case); the same answer when the address was already on it. */
export const ZPostWaitlistResponse = z.object({
  email: z.email(),
  state: ZStateCode,
});
export type TPostWaitlistResponse = z.infer<typeof ZPostWaitlistResponse>;

/**
 * Idempotent per address and state; a confirmation e-mail in the brand's name follows the first
 * sign-up. Rate limited per IP.
 */
export const postWaitlist = defineEndpoint({
  method: 'POST',
  path: `${LEAP}/insecure/api/v1/waitlist`,
  auth: 'none',
  summary: 'Join the waitlist of a state where loans are not offered yet',
  query: ZPostWaitlistQuery,
  body: ZPostWaitlistBody,
  response: ZPostWaitlistResponse,
  status: 202,
});
