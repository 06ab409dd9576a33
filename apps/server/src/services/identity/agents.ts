import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { agents } from '../../db/schema/index.js';
import { normalizeEmail } from './email-address.js';

/** The sandbox's agent (DESIGN §3). */
export const SANDBOX_AGENT_EMAIL = 'agent@example.com';

export async function isActiveAgent(db: TDb, email: string): Promise<boolean> {
  const [row] = await db
    .select({ email: agents.email })
    .from(agents)
    .where(and(eq(agents.email, normalizeEmail(email)), eq(agents.isActive, true)))
    .limit(1);
  return row !== undefined;
}

/**
 * Allows these addresses to sign in as agents. Idempotent; an address deactivated by an operator
 * stays deactivated.
 */
export async function provisionAgents(db: TDb, emails: readonly string[]): Promise<void> {
  const unique = [...new Set(emails.map(normalizeEmail))];
  if (unique.length === 0) return;
  await db
    .insert(agents)
    .values(unique.map((email) => ({ email })))
    .onConflictDoNothing({ target: agents.email });
}
