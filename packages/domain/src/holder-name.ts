/**
 * Whether the name on a typed-in bank account is the borrower's own: a payout to an
 * account in someone else's name is held for an agent's review. The comparison forgives how a
 * name is typed, not whose it is: case, accents, punctuation and spacing are ignored ("José
 * O'Brien-Díaz" is "jose obrien diaz"), and middle names may be given or left out on either side,
 * but the first given name and the surname must agree. A nickname or an initial ("Bob", "J.")
 * goes to review.
 */

export interface TPersonName {
  firstName: string;
  lastName: string;
}

/** The words of a name: accents dropped, lower-case, apostrophes joined, other marks as spaces. */
export function nameTokens(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`´]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token !== '');
}

function endsWith(tokens: readonly string[], suffix: readonly string[]): boolean {
  if (suffix.length === 0 || suffix.length > tokens.length) return false;
  const offset = tokens.length - suffix.length;
  return suffix.every((token, index) => tokens[offset + index] === token);
}

/**
 * True when the holder's name is the borrower's: the same first given name, and the surname of
 * one is how the other's full name ends (so "John Michael Smith" and "John Smith" agree, as do
 * "Ana" "Garcia Lopez" and "Ana" "Lopez"). False when either name has no words.
 */
export function isSameHolderName(holder: TPersonName, borrower: TPersonName): boolean {
  const holderTokens = nameTokens(`${holder.firstName} ${holder.lastName}`);
  const borrowerTokens = nameTokens(`${borrower.firstName} ${borrower.lastName}`);
  if (holderTokens.length < 2 || borrowerTokens.length < 2) return false;
  if (holderTokens[0] !== borrowerTokens[0]) return false;
  return (
    endsWith(holderTokens.slice(1), nameTokens(borrower.lastName)) ||
    endsWith(borrowerTokens.slice(1), nameTokens(holder.lastName))
  );
}
