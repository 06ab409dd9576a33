import { asc, eq } from 'drizzle-orm';
import type { TGetIdentityResponse, TIdentityWallet } from '@pledge/contract';
import type { TContactIdentifierType } from '@pledge/domain';
import type { TDb } from '../../db/pool.js';
import { identities, identityAliases } from '../../db/schema/index.js';
import { HttpError, UNAUTHENTICATED } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { identityRowColumns, openIdentityEmail } from './identity-email.js';

export interface TLegacyIdentityAnswer {
  identity: TGetIdentityResponse;
  /** Sent as response headers, as the legacy service did. */
  wallet: TIdentityWallet;
}

/** The legacy identity of document 2 §3: the sign-in email as the Email alias, then the others. */
export async function getLegacyIdentity(
  deps: { db: TDb; cipher: TFieldCipher },
  identityUuid: string,
  at: Date,
): Promise<TLegacyIdentityAnswer> {
  const [identity] = await deps.db
    .select(identityRowColumns)
    .from(identities)
    .where(eq(identities.uuid, identityUuid))
    .limit(1);
  if (identity === undefined) {
    throw new HttpError(401, UNAUTHENTICATED.code, UNAUTHENTICATED.message);
  }
  const aliases = await deps.db
    .select({ type: identityAliases.type, value: identityAliases.value })
    .from(identityAliases)
    .where(eq(identityAliases.identityUuid, identityUuid))
    .orderBy(asc(identityAliases.type));
  return {
    identity: {
      uuid: identity.uuid,
      aliases: [
        { type: 'Email', value: openIdentityEmail(deps.cipher, identity.uuid, identity) },
        ...aliases.map((alias) => ({
          type: alias.type as TContactIdentifierType,
          value: alias.value,
        })),
      ],
      passwordExpired:
        identity.passwordExpiresAt !== null && identity.passwordExpiresAt.getTime() <= at.getTime(),
      twoFactorEnabled: identity.twoFactorEnabled,
      totpVerified: identity.totpVerified,
      updatedDate: identity.updatedAt.toISOString(),
    },
    wallet: {
      accountAddress: identity.walletAccountAddress,
      groupPolicyAddress: identity.walletGroupPolicyAddress,
    },
  };
}
