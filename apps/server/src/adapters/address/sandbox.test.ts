import { describe, expect, it } from 'vitest';
import { createSandboxAddresses, loadSandboxAddresses } from './sandbox.js';

describe('sandbox address data', () => {
  const addresses = loadSandboxAddresses();

  it('holds about two hundred distinct addresses across the states', () => {
    expect(addresses.length).toBeGreaterThanOrEqual(200);
    expect(
      new Set(addresses.map((a) => `${a.street1}|${a.street2}|${a.city}|${a.state}`)).size,
    ).toBe(addresses.length);
    expect(new Set(addresses.map((a) => a.state)).size).toBeGreaterThanOrEqual(45);
  });
});

describe('sandbox address lookup', () => {
  const lookup = createSandboxAddresses([
    { street1: '350 Fifth Ave', street2: null, city: 'New York', state: 'NY', zip: '10118' },
    { street1: '35 Main St', street2: 'Apt 2B', city: 'Columbus', state: 'OH', zip: '43215' },
    { street1: '1200 Main St', street2: null, city: 'Kansas City', state: 'MO', zip: '64105' },
    { street1: '77 Main St', street2: null, city: 'Dallas', state: 'TX', zip: '75201' },
    { street1: '9 Fifth St', street2: null, city: 'Columbus', state: 'OH', zip: '43215' },
  ]);
  const streets = async (query: string, limit = 10) =>
    (await lookup.suggest(query, limit)).map((address) => `${address.street1}, ${address.city}`);

  it.each([
    ['350 fif', ['350 Fifth Ave, New York']],
    ['main st columbus', ['35 Main St, Columbus']],
    ['MAIN', ['1200 Main St, Kansas City', '35 Main St, Columbus', '77 Main St, Dallas']],
    ['43215', ['35 Main St, Columbus', '9 Fifth St, Columbus']],
    ['apt 2b', ['35 Main St, Columbus']],
    ['main, tx', ['77 Main St, Dallas']],
    ['oak', []],
    ['  ', []],
  ])('%j finds %j', async (query, expected) => {
    expect(await streets(query)).toEqual(expected);
  });

  it('ranks addresses whose street line starts with the text first', async () => {
    expect(await streets('35')).toEqual(['35 Main St, Columbus', '350 Fifth Ave, New York']);
  });

  it('keeps to the limit', async () => {
    expect(await streets('main', 2)).toHaveLength(2);
  });
});
