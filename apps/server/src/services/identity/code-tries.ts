/**
 * Trying a one-time code (a sign-in code, a step-up code, a change of address's code) inside the
 * transaction that locked it (found in the order of openCodeFirst). One rule for every kind: the
 * wrong try that reaches OTP_MAX_WRONG_ATTEMPTS closes the code, and a code closed so is burnt (a
 * new one must be asked for), where one closed by use or replacement is merely wrong.
 */
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import type { TCodeTable } from './replace-open-code.js';
import { OTP_MAX_WRONG_ATTEMPTS } from './sign-in-limits.js';

interface TTriedCode {
  id: string;
  wrongAttempts: number;
  closedAt: Date | null;
  expiresAt: Date;
}

/** What a try of a code that can no longer be tried answers; null while the code is open. */
export function closedCodeOutcome(
  code: TTriedCode,
  at: Date,
): 'burnt' | 'wrong' | 'expired' | null {
  if (code.closedAt !== null) {
    return code.wrongAttempts >= OTP_MAX_WRONG_ATTEMPTS ? 'burnt' : 'wrong';
  }
  if (code.expiresAt.getTime() <= at.getTime()) return 'expired';
  return null;
}

/**
 * Counts a wrong try of an open code; answers whether it was the code's last, which closes it. A
 * try that `burns` the code is its last whatever its count.
 */
export async function countWrongCodeTry(
  tx: TDb,
  table: TCodeTable,
  code: Pick<TTriedCode, 'id' | 'wrongAttempts'>,
  at: Date,
  options: { burns?: boolean } = {},
): Promise<boolean> {
  const burns = options.burns === true;
  const wrongAttempts = code.wrongAttempts + 1;
  const isLast = wrongAttempts >= OTP_MAX_WRONG_ATTEMPTS || burns;
  await tx
    .update(table)
    .set({
      // A burnt code has no tries left, and later tries are told so.
      wrongAttempts: burns ? OTP_MAX_WRONG_ATTEMPTS : wrongAttempts,
      ...(isLast ? { closedAt: at } : {}),
    })
    .where(eq(table.id, code.id));
  return isLast;
}
