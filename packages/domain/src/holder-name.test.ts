import { describe, expect, it } from 'vitest';
import { isSameHolderName, nameTokens, type TPersonName } from './holder-name.js';

const name = (firstName: string, lastName: string): TPersonName => ({ firstName, lastName });

describe('nameTokens', () => {
  it.each([
    ['José Núñez', ['jose', 'nunez']],
    ["O'Brien-Díaz", ['obrien', 'diaz']],
    ['  MARY   jane ', ['mary', 'jane']],
    ['St. John, Jr.', ['st', 'john', 'jr']],
    ['Zoë Ångström', ['zoe', 'angstrom']],
    ['', []],
    ['. - ,', []],
  ])('%j → %j', (input, tokens) => {
    expect(nameTokens(input)).toEqual(tokens);
  });
});

describe('isSameHolderName', () => {
  it.each([
    ['the same name', name('Ada', 'Lovelace'), name('Ada', 'Lovelace')],
    ['case', name('ADA', 'lovelace'), name('Ada', 'Lovelace')],
    ['accents', name('Jose', 'Nunez'), name('José', 'Núñez')],
    ['apostrophes', name('Sean', 'OBrien'), name('Seán', "O'Brien")],
    ['hyphens and spaces', name('Mary Jane', 'Smith Jones'), name('Mary-Jane', 'Smith-Jones')],
    ['a middle name on the account', name('John Michael', 'Smith'), name('John', 'Smith')],
    ['a middle name on the profile', name('John', 'Smith'), name('John Michael', 'Smith')],
    ['the middle name typed as a surname', name('John', 'Michael Smith'), name('John', 'Smith')],
    ['one of two surnames', name('Ana', 'Lopez'), name('Ana', 'Garcia Lopez')],
    ['both surnames on the account', name('Ana', 'Garcia Lopez'), name('Ana', 'Lopez')],
    ['extra spaces and periods', name(' John ', ' Smith. '), name('John', 'Smith')],
  ])('matches: %s', (_, holder, borrower) => {
    expect(isSameHolderName(holder, borrower)).toBe(true);
  });

  it.each([
    ['another person', name('Eve', 'Mallory'), name('Ada', 'Lovelace')],
    ['another first name', name('Jane', 'Smith'), name('John', 'Smith')],
    ['another surname', name('John', 'Smithers'), name('John', 'Smith')],
    ['a nickname', name('Bob', 'Smith'), name('Robert', 'Smith')],
    ['an initial', name('J.', 'Smith'), name('John', 'Smith')],
    ['first and last swapped', name('Smith', 'John'), name('John', 'Smith')],
    ['a company', name('Acme', 'Holdings LLC'), name('Ada', 'Lovelace')],
    ['the surname inside another', name('John', 'Smith Jones'), name('John', 'Smith')],
    ['no words at all', name('.', '-'), name('John', 'Smith')],
    ['only a first name', name('John', ''), name('John', 'Smith')],
  ])('does not match: %s', (_, holder, borrower) => {
    expect(isSameHolderName(holder, borrower)).toBe(false);
  });
});
