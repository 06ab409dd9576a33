import { describe, expect, it } from 'vitest';
import type { TAddressSuggestion } from '@pledge/contract';
import { createAdapters } from '../../src/adapters/index.js';
import { createUnconfiguredAddresses } from '../../src/adapters/address/real.js';
import { ADDRESS_LOOKUPS_PER_IP_PER_MINUTE } from '../../src/routes/address/lookup.js';
import { MAX_ADDRESS_SUGGESTIONS } from '../../src/services/address/lookup-addresses.js';
import { captureLogger } from '../helpers/app.js';
import {
  agentHeaders,
  borrowerHeaders,
  createPlatformTestApp,
  newIdentity,
  usePlatformTestApp,
} from './helpers.js';

const LOOKUP_URL = '/service-address/api/v1/lookup';
const lookupUrl = (partialAddress: string) =>
  `${LOOKUP_URL}?partialAddress=${encodeURIComponent(partialAddress)}`;

describe('GET /service-address/api/v1/lookup', () => {
  const t = usePlatformTestApp();
  const borrower = borrowerHeaders(newIdentity());

  async function suggestions(partialAddress: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: lookupUrl(partialAddress),
      headers: borrower,
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { suggestions: TAddressSuggestion[] }).suggestions;
  }

  it('suggests matching addresses from the sandbox set', async () => {
    const found = await suggestions('Michigan Ave Chicago');
    expect(found.length).toBeGreaterThan(0);
    for (const suggestion of found) {
      expect(suggestion).toMatchObject({ city: 'Chicago', state: 'IL' });
      expect(suggestion.street1).toMatch(/Michigan Ave/);
      expect(suggestion.zip).toMatch(/^\d{5}$/);
      expect(suggestion.label).toBe(
        `${suggestion.street1}${suggestion.street2 === null ? '' : ` ${suggestion.street2}`}, Chicago, IL ${suggestion.zip}`,
      );
    }
  });

  it(`answers at most ${MAX_ADDRESS_SUGGESTIONS} suggestions`, async () => {
    const found = await suggestions('ave');
    expect(found).toHaveLength(MAX_ADDRESS_SUGGESTIONS);
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await suggestions('zzzz qqqq')).toEqual([]);
  });

  it.each([
    ['fewer than 3 characters', lookupUrl('ab')],
    ['only spaces', lookupUrl('     ')],
    ['no partial address', LOOKUP_URL],
    ['more than 200 characters', lookupUrl('a'.repeat(201))],
  ])('refuses %s with field messages', async (_name, url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: borrower });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toHaveProperty('partialAddress');
  });

  it.each([
    ['no token', {}],
    ['an agent token', agentHeaders(newIdentity())],
  ])('answers 401 to %s', async (_name, headers) => {
    const response = await t.app.inject({ method: 'GET', url: lookupUrl('main st'), headers });
    expect(response.statusCode).toBe(401);
  });

  it(`answers 429 past ${ADDRESS_LOOKUPS_PER_IP_PER_MINUTE} lookups a minute from one address`, async () => {
    const remoteAddress = '203.0.113.40';
    const send = () =>
      t.app.inject({ method: 'GET', url: lookupUrl('main st'), headers: borrower, remoteAddress });
    for (let i = 0; i < ADDRESS_LOOKUPS_PER_IP_PER_MINUTE; i += 1) {
      expect((await send()).statusCode).toBe(200);
    }
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: lookupUrl('main st'),
      headers: borrower,
      remoteAddress: '203.0.113.41',
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('address lookup without a provider', () => {
  it('answers 503 with a message the borrower can act on', async () => {
    const t = await createPlatformTestApp({
      adapters: (database) => ({
        ...createAdapters({ config: { sandbox: true }, db: database.db }),
        addresses: createUnconfiguredAddresses(),
      }),
    });
    try {
      const response = await t.app.inject({
        method: 'GET',
        url: lookupUrl('350 Fifth'),
        headers: borrowerHeaders(newIdentity()),
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        code: 'ADDRESS_LOOKUP_UNAVAILABLE',
        message: 'Address suggestions are unavailable right now. Type your address in full',
      });
    } finally {
      await t.close();
    }
  });
});

describe('address lookup logging', () => {
  it('keeps what the borrower typed out of the logs', async () => {
    const { logger, lines } = captureLogger();
    const t = await createPlatformTestApp({ logger });
    try {
      const typed = '1234 Quarrier St';
      const response = await t.app.inject({
        method: 'GET',
        url: lookupUrl(typed),
        headers: borrowerHeaders(newIdentity()),
      });
      expect(response.statusCode).toBe(200);
      // Another route logs its requests, so the logger is known to be writing.
      await t.app.inject({ method: 'GET', url: '/banners/banners.json' });
      const output = lines.join('');
      expect(output).toContain('/banners/banners.json');
      expect(output).not.toContain('Quarrier');
      expect(output).not.toContain(encodeURIComponent(typed));
    } finally {
      await t.close();
    }
  });
});
