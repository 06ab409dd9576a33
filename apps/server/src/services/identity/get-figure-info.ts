import { eq } from 'drizzle-orm';
import { IDENTITY_BROKER_API_VERSION, type TGetFigureInfoResponse } from '@pledge/contract';
import type { TSignInAudience } from '@pledge/domain';
import type { TDb } from '../../db/pool.js';
import { identities } from '../../db/schema/index.js';
import { HttpError, UNAUTHENTICATED } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { identityRowColumns, openIdentityEmail } from './identity-email.js';

/**
 * The signed-in person as the broker answers it (document 2 §7's catalogue names), seen through the
 * token's audience; the client builds document 2 §3's Identity from it. Version 1's names (that
 * Identity itself) are answered beside them, deprecated, for one release more.
 */
export async function getFigureInfo(
  deps: { db: TDb; cipher: TFieldCipher },
  input: { identityUuid: string; audience: TSignInAudience },
): Promise<TGetFigureInfoResponse> {
  const [identity] = await deps.db
    .select(identityRowColumns)
    .from(identities)
    .where(eq(identities.uuid, input.identityUuid))
    .limit(1);
  if (identity === undefined) {
    throw new HttpError(401, UNAUTHENTICATED.code, UNAUTHENTICATED.message);
  }
  const wallet = {
    accountAddress: identity.walletAccountAddress,
    groupPolicyAddress: identity.walletGroupPolicyAddress,
  };
  return {
    apiVersion: IDENTITY_BROKER_API_VERSION,
    identityUuid: identity.uuid,
    organizationCode: identity.organizationCode,
    userType: input.audience,
    email: openIdentityEmail(deps.cipher, identity.uuid, identity),
    updatedAt: identity.updatedAt.toISOString(),
    isManageable: identity.isManageable,
    activeLegacyCustomerOrgs: identity.activeLegacyCustomerOrgs,
    auth0UserProto: { walletContext: wallet },
    uuid: identity.uuid,
    profileType: input.audience,
    isBroker: input.audience === 'agent',
    wallet,
  };
}
