/** A US postal address a borrower may pick while typing theirs. */
export interface TFoundAddress {
  street1: string;
  street2: string | null;
  city: string;
  /** Two-letter state or territory code. */
  state: string;
  /** Five digits, or ZIP+4. */
  zip: string;
}

export interface TAddressesPort {
  /**
   * Addresses matching a partly typed one, best first, at most `limit`. Throws
   * AddressLookupUnavailableError when the provider cannot answer.
   */
  suggest(partialAddress: string, limit: number): Promise<TFoundAddress[]>;
}

export class AddressLookupUnavailableError extends Error {
  override name = 'AddressLookupUnavailableError';
}
