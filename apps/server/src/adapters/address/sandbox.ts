/**
 * Sandbox address lookup: a built-in set of US addresses across every state, searched the way a
 * provider's autocomplete behaves: each typed word must start a word of the address, and addresses
 * whose street line starts with what was typed come first.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { TAddressesPort, TFoundAddress } from './port.js';

const ADDRESSES_FILE = new URL('./sandbox-addresses.json', import.meta.url);

/** Lower case, punctuation as spaces, single spaces. */
function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

interface TIndexedAddress {
  address: TFoundAddress;
  street: string;
  words: string[];
}

function index(address: TFoundAddress): TIndexedAddress {
  const street = normalize(`${address.street1} ${address.street2 ?? ''}`);
  const all = normalize(`${street} ${address.city} ${address.state} ${address.zip}`);
  return { address, street, words: all.split(' ') };
}

const ZAddresses = z.array(
  z.object({
    street1: z.string().min(1),
    street2: z.string().min(1).nullable(),
    city: z.string().min(1),
    state: z.string().regex(/^[A-Z]{2}$/),
    zip: z.string().regex(/^\d{5}(-\d{4})?$/),
  }),
);

export function loadSandboxAddresses(): TFoundAddress[] {
  return ZAddresses.parse(JSON.parse(readFileSync(ADDRESSES_FILE, 'utf8')));
}

export function createSandboxAddresses(
  addresses: readonly TFoundAddress[] = loadSandboxAddresses(),
): TAddressesPort {
  const indexed = addresses.map(index);
  return {
    async suggest(partialAddress, limit) {
      const query = normalize(partialAddress);
      if (query === '') return [];
      const tokens = query.split(' ');
      const matches = indexed.filter((entry) =>
        tokens.every((token) => entry.words.some((word) => word.startsWith(token))),
      );
      const rank = (entry: TIndexedAddress) => (entry.street.startsWith(query) ? 0 : 1);
      return matches
        .sort(
          (a, b) =>
            rank(a) - rank(b) ||
            a.street.localeCompare(b.street) ||
            a.address.city.localeCompare(b.address.city),
        )
        .slice(0, limit)
        .map((entry) => entry.address);
    },
  };
}
