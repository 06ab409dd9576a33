/**
 * A tape loan's borrower address at rest: `borrower_email_sealed` (the field cipher, bound to the
 * loan id) to show it, `borrower_mailbox_digest` (a keyed digest of its mailbox, mailboxKey) to
 * match the loan to the borrower whose sign-in address reaches that mailbox and to find it by
 * address. Every read of a tape loan's address goes through here.
 *
 * Expand phase: every write still sets the clear column too, for the previous release running
 * beside this one; a row that release wrote (or whose address it changed: a trigger then drops the
 * stale sealed copy) is read from the clear column until the boot step (deploy/seal-addresses.ts)
 * seals it. The fallback goes away with the clear column next release.
 */
import { mailboxKey } from '@pledge/domain';
import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import { refiTapeLoans } from '../../db/schema/index.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { normalizeEmail } from '../identity/email-address.js';

type TDigestCipher = Pick<TFieldCipher, 'blindIndex'>;

export function tapeEmailContext(loanId: string): string {
  return `refi_tape_loans.borrower_email:${loanId}`;
}

/** The keyed digest of the mailbox an address reaches: one value for all its spellings. */
export function mailboxDigest(cipher: TDigestCipher, email: string): string {
  return cipher.blindIndex(mailboxKey(email), 'mailbox');
}

/** The address columns of a tape loan, written together in the same statement. */
export function tapeEmailValues(
  cipher: TFieldCipher,
  loanId: string,
  email: string,
): { borrowerEmail: string; borrowerEmailSealed: string; borrowerMailboxDigest: string } {
  const normalized = normalizeEmail(email);
  return {
    borrowerEmail: normalized,
    borrowerEmailSealed: cipher.encryptText(normalized, tapeEmailContext(loanId)),
    borrowerMailboxDigest: mailboxDigest(cipher, normalized),
  };
}

type TTapeEmailRow = {
  loanId: string;
  borrowerEmail: string;
  borrowerEmailSealed: string | null;
  borrowerMailboxDigest: string | null;
};

/** A tape loan's address: the sealed copy, the clear column only for a row not sealed yet. */
export function openTapeEmail(cipher: TFieldCipher, row: TTapeEmailRow): string {
  if (row.borrowerEmailSealed !== null) {
    return cipher.decryptText(row.borrowerEmailSealed, tapeEmailContext(row.loanId));
  }
  return row.borrowerEmail;
}

/** The mailbox digest of a tape loan's address (computed for a row not sealed yet). */
export function tapeMailboxDigestOf(cipher: TDigestCipher, row: TTapeEmailRow): string {
  return row.borrowerMailboxDigest ?? mailboxDigest(cipher, row.borrowerEmail);
}

/** Tape loans whose address reaches the same mailbox as this one. */
export function tapeEmailReaches(cipher: TDigestCipher, email: string): SQL {
  return or(
    eq(refiTapeLoans.borrowerMailboxDigest, mailboxDigest(cipher, email)),
    // A row not sealed yet (see above), by its exact address.
    and(
      isNull(refiTapeLoans.borrowerMailboxDigest),
      eq(refiTapeLoans.borrowerEmail, normalizeEmail(email)),
    ),
  ) as SQL;
}
