/**
 * The sandbox's published accounts (agent@example.com, legacy@example.com / pass_good) exist only in
 * the sandbox: a start with the sandbox off on a database that has them disarms them.
 */
import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, identities } from '../../src/db/schema/index.js';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import {
  SANDBOX_AGENT_EMAILS,
  SANDBOX_LEGACY_BORROWERS,
  seedIdentities,
} from '../../src/services/identity/seed-identities.js';
import { TEST_ENCRYPTION_KEY, buildTestApp } from '../helpers/app.js';
import { createTestDatabase, type TTestDatabase } from '../helpers/db.js';
import { bearer, brokerPath, signIn } from '../identity/sign-in.js';

const LEGACY_LOGIN = '/identity/api/v1/login';

async function activeAgents(database: TTestDatabase): Promise<string[]> {
  const rows = await database.db
    .select({ email: agents.email })
    .from(agents)
    .where(eq(agents.isActive, true))
    .orderBy(agents.email);
  return rows.map((row) => row.email);
}
const LEGACY_EMAILS = SANDBOX_LEGACY_BORROWERS.map((borrower) => borrower.email);

describe('sandbox accounts outside the sandbox', () => {
  let database: TTestDatabase;
  let sandboxApp: FastifyInstance;
  const cipher = createFieldCipher(TEST_ENCRYPTION_KEY);

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedIdentities({ db: database.db, cipher, sandbox: true, agentEmails: [] });
    sandboxApp = await buildTestApp({ database });
  });
  afterAll(async () => {
    await sandboxApp.close();
    await database.drop();
  });

  const legacyLogin = (app: FastifyInstance, email: string) =>
    app.inject({ method: 'POST', url: LEGACY_LOGIN, payload: { email, password: 'pass_good' } });

  it('are deactivated or disarmed when the server starts with the sandbox off', async () => {
    // The sandbox as it ran: its agent signs in, its legacy borrower has a password.
    const agentJwt = await signIn(sandboxApp, 'agent@example.com', { audience: 'agent' });
    const figureInfo = () =>
      sandboxApp.inject({
        method: 'GET',
        url: brokerPath('agent', '/secure/api/v3/self/figureinfo'),
        headers: bearer(agentJwt),
      });
    expect((await figureInfo()).statusCode).toBe(200);
    expect((await legacyLogin(sandboxApp, 'legacy@example.com')).statusCode).toBe(200);

    // The same database, started with the sandbox off.
    await seedIdentities({
      db: database.db,
      cipher,
      sandbox: false,
      agentEmails: ['ops@bank.test'],
    });
    const realApp = await buildTestApp({ database, sandbox: false });
    try {
      expect(await activeAgents(database)).toEqual(['ops@bank.test']);
      // The agent's session ends with its role.
      expect((await figureInfo()).statusCode).toBe(401);

      const legacy = await database.db
        .select()
        .from(identities)
        .where(inArray(identities.email, LEGACY_EMAILS));
      expect(legacy).toHaveLength(LEGACY_EMAILS.length);
      for (const identity of legacy) {
        expect(identity).toMatchObject({
          passwordHash: null,
          totpSecretSealed: null,
          twoFactorEnabled: false,
          activeLegacyCustomerOrgs: [],
        });
      }
      for (const email of LEGACY_EMAILS) {
        const refused = await legacyLogin(realApp, email);
        expect(refused.statusCode).toBe(401);
      }
      // Nothing comes back on a second start.
      await seedIdentities({ db: database.db, cipher, sandbox: false, agentEmails: [] });
      expect(await activeAgents(database)).toEqual([]);
      const [again] = await database.db
        .select({ passwordHash: identities.passwordHash })
        .from(identities)
        .where(eq(identities.email, 'legacy@example.com'));
      expect(again?.passwordHash).toBeNull();
    } finally {
      await realApp.close();
    }
  });

  it('keeps a sandbox address that AGENT_EMAILS names on purpose', async () => {
    const other = await createTestDatabase();
    try {
      await seedIdentities({ db: other.db, cipher, sandbox: true, agentEmails: [] });
      await seedIdentities({
        db: other.db,
        cipher,
        sandbox: false,
        agentEmails: ['Agent@Example.com'],
      });
      expect(await activeAgents(other)).toEqual(['agent@example.com']);
      expect(SANDBOX_AGENT_EMAILS).toContain('agent@example.com');
    } finally {
      await other.drop();
    }
  });
});
