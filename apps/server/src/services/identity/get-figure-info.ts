import { eq } from 'drizzle-orm';
import type { TGetFigureInfoResponse } from '@pledge/contract';
import type { TSignInAudience } from '@pledge/domain';
import type { TDb } from '../../db/pool.js';
import { identities } from '../../db/schema/index.js';
import { HttpError, UNAUTHENTICATED } from '../../http/errors.js';

/** The Identity of document 2 §3 for the signed-in person, as seen through the token's audience. */
export async function getFigureInfo(
  db: TDb,
  input: { identityUuid: string; audience: TSignInAudience },
): Promise<TGetFigureInfoResponse> {
  const [identity] = await db
    .select()
    .from(identities)
    .where(eq(identities.uuid, input.identityUuid))
    .limit(1);
  if (identity === undefined) {
    throw new HttpError(401, UNAUTHENTICATED.code, UNAUTHENTICATED.message);
  }
  return {
    uuid: identity.uuid,
    organizationCode: identity.organizationCode,
    profileType: input.audience,
    email: identity.email,
    updatedAt: identity.updatedAt.toISOString(),
    isManageable: identity.isManageable,
    isBroker: input.audience === 'agent',
    activeLegacyCustomerOrgs: identity.activeLegacyCustomerOrgs,
    wallet: {
      accountAddress: identity.walletAccountAddress,
      groupPolicyAddress: identity.walletGroupPolicyAddress,
    },
  };
}
