import { describe, expect, it } from 'vitest';
import { compareByName, listInWords } from './words.js';

describe('listInWords', () => {
  it('writes nothing for no names and a single name as it is', () => {
    expect(listInWords([])).toBe('');
    expect(listInWords(['Ohio'])).toBe('Ohio');
  });

  it('joins two names with "and"', () => {
    expect(listInWords(['BTC', 'ETH'])).toBe('BTC and ETH');
  });

  it('joins three or more with commas and a serial comma before "and"', () => {
    expect(listInWords(['Iran', 'North Korea', 'Syria'])).toBe('Iran, North Korea, and Syria');
    expect(listInWords(['A', 'B', 'C', 'D'])).toBe('A, B, C, and D');
  });

  it('leaves the serial comma out when asked', () => {
    expect(listInWords(['Somalia', 'Yemen', 'Zimbabwe'], { serialComma: false })).toBe(
      'Somalia, Yemen and Zimbabwe',
    );
    expect(listInWords(['Yemen', 'Zimbabwe'], { serialComma: false })).toBe('Yemen and Zimbabwe');
  });

  it('reads as Intl.ListFormat writes US English', () => {
    const intl = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });
    for (const names of [[], ['a'], ['a', 'b'], ['a', 'b', 'c'], ['a', 'b', 'c', 'd', 'e']]) {
      expect(listInWords(names)).toBe(intl.format(names));
    }
  });
});

describe('compareByName', () => {
  it('orders accented and plain letters together, as an English index does', () => {
    const names = ['Albania', 'Åland Islands', 'Zimbabwe', 'Afghanistan', 'Curaçao', 'Cuba'];
    expect(
      names
        .map((name) => ({ name }))
        .sort(compareByName)
        .map((entry) => entry.name),
    ).toEqual(['Afghanistan', 'Åland Islands', 'Albania', 'Cuba', 'Curaçao', 'Zimbabwe']);
  });
});
