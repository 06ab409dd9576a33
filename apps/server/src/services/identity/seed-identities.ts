import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { identities } from '../../db/schema/index.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { SANDBOX_AGENT_EMAIL, provisionAgents } from './agents.js';
import { createPasswordIdentity, type TPasswordIdentityInput } from './create-password-identity.js';

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

/**
 * Sign-in data at boot: the agents of AGENT_EMAILS everywhere; in the sandbox also its agent and
 * its legacy borrowers. Idempotent (what exists is kept, so nothing is re-hashed on a restart).
 */
export async function seedIdentities(deps: {
  db: TDb;
  cipher: TFieldCipher;
  sandbox: boolean;
  agentEmails: readonly string[];
}): Promise<void> {
  const { db, sandbox } = deps;
  await provisionAgents(
    db,
    sandbox ? [SANDBOX_AGENT_EMAIL, ...deps.agentEmails] : deps.agentEmails,
  );
  if (!sandbox) return;
  for (const borrower of SANDBOX_LEGACY_BORROWERS) {
    const [existing] = await db
      .select({ uuid: identities.uuid })
      .from(identities)
      .where(eq(identities.email, borrower.email))
      .limit(1);
    if (existing === undefined) await createPasswordIdentity(deps, borrower);
  }
}
