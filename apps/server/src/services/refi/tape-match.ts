/**
 * Who a legacy loan on the tape belongs to. An imported row belongs to the borrower an agent
 * matched it to, else to the borrower whose verified sign-in e-mail reaches the tape's mailbox (by
 * its keyed digest: case, plus-tags and a provider's ignored dots aside, mailboxKey). A sandbox
 * seed row (loan ids 100001–100006, DESIGN §3) belongs to every signed-in borrower of the sandbox,
 * so that each demo or test borrower, whatever their fresh e-mail, refinances it in an application
 * of their own; such rows exist and answer only when the sandbox is on.
 */
import { mailboxKey } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { identities, type refiTapeLoans } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { identityEmailColumns, openIdentityEmail } from '../identity/identity-email.js';
import { mailboxDigest } from './tape-email.js';

export type TTapeLoanRow = typeof refiTapeLoans.$inferSelect;

export interface TBorrowerIdentity {
  uuid: string;
  /** The mailbox the sign-in address reaches (mailboxKey), and its keyed digest. */
  mailbox: string;
  mailboxDigest: string;
  organizationCode: string;
}

export function tapeLoanBelongsTo(
  row: Pick<
    TTapeLoanRow,
    'source' | 'matchedIdentityUuid' | 'borrowerEmail' | 'borrowerMailboxDigest'
  >,
  borrower: Pick<TBorrowerIdentity, 'uuid' | 'mailbox' | 'mailboxDigest'>,
  sandbox: boolean,
): boolean {
  if (row.source === 'SANDBOX') return sandbox;
  if (row.matchedIdentityUuid !== null) return row.matchedIdentityUuid === borrower.uuid;
  if (row.borrowerMailboxDigest !== null)
    return row.borrowerMailboxDigest === borrower.mailboxDigest;
  // A row the previous release wrote, not sealed yet (tape-email.ts).
  return mailboxKey(row.borrowerEmail) === borrower.mailbox;
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
  const email = openIdentityEmail(cipher, identityUuid, identity);
  return {
    uuid: identityUuid,
    mailbox: mailboxKey(email),
    mailboxDigest: mailboxDigest(cipher, email),
    organizationCode: identity.organizationCode,
  };
}
