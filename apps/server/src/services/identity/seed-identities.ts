import { or } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { identities } from '../../db/schema/index.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { SANDBOX_AGENT_EMAIL, SANDBOX_SECOND_AGENT_EMAIL, syncAgents } from './agents.js';
import { createPasswordIdentity, type TPasswordIdentityInput } from './create-password-identity.js';
import { hasEmail, identityByEmail } from './identity-email.js';

/**
 * Legacy borrowers of the sandbox (sign in at /auth/login with the legacy path): one with a
 * password only, one with two-factor sign-in (add the TOTP secret to an authenticator app).
 */
export const SANDBOX_LEGACY_BORROWERS: readonly TPasswordIdentityInput[] = [
  {
    email: 'legacy@example.com',
    password: 'pass_good',
    orgCode: 'default',
    activeLegacyCustomerOrgs: ['default'],
    wallet: {
      accountAddress: 'pb1twaad2q2ymcxah9wxzwa04lgeksj2zyrccq58s',
      groupPolicyAddress: 'pb1mhw2vh2ey25fcdy0ganehlvpqcdwrxjwcfnmpqpqwht9ksgcqccsxym8h2',
    },
  },
  {
    email: 'legacy-2fa@example.com',
    password: 'pass_good',
    orgCode: 'default',
    totpSecret: 'ONQW4ZDCN54C25DPORYC243FMNZGK5BB',
    activeLegacyCustomerOrgs: ['default'],
  },
];

/** Agents that exist only in the sandbox (a second sandbox agent belongs in this list too). */
export const SANDBOX_AGENT_EMAILS: readonly string[] = [
  SANDBOX_AGENT_EMAIL,
  SANDBOX_SECOND_AGENT_EMAIL,
];

/**
 * Sign-in data at boot: the agents of AGENT_EMAILS everywhere; in the sandbox also its agents and
 * its legacy borrowers. Idempotent (what exists is kept, so nothing is re-hashed on a restart).
 * Outside the sandbox the sandbox's accounts are disarmed, in case this database once ran one.
 */
export async function seedIdentities(deps: {
  db: TDb;
  cipher: TFieldCipher;
  sandbox: boolean;
  agentEmails: readonly string[];
}): Promise<void> {
  const { db, sandbox } = deps;
  // The agent set is what the configuration says: unlisted addresses are deactivated.
  await syncAgents(
    db,
    deps.cipher,
    sandbox ? [...SANDBOX_AGENT_EMAILS, ...deps.agentEmails] : deps.agentEmails,
  );
  if (!sandbox) {
    await disarmSandboxBorrowers(db, deps.cipher);
    return;
  }
  for (const borrower of SANDBOX_LEGACY_BORROWERS) {
    const existing = await identityByEmail(db, deps.cipher, borrower.email);
    if (existing === undefined) await createPasswordIdentity(deps, borrower);
  }
}

/**
 * The sandbox's published accounts (agent@example.com, legacy@example.com / pass_good) must never
 * open a real deployment. Its agents are not in AGENT_EMAILS, so syncAgents deactivates them (and
 * their sessions end: a token needs an active agent); its legacy borrowers lose their password and
 * second factor here. The identities themselves stay, as applications may point at them, and a
 * token issued in the sandbox was signed by the sandbox's own key.
 */
export async function disarmSandboxBorrowers(db: TDb, cipher: TFieldCipher): Promise<void> {
  await db
    .update(identities)
    .set({
      passwordHash: null,
      passwordExpiresAt: null,
      totpSecretSealed: null,
      twoFactorEnabled: false,
      totpVerified: false,
      totpLastStep: null,
      activeLegacyCustomerOrgs: [],
      updatedAt: new Date(),
    })
    .where(or(...SANDBOX_LEGACY_BORROWERS.map((borrower) => hasEmail(cipher, borrower.email))));
}
