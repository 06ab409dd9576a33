/**
 * Issuing a one-time code (a sign-in code, a step-up code, a change of address's code) in the
 * caller's transaction: the open codes it replaces are closed, the new one is written to expire a
 * lifetime from now, and the codes that expired more than a lifetime ago are pruned beside it.
 * Answers when the new code expires.
 */
import { and, isNull, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import type { emailChanges, otpChallenges, stepUpCodes } from '../../db/schema/index.js';
import { pruneExpired } from './prune-expired.js';

type TCodeTable = typeof otpChallenges | typeof stepUpCodes | typeof emailChanges;

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
