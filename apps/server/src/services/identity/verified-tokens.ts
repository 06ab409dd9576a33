/**
 * Checking an access token costs a signature verification and a database query (not signed out,
 * identity still there, still an agent). A borrower's page makes several calls with the same token
 * within seconds, so a token found good is taken as good again for VERIFIED_TOKEN_REUSE_MS (never
 * past its own expiry). Signing out on this server forgets the token at once; a sign-out handled by
 * another instance of the server is seen here within that time.
 */
import type { TAudience, TPrincipal } from '../../http/auth.js';
import type { TClock } from '../../security/jwt.js';
import { createExpiringCache } from '../expiring-cache.js';

export const VERIFIED_TOKEN_REUSE_MS = 5_000;
export const VERIFIED_TOKENS_KEPT = 10_000;

export interface TVerifiedTokens {
  /** The principal of a token, checked in full unless it was found good moments ago. */
  verify(token: string, audience: TAudience): Promise<TPrincipal | null>;
  /** Forgets a token (by its id): it is checked in full, and refused, from now on. */
  forget(tokenId: string): void;
}

export function createVerifiedTokens(
  verifyInFull: (token: string, audience: TAudience) => Promise<TPrincipal | null>,
  clock: TClock,
): TVerifiedTokens {
  const nowMs = () => clock().getTime();
  const good = createExpiringCache<TPrincipal>(VERIFIED_TOKENS_KEPT, nowMs);
  return {
    async verify(token, audience) {
      const key = `${audience} ${token}`;
      const known = good.get(key);
      if (known !== undefined) return known;
      const principal = await verifyInFull(token, audience);
      // Only good tokens are kept: a bad one is checked in full every time.
      if (principal !== null) {
        const expiresAtMs = principal.token?.expiresAt.getTime() ?? nowMs();
        good.set(key, principal, Math.min(nowMs() + VERIFIED_TOKEN_REUSE_MS, expiresAtMs));
      }
      return principal;
    },
    forget(tokenId) {
      good.deleteWhere((principal) => principal.token?.id === tokenId);
    },
  };
}
