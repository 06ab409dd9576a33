/**
 * An outbox message's recipient at rest: `to_address_sealed` (the field cipher, bound to the
 * message's id) to deliver or show it, `to_digest` (digestEmail) to find an address's messages.
 * Every read of a recipient goes through here.
 *
 * Expand phase: every write still sets the clear column too, for the previous release running
 * beside this one; a message that release queued is read from the clear column until the boot step
 * (deploy/seal-addresses.ts) seals it. The fallback goes away with the clear column next release.
 */
import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import { outbox } from '../../db/schema/index.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { digestEmail } from '../identity/email-address.js';

export function outboxRecipientContext(outboxId: string): string {
  return `outbox.to_address:${outboxId}`;
}

/** The recipient columns of a message, written together in the same statement. */
export function outboxRecipientValues(
  cipher: TFieldCipher,
  outboxId: string,
  to: string,
): { toAddress: string; toAddressSealed: string; toDigest: string } {
  const address = to.toLowerCase();
  return {
    toAddress: address,
    toAddressSealed: cipher.encryptText(address, outboxRecipientContext(outboxId)),
    toDigest: digestEmail(cipher, address),
  };
}

/** A message's recipient: the sealed copy, the clear column only for a row not sealed yet. */
export function openOutboxRecipient(
  cipher: TFieldCipher,
  row: { id: string; toAddress: string; toAddressSealed: string | null },
): string {
  if (row.toAddressSealed !== null) {
    return cipher.decryptText(row.toAddressSealed, outboxRecipientContext(row.id));
  }
  return row.toAddress;
}

/** Messages to this address (after normalising), by its digest. */
export function isSentTo(cipher: Pick<TFieldCipher, 'blindIndex'>, to: string): SQL {
  return or(
    eq(outbox.toDigest, digestEmail(cipher, to)),
    // A row not sealed yet (see above).
    and(isNull(outbox.toDigest), eq(outbox.toAddress, to.toLowerCase())),
  ) as SQL;
}
