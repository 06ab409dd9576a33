import { z } from 'zod/mini';
import { CONTACT_IDENTIFIER_TYPES, EMAIL_MAX_LENGTH, SIGN_IN_AUDIENCES } from '@pledge/domain';
import { ZIsoDateTime, ZOrgCode } from '../wire.js';

/** Blockchain addresses attached to a signed-in person. */
export const ZIdentityWallet = z.object({
  accountAddress: z.nullable(z.string()),
  groupPolicyAddress: z.nullable(z.string()),
});
export type TIdentityWallet = z.infer<typeof ZIdentityWallet>;

/** Identity (document 2 §3): the signed-in person, as the identity broker answers it. */
export const ZIdentity = z.object({
  uuid: z.uuid(),
  organizationCode: ZOrgCode,
  /** The sign-in audience the person belongs to. */
  profileType: z.enum(SIGN_IN_AUDIENCES),
  email: z.email(),
  updatedAt: ZIsoDateTime,
  isManageable: z.boolean(),
  isBroker: z.boolean(),
  activeLegacyCustomerOrgs: z.array(ZOrgCode),
  wallet: ZIdentityWallet,
});
export type TIdentity = z.infer<typeof ZIdentity>;

export const ZIdentityAlias = z.object({
  type: z.enum(CONTACT_IDENTIFIER_TYPES),
  /** An e-mail address is the longest alias (RFC 5321). */
  value: z.string().check(z.minLength(1), z.maxLength(EMAIL_MAX_LENGTH)),
});
export type TIdentityAlias = z.infer<typeof ZIdentityAlias>;

/**
 * Legacy identity (document 2 §3). The wallet addresses travel in the `x-wallet-account-address`
 * and `x-wallet-group-policy-address` response headers, as the legacy service did.
 */
export const ZLegacyIdentity = z.object({
  uuid: z.uuid(),
  aliases: z.array(ZIdentityAlias),
  passwordExpired: z.boolean(),
  twoFactorEnabled: z.boolean(),
  totpVerified: z.boolean(),
  updatedDate: ZIsoDateTime,
});
export type TLegacyIdentity = z.infer<typeof ZLegacyIdentity>;

export const LEGACY_WALLET_HEADERS = {
  accountAddress: 'x-wallet-account-address',
  groupPolicyAddress: 'x-wallet-group-policy-address',
} as const;
