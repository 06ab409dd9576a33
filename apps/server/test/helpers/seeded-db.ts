/** A test file's database with the sandbox's identities or demo data, as a sandbox deployment seeds them at boot. */
import type { TDb } from '../../src/db/pool.js';
import { seedSandbox } from '../../src/db/seed.js';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { seedIdentities } from '../../src/services/identity/seed-identities.js';
import { TEST_ENCRYPTION_KEY } from './app.js';
import { createTestDatabase, type TTestDatabase } from './db.js';

/** The sandbox's demo borrowers and agents, plus `agentEmails` as agents. */
export async function seedSandboxIdentities(db: TDb, agentEmails: string[] = []): Promise<void> {
  await seedIdentities({
    db,
    cipher: createFieldCipher(TEST_ENCRYPTION_KEY),
    sandbox: true,
    agentEmails,
  });
}

/** The sandbox's demo data, its prices and its refinancing tape (a price already set is kept). */
export async function seedSandboxDemo(db: TDb): Promise<void> {
  await seedSandbox(db, createFieldCipher(TEST_ENCRYPTION_KEY));
}

/** A test file's database with the sandbox's demo data. */
export async function createSandboxDemoDatabase(): Promise<TTestDatabase> {
  const database = await createTestDatabase();
  await seedSandboxDemo(database.db);
  return database;
}

export async function createSeededDatabase(agentEmails: string[] = []): Promise<TTestDatabase> {
  const database = await createTestDatabase();
  await seedSandboxIdentities(database.db, agentEmails);
  return database;
}
