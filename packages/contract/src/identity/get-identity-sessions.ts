import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZIsoDateTime } from '../wire.js';

/** The most sessions a list shows, newest first. */
export const IDENTITY_SESSIONS_MAX = 50;

/** An opaque name of one session (a keyed digest: no token material). */
export const ZIdentitySessionId = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/));

export const ZIdentitySession = z.object({
  sessionId: ZIdentitySessionId,
  startedAt: ZIsoDateTime,
  lastSeenAt: ZIsoDateTime,
  /** A coarse name of the device ("Firefox on Windows"); "Unknown device" when none was told. */
  deviceLabel: z.string().check(z.maxLength(64)),
  /** The session of the token that asks. */
  isCurrent: z.boolean(),
});
export type TIdentitySession = z.infer<typeof ZIdentitySession>;

export const ZGetIdentitySessionsResponse = z.object({
  sessions: z.array(ZIdentitySession).check(z.maxLength(IDENTITY_SESSIONS_MAX)),
});
export type TGetIdentitySessionsResponse = z.infer<typeof ZGetIdentitySessionsResponse>;

export const getIdentitySessions = defineEndpoint({
  method: 'GET',
  path: '/identity/secure/api/v1/identity/sessions',
  auth: 'bearer',
  summary: `The caller's open sessions, newest first (at most ${IDENTITY_SESSIONS_MAX}), with the one asking marked`,
  response: ZGetIdentitySessionsResponse,
});
