import {
  getIdentity,
  LEGACY_WALLET_HEADERS,
  makeGetFigureInfo,
  type TGetFigureInfoResponse,
  type TIdentity,
  type TLegacyIdentity,
} from '@pledge/contract';
import type { TSignInAudience } from '@pledge/domain';
import { apiExchange, apiRequest } from '../../../api/client.js';
import { getToken } from '../../../api/token.js';

/** Document 2 §8: neither the broker nor the legacy identity service knows the token. */
export const USER_NOT_FOUND_MESSAGE = 'User not found';

/** The name this app gives itself to the identity broker (document 2 §7). */
export const APPLICATION_NAME_HEADER = 'application-name';
export const APPLICATION_NAME = 'crypto-backed-loan';

/** Which service identified the signed-in person. */
export type TIdentitySource = 'broker' | 'legacy';

export interface TIdentityLookup {
  identity: TIdentity;
  source: TIdentitySource;
}

const figureInfo = {
  customer: makeGetFigureInfo('customer'),
  agent: makeGetFigureInfo('agent'),
} as const;

/** Document 2 §3: the client's Identity, built from the broker's figureinfo answer (§7's names). */
export function identityFromFigureInfo(figure: TGetFigureInfoResponse): TIdentity {
  return {
    uuid: figure.identityUuid,
    organizationCode: figure.organizationCode,
    profileType: figure.userType,
    email: figure.email,
    updatedAt: figure.updatedAt,
    isManageable: figure.isManageable,
    isBroker: figure.userType === 'agent',
    activeLegacyCustomerOrgs: figure.activeLegacyCustomerOrgs,
    wallet: figure.auth0UserProto.walletContext,
  };
}

/** The identity of the legacy service, in the shape the broker answers (document 2 §3). */
export function identityFromLegacy(
  legacy: TLegacyIdentity,
  headers: Headers,
  organizationCode: string,
): TIdentity | null {
  const email = legacy.aliases.find((alias) => alias.type === 'Email')?.value;
  if (email === undefined) return null;
  return {
    uuid: legacy.uuid,
    organizationCode,
    profileType: 'customer',
    email,
    updatedAt: legacy.updatedDate,
    isManageable: false,
    isBroker: false,
    activeLegacyCustomerOrgs: [],
    wallet: {
      accountAddress: headers.get(LEGACY_WALLET_HEADERS.accountAddress),
      groupPolicyAddress: headers.get(LEGACY_WALLET_HEADERS.groupPolicyAddress),
    },
  };
}

/**
 * Who holds the stored token: the identity broker is asked first; a borrower it does not know is
 * looked up in the legacy identity service. Agents exist only at the broker. Fails with
 * 'User not found' when neither knows the token.
 */
export async function lookUpIdentity(
  audience: TSignInAudience,
  organizationCode: string,
  signal?: AbortSignal,
): Promise<TIdentityLookup> {
  let brokerFailure: unknown;
  try {
    const figure = await apiRequest(figureInfo[audience], {
      headers: { [APPLICATION_NAME_HEADER]: APPLICATION_NAME },
      signal,
    });
    return { identity: identityFromFigureInfo(figure), source: 'broker' };
  } catch (error) {
    if (signal?.aborted) throw error;
    brokerFailure = error;
  }
  // A token the broker refused is cleared already: there is nothing left to look up.
  if (audience === 'customer' && getToken() !== null) {
    try {
      const { data, headers } = await apiExchange(getIdentity, { signal });
      const identity = identityFromLegacy(data, headers, organizationCode);
      if (identity !== null) return { identity, source: 'legacy' };
    } catch (error) {
      if (signal?.aborted) throw error;
    }
  }
  throw new Error(USER_NOT_FOUND_MESSAGE, { cause: brokerFailure });
}
