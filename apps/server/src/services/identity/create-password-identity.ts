import { randomUUID } from 'node:crypto';
import type { TDb } from '../../db/pool.js';
import { identities } from '../../db/schema/index.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { hashPassword } from '../../security/password.js';
import { identityEmailValues } from './identity-email.js';
import { sealTotpSecret } from './totp-secret.js';

export interface TPasswordIdentityInput {
  email: string;
  password: string;
  orgCode: string;
  /** Base32; turns two-factor sign-in on. */
  totpSecret?: string;
  passwordExpiresAt?: Date;
  activeLegacyCustomerOrgs?: string[];
  wallet?: { accountAddress: string; groupPolicyAddress: string };
}

/**
 * An identity migrated from the legacy identity service: a password (argon2id) and, optionally, a
 * TOTP secret sealed with the field cipher. Answers its uuid, or null when the address is taken.
 */
export async function createPasswordIdentity(
  deps: { db: TDb; cipher: TFieldCipher },
  input: TPasswordIdentityInput,
): Promise<string | null> {
  const uuid = randomUUID();
  const [row] = await deps.db
    .insert(identities)
    .values({
      uuid,
      ...identityEmailValues(deps.cipher, uuid, input.email),
      organizationCode: input.orgCode,
      passwordHash: await hashPassword(input.password),
      passwordExpiresAt: input.passwordExpiresAt ?? null,
      activeLegacyCustomerOrgs: input.activeLegacyCustomerOrgs ?? [],
      walletAccountAddress: input.wallet?.accountAddress ?? null,
      walletGroupPolicyAddress: input.wallet?.groupPolicyAddress ?? null,
      ...(input.totpSecret !== undefined
        ? {
            totpSecretSealed: sealTotpSecret(deps.cipher, uuid, input.totpSecret),
            twoFactorEnabled: true,
            totpVerified: true,
          }
        : {}),
    })
    // Any unique index may hold the address: the clear column (which the previous release
    // writes alone) or its digest. With a target, only that index's conflict does nothing, and two
    // instances seeding the same account at once could meet on the other and fail to start.
    .onConflictDoNothing()
    .returning({ uuid: identities.uuid });
  return row?.uuid ?? null;
}
