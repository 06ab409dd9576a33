import { z } from 'zod/mini';
import { SIGN_IN_AUDIENCES, type TSignInAudience } from '@pledge/domain';
import { brokerBase, defineEndpoint } from '../define-endpoint.js';
import { ZIdentityWallet } from '../entities/identity.js';
import { ZIsoDateTime, ZOrgCode } from '../wire.js';
import { deprecatedField, ZIdentityBrokerApiVersion } from './api-version.js';
import { authOf } from './audience.js';

export { IDENTITY_BROKER_API_VERSION } from './api-version.js';

/**
 * The broker's answer, in the names of document 2 §7's catalogue. The client builds its Identity
 * (document 2 §3: uuid, profileType, wallet, isBroker) from it. Version 1 (release c329e91) answered
 * that Identity itself: its names are answered too, deprecated, for one release more.
 */
export const ZGetFigureInfoResponse = z.object({
  apiVersion: ZIdentityBrokerApiVersion,
  identityUuid: z.uuid(),
  organizationCode: ZOrgCode,
  /** The broker user type: the sign-in audience the person belongs to. */
  userType: z.enum(SIGN_IN_AUDIENCES),
  email: z.email(),
  updatedAt: ZIsoDateTime,
  isManageable: z.boolean(),
  activeLegacyCustomerOrgs: z.array(ZOrgCode),
  auth0UserProto: z.object({ walletContext: ZIdentityWallet }),
  uuid: z.uuid().check(deprecatedField('identityUuid')),
  profileType: z.enum(SIGN_IN_AUDIENCES).check(deprecatedField('userType')),
  isBroker: z.boolean().check(deprecatedField("userType (an agent's answer is a broker's)")),
  wallet: ZIdentityWallet.check(deprecatedField('auth0UserProto.walletContext')),
});
export type TGetFigureInfoResponse = z.infer<typeof ZGetFigureInfoResponse>;

export function makeGetFigureInfo<const A extends TSignInAudience>(audience: A) {
  return defineEndpoint({
    method: 'GET',
    path: `${brokerBase(audience)}/secure/api/v3/self/figureinfo`,
    auth: authOf(audience),
    summary: `The signed-in ${audience}'s identity (401 without a valid token)`,
    response: ZGetFigureInfoResponse,
  });
}

export const getCustomerFigureInfo = makeGetFigureInfo('customer');
export const getAgentFigureInfo = makeGetFigureInfo('agent');
