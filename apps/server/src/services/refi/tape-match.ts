/**
 * Who a legacy loan on the tape belongs to. An imported row belongs to the borrower an agent
 * matched it to, else to the borrower whose verified sign-in e-mail is the tape's. A sandbox seed
 * row (loan ids 100001–100006, DESIGN §3) belongs to every signed-in borrower of the sandbox, so that
 * each demo or test borrower, whatever their fresh e-mail, refinances it in an application of
 * their own; such rows exist and answer only when the sandbox is on.
 */
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { identities, type refiTapeLoans } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { normalizeEmail } from '../identity/email-address.js';
import { identityEmailColumns, openIdentityEmail } from '../identity/identity-email.js';

export type TTapeLoanRow = typeof refiTapeLoans.$inferSelect;

export interface TBorrowerIdentity {
  uuid: string;
  email: string;
  organizationCode: string;
}

export function tapeLoanBelongsTo(
  row: Pick<TTapeLoanRow, 'source' | 'matchedIdentityUuid' | 'borrowerEmail'>,
  borrower: Pick<TBorrowerIdentity, 'uuid' | 'email'>,
  sandbox: boolean,
): boolean {
  if (row.source === 'SANDBOX') return sandbox;
  if (row.matchedIdentityUuid !== null) return row.matchedIdentityUuid === borrower.uuid;
  return row.borrowerEmail === normalizeEmail(borrower.email);
}

export async function borrowerIdentityOf(
  db: TDb,
  cipher: TFieldCipher,
  identityUuid: string,
): Promise<TBorrowerIdentity> {
  const [identity] = await db
    .select({ organizationCode: identities.organizationCode, ...identityEmailColumns })
    .from(identities)
    .where(eq(identities.uuid, identityUuid));
  if (identity === undefined) throw new HttpError(401, 'UNAUTHENTICATED', 'Sign in again.');
  return {
    uuid: identityUuid,
    email: openIdentityEmail(cipher, identityUuid, identity),
    organizationCode: identity.organizationCode,
  };
}
