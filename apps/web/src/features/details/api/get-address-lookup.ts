import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  getAddressLookup as getAddressLookupEndpoint,
  type TGetAddressLookupResponse,
} from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';

/** The shortest text the lookup answers for. */
export const ADDRESS_LOOKUP_MIN_CHARS = 3;

export function getAddressLookup(
  partialAddress: string,
  signal?: AbortSignal,
): Promise<TGetAddressLookupResponse> {
  return apiRequest(getAddressLookupEndpoint, { query: { partialAddress }, signal });
}

/**
 * US address suggestions for a partly typed address (give it the debounced text). The previous
 * suggestions stay while the next ones load, so the list does not flicker.
 */
export function useAddressLookup(partialAddress: string, { enabled }: { enabled: boolean }) {
  const text = partialAddress.trim();
  return useQuery({
    queryKey: ['address-lookup', text],
    queryFn: ({ signal }) => getAddressLookup(text, signal),
    enabled: enabled && text.length >= ADDRESS_LOOKUP_MIN_CHARS,
    placeholderData: keepPreviousData,
  });
}
