/**
 * Issuing a one-time code (a sign-in code, a step-up code, a change of address's code) in the
 * caller's transaction: the open codes it replaces are closed, the new one is written to expire a
 * lifetime from now, and the codes that expired more than a lifetime ago are pruned beside it.
 * Answers when the new code expires. The code a try is checked against is found in the order of
 * openCodeFirst.
 */
import { and, desc, isNull, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import type { emailChanges, otpChallenges, stepUpCodes } from '../../db/schema/index.js';
import { pruneExpired } from './prune-expired.js';

export type TCodeTable = typeof otpChallenges | typeof stepUpCodes | typeof emailChanges;

/**
 * The order in which a try finds its code: the open one first, since issuing a code closes the
 * open ones it replaces and so the open one is the only one that can work; then the newest by
 * creation time, which decides the answer (burnt or wrong) when none is open. The creation time
 * alone cannot find the open code: it is the clock's, which can go back (the sandbox's clock reset
 * after being moved forward, or instances a little apart), and a code created while the clock ran
 * ahead stays later than the code that replaced it.
 */
export function openCodeFirst(table: TCodeTable): [SQL, SQL] {
  return [sql`${table.closedAt} IS NULL DESC`, desc(table.createdAt)];
}

export async function replaceOpenCode(
  tx: TDb,
  codes: { table: TCodeTable; replaced: SQL | undefined; now: Date; lifetimeMs: number },
  write: (expiresAt: Date) => Promise<unknown>,
): Promise<Date> {
  const { table, now, lifetimeMs } = codes;
  const expiresAt = new Date(now.getTime() + lifetimeMs);
  await tx
    .update(table)
    .set({ closedAt: now })
    .where(and(codes.replaced, isNull(table.closedAt)));
  await write(expiresAt);
  await pruneExpired(
    tx,
    { table, key: table.id, expiresAt: table.expiresAt },
    new Date(now.getTime() - lifetimeMs),
  );
  return expiresAt;
}
