/**
 * Address lookup through a hosted US autocomplete API in the style of Smarty's US Autocomplete Pro:
 * `GET <url>?search=…&max_results=…&auth-id=…&auth-token=…` answering
 * `{ suggestions: [{ street_line, secondary, city, state, zipcode, entries }] }`.
 */
import { z } from 'zod';
import { AddressLookupUnavailableError, type TAddressesPort, type TFoundAddress } from './port.js';

/** The provider gets this long to answer; a borrower is typing. */
export const ADDRESS_PROVIDER_TIMEOUT_MS = 3_000;

export type TFetch = (url: string, init: { signal: AbortSignal }) => Promise<Response>;

export interface TAddressProviderConfig {
  /** The lookup endpoint, e.g. https://us-autocomplete-pro.api.smarty.com/lookup */
  url: string;
  authId: string;
  authToken: string;
}

const ZProviderAnswer = z.object({
  suggestions: z
    .array(
      z.object({
        street_line: z.string(),
        secondary: z.string().optional(),
        city: z.string(),
        state: z.string(),
        zipcode: z.string(),
        /** More than one: the street line has several units; the borrower types theirs. */
        entries: z.number().optional(),
      }),
    )
    .nullable()
    .optional(),
});

type TProviderSuggestion = NonNullable<z.infer<typeof ZProviderAnswer>['suggestions']>[number];

function toFoundAddress(suggestion: TProviderSuggestion): TFoundAddress | null {
  const secondary = suggestion.secondary?.trim() ?? '';
  const found = {
    street1: suggestion.street_line.trim(),
    street2: secondary !== '' && (suggestion.entries ?? 0) <= 1 ? secondary : null,
    city: suggestion.city.trim(),
    state: suggestion.state.trim().toUpperCase(),
    zip: suggestion.zipcode.trim(),
  };
  // Military and malformed entries the page could not use are left out.
  const isUsable =
    found.street1 !== '' &&
    found.city !== '' &&
    /^[A-Z]{2}$/.test(found.state) &&
    /^\d{5}(-\d{4})?$/.test(found.zip);
  return isUsable ? found : null;
}

export function createRealAddresses(options: {
  config: TAddressProviderConfig;
  fetch: TFetch;
}): TAddressesPort {
  const { config, fetch } = options;
  return {
    async suggest(partialAddress, limit) {
      const url = new URL(config.url);
      url.searchParams.set('search', partialAddress);
      url.searchParams.set('max_results', String(limit));
      url.searchParams.set('auth-id', config.authId);
      url.searchParams.set('auth-token', config.authToken);
      let body: unknown;
      try {
        const response = await fetch(url.toString(), {
          signal: AbortSignal.timeout(ADDRESS_PROVIDER_TIMEOUT_MS),
        });
        if (!response.ok) {
          throw new AddressLookupUnavailableError(
            `Address provider answered HTTP ${response.status}`,
          );
        }
        body = await response.json();
      } catch (error) {
        if (error instanceof AddressLookupUnavailableError) throw error;
        const reason = error instanceof Error ? error.name : 'unknown error';
        throw new AddressLookupUnavailableError(`Address provider unreachable (${reason})`);
      }
      const answer = ZProviderAnswer.safeParse(body);
      if (!answer.success) {
        throw new AddressLookupUnavailableError('Address provider answered an unknown shape');
      }
      return (answer.data.suggestions ?? [])
        .map(toFoundAddress)
        .filter((address) => address !== null)
        .slice(0, limit);
    },
  };
}

/** Refuses every lookup: production without a configured provider. */
export function createUnconfiguredAddresses(): TAddressesPort {
  return {
    async suggest() {
      throw new AddressLookupUnavailableError('No address provider is configured');
    },
  };
}
