import type { TAddressSuggestion, TGetAddressLookupResponse } from '@pledge/contract';
import {
  AddressLookupUnavailableError,
  type TAddressesPort,
  type TFoundAddress,
} from '../../adapters/address/port.js';
import { HttpError } from '../../http/errors.js';
import { failureCause } from '../../failure-cause.js';

/** A suggestion list longer than this stops helping; the borrower types on. */
export const MAX_ADDRESS_SUGGESTIONS = 10;

/** "350 Fifth Ave Apt 4, New York, NY 10118" */
export function addressLabel(address: TFoundAddress): string {
  const street =
    address.street2 === null ? address.street1 : `${address.street1} ${address.street2}`;
  return `${street}, ${address.city}, ${address.state} ${address.zip}`;
}

/** US address suggestions for a partly typed address; 503 when the provider cannot answer. */
export async function lookupAddresses(
  addresses: TAddressesPort,
  partialAddress: string,
  log?: { warn(object: object, message: string): void },
): Promise<TGetAddressLookupResponse> {
  let found: TFoundAddress[];
  try {
    found = await addresses.suggest(partialAddress, MAX_ADDRESS_SUGGESTIONS);
  } catch (error) {
    if (error instanceof AddressLookupUnavailableError) {
      // The reason names the provider's failure, never what was typed.
      log?.warn({ failure: failureCause(error) }, 'address lookup unavailable');
      throw new HttpError(
        503,
        'ADDRESS_LOOKUP_UNAVAILABLE',
        'Address suggestions are unavailable right now. Type your address in full',
      );
    }
    throw error;
  }
  const suggestions = found
    .slice(0, MAX_ADDRESS_SUGGESTIONS)
    .map((address): TAddressSuggestion => ({ label: addressLabel(address), ...address }));
  return { suggestions };
}
