import { z } from 'zod/mini';

/**
 * The version of the identity broker's sign-in answers (otp/verify and figureinfo). An answer
 * without one is version 1 (release c329e91). Version 2 answers figureinfo in document 2 §7's
 * catalogue names (identityUuid, userType, auth0UserProto.walletContext); it still answers the
 * version 1 names beside them, deprecated, for one release more: a client of the previous release
 * keeps working through a rolling deploy, and the release after this one stops answering them.
 */
export const IDENTITY_BROKER_API_VERSION = 2;

export const ZIdentityBrokerApiVersion = z
  .literal(IDENTITY_BROKER_API_VERSION)
  .check(
    z.describe(
      'Version of this answer; an answer without one is version 1. Deprecated fields go in the next version.',
    ),
  );

/** Marks a field of a previous version, answered one release more (OpenAPI `deprecated`). */
export function deprecatedField(replacement: string) {
  return z.meta({
    deprecated: true,
    description: `Deprecated: version 1's name, answered until the next version; read ${replacement} instead.`,
  });
}
