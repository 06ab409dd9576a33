import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { agents, auditEvents } from '../../db/schema/index.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { actors } from '../applications/apply-transition.js';
import { digestEmail, normalizeEmail } from './email-address.js';

type TDigestCipher = Pick<TFieldCipher, 'blindIndex'>;

/** The sandbox's agents (DESIGN §3): two, so that one can approve what the other proposes. */
export const SANDBOX_AGENT_EMAIL = 'agent@example.com';
export const SANDBOX_SECOND_AGENT_EMAIL = 'agent2@example.com';

/** agents.deactivated_by of an address taken out of AGENT_EMAILS. */
export const DEACTIVATED_BY_CONFIG = 'AGENT_EMAILS';

/** audit_events.entity_type of agent changes (entity id: the address). */
export const AGENT_ENTITY = 'agent';

export async function isActiveAgent(db: TDb, email: string): Promise<boolean> {
  const [row] = await db
    .select({ email: agents.email })
    .from(agents)
    .where(and(eq(agents.email, normalizeEmail(email)), eq(agents.isActive, true)))
    .limit(1);
  return row !== undefined;
}

/**
 * Gives agent rows written without their digest (by the previous release, during a rolling deploy)
 * the digest of their address. Idempotent; answers how many rows it digested.
 */
export async function digestAgentEmails(
  db: TDb,
  cipher: TDigestCipher,
  emails?: readonly string[],
): Promise<number> {
  const rows =
    emails === undefined
      ? await db.select({ email: agents.email }).from(agents).where(isNull(agents.emailDigest))
      : emails.map((email) => ({ email }));
  if (rows.length === 0) return 0;
  const values = rows.map(({ email }) => ({ email, digest: digestEmail(cipher, email) }));
  const updated = await db.execute(sql`
    UPDATE ${agents} SET email_digest = v.digest
    FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS v(email text, digest text)
    WHERE ${agents.email} = v.email AND ${agents.emailDigest} IS NULL`);
  return updated.rowCount ?? 0;
}

/**
 * Allows these addresses to sign in as agents. Idempotent; an address deactivated by an operator
 * stays deactivated.
 */
export async function provisionAgents(
  db: TDb,
  cipher: TDigestCipher,
  emails: readonly string[],
): Promise<void> {
  const unique = [...new Set(emails.map(normalizeEmail))];
  if (unique.length === 0) return;
  await db
    .insert(agents)
    .values(unique.map((email) => ({ email, emailDigest: digestEmail(cipher, email) })))
    // Every unique index arbitrates (the address and its digest): see syncAgents.
    .onConflictDoNothing();
  await digestAgentEmails(db, cipher, unique);
}

/**
 * Makes the agents what the configuration says (at boot): listed addresses are agents (new ones
 * added, ones taken out of the list earlier active again), every other address is deactivated, and
 * each change is audited. An agent deactivated by another agent in the console stays deactivated
 * while listed: a restart does not undo an operator's decision. Token checks require an active
 * agent on every request, so a deactivated agent's sessions end with the commit.
 */
export async function syncAgents(
  db: TDb,
  cipher: TDigestCipher,
  emails: readonly string[],
  at: Date = new Date(),
): Promise<void> {
  const listed = [...new Set(emails.map(normalizeEmail))];
  const actor = actors.system('AGENT_EMAILS');
  await db.transaction(async (tx) => {
    if (listed.length > 0) {
      await tx
        .insert(agents)
        .values(listed.map((email) => ({ email, emailDigest: digestEmail(cipher, email) })))
        // Instances boot together and insert the same addresses: a row another boot inserts
        // meanwhile conflicts on the address or first on its digest's unique index, whichever
        // PostgreSQL checks first, so every unique index arbitrates, not the address's alone
        // (an instance failed to start on the digest's).
        .onConflictDoNothing();
      await digestAgentEmails(tx, cipher, listed);
    }
    const reactivated = await tx
      .update(agents)
      .set({ isActive: true, deactivatedAt: null, deactivatedBy: null })
      .where(
        and(
          eq(agents.isActive, false),
          eq(agents.deactivatedBy, DEACTIVATED_BY_CONFIG),
          listed.length > 0 ? inArray(agents.email, listed) : sql`false`,
        ),
      )
      .returning({ email: agents.email });
    const deactivated = await tx
      .update(agents)
      .set({ isActive: false, deactivatedAt: at, deactivatedBy: DEACTIVATED_BY_CONFIG })
      .where(
        and(
          eq(agents.isActive, true),
          listed.length > 0 ? notInArray(agents.email, listed) : undefined,
        ),
      )
      .returning({ email: agents.email });
    const changes = [
      ...reactivated.map(({ email }) => ({ email, fromState: 'INACTIVE', toState: 'ACTIVE' })),
      ...deactivated.map(({ email }) => ({ email, fromState: 'ACTIVE', toState: 'INACTIVE' })),
    ];
    if (changes.length > 0) {
      await tx.insert(auditEvents).values(
        changes.map((change) => ({
          entityType: AGENT_ENTITY,
          entityId: change.email,
          actor,
          fromState: change.fromState,
          toState: change.toState,
          reason:
            change.toState === 'ACTIVE'
              ? 'listed in AGENT_EMAILS again'
              : 'no longer listed in AGENT_EMAILS',
          at,
        })),
      );
    }
  });
}

export type TAgentRow = typeof agents.$inferSelect;

/** Every agent, active ones first, then by address. */
export async function listAgents(db: TDb): Promise<TAgentRow[]> {
  return db.select().from(agents).orderBy(desc(agents.isActive), asc(agents.email));
}
