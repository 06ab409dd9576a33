import { describe, expect, it } from 'vitest';
import { AddressLookupUnavailableError, type TFoundAddress } from '../../adapters/address/port.js';
import { HttpError } from '../../http/errors.js';
import { addressLabel, lookupAddresses, MAX_ADDRESS_SUGGESTIONS } from './lookup-addresses.js';

const address = (street1: string, street2: string | null = null): TFoundAddress => ({
  street1,
  street2,
  city: 'New York',
  state: 'NY',
  zip: '10118',
});

describe('addressLabel', () => {
  it.each([
    [address('350 Fifth Ave'), '350 Fifth Ave, New York, NY 10118'],
    [address('350 Fifth Ave', 'Apt 4'), '350 Fifth Ave Apt 4, New York, NY 10118'],
  ])('labels %j as %s', (found, label) => {
    expect(addressLabel(found)).toBe(label);
  });
});

describe('lookupAddresses', () => {
  it(`asks for and answers at most ${MAX_ADDRESS_SUGGESTIONS} suggestions, labelled`, async () => {
    const limits: number[] = [];
    const many = Array.from({ length: 15 }, (_, i) => address(`${i + 1} Fifth Ave`));
    const result = await lookupAddresses(
      {
        async suggest(_text, limit) {
          limits.push(limit);
          return many;
        },
      },
      'fifth',
    );
    expect(limits).toEqual([MAX_ADDRESS_SUGGESTIONS]);
    expect(result.suggestions).toHaveLength(MAX_ADDRESS_SUGGESTIONS);
    expect(result.suggestions[0]).toEqual({
      label: '1 Fifth Ave, New York, NY 10118',
      ...address('1 Fifth Ave'),
    });
  });

  it('answers 503 when the provider cannot, and logs why without the typed text', async () => {
    const warnings: object[] = [];
    const failing = lookupAddresses(
      {
        async suggest() {
          throw new AddressLookupUnavailableError('Address provider answered HTTP 502');
        },
      },
      '350 Fifth',
      { warn: (object) => warnings.push(object) },
    );
    await expect(failing).rejects.toBeInstanceOf(HttpError);
    await expect(failing).rejects.toMatchObject({
      statusCode: 503,
      code: 'ADDRESS_LOOKUP_UNAVAILABLE',
    });
    expect(JSON.stringify(warnings)).toContain('HTTP 502');
    expect(JSON.stringify(warnings)).not.toContain('350 Fifth');
  });

  it('lets any other failure through', async () => {
    const boom = new Error('bug');
    await expect(
      lookupAddresses(
        {
          async suggest() {
            throw boom;
          },
        },
        'fifth',
      ),
    ).rejects.toBe(boom);
  });
});
