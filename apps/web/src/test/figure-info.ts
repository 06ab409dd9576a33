import {
  IDENTITY_BROKER_API_VERSION,
  type TGetFigureInfoResponse,
  type TIdentity,
} from '@pledge/contract';
import type { TSignInAudience } from '@pledge/domain';

/** The broker's figureinfo answer (document 2 §7's names) for a client Identity. */
export function figureInfoOf(
  identity: TIdentity,
  audience: TSignInAudience = identity.profileType,
): TGetFigureInfoResponse {
  return {
    apiVersion: IDENTITY_BROKER_API_VERSION,
    identityUuid: identity.uuid,
    organizationCode: identity.organizationCode,
    userType: audience,
    email: identity.email,
    updatedAt: identity.updatedAt,
    isManageable: identity.isManageable,
    activeLegacyCustomerOrgs: identity.activeLegacyCustomerOrgs,
    auth0UserProto: { walletContext: identity.wallet },
    // Version 1's names, still answered.
    uuid: identity.uuid,
    profileType: audience,
    isBroker: audience === 'agent',
    wallet: identity.wallet,
  };
}
