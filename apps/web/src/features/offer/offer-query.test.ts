import { describe, expect, it } from 'vitest';
import { isServiced, parseResidence } from '@pledge/domain';
import {
  offerInputsFromQuery,
  queryWithOfferInputs,
  residenceFields,
  residenceFromQuery,
} from './offer-query.js';

const countryRules = { isServiced, parseResidence };
const US_ONLY = { offersInternational: false, countryRules };
const WORLDWIDE = { offersInternational: true, countryRules };

describe('residenceFromQuery', () => {
  it.each([
    ['state=OH', US_ONLY, { isOfferable: true, residence: { kind: 'state', state: 'OH' } }],
    ['state=oh', US_ONLY, { isOfferable: true, residence: { kind: 'state', state: 'OH' } }],
    [
      'countryCode=DE',
      WORLDWIDE,
      { isOfferable: true, residence: { kind: 'country', countryCode: 'DE' } },
    ],
    [
      'countryCode=DE',
      US_ONLY,
      { isOfferable: false, message: 'This country is currently not being serviced' },
    ],
    [
      'countryCode=CU',
      WORLDWIDE,
      { isOfferable: false, message: 'This country is currently not being serviced' },
    ],
    [
      'state=TX',
      US_ONLY,
      { isOfferable: false, message: 'This state is currently not being serviced' },
    ],
    ['state=ZZ', US_ONLY, { isOfferable: false, message: 'Unknown state' }],
    [
      'countryCode=US',
      WORLDWIDE,
      { isOfferable: false, message: 'US residents choose their state' },
    ],
    [
      'state=OH&countryCode=DE',
      WORLDWIDE,
      { isOfferable: false, message: 'Choose either a state or a country, not both' },
    ],
    ['', US_ONLY, { isOfferable: false, message: 'Please select an option' }],
  ] as const)('?%s → %j', (search, brand, expected) => {
    expect(residenceFromQuery(new URLSearchParams(search), brand)).toEqual(expected);
  });

  it.each([
    ['state=OH', { isOfferable: true, residence: { kind: 'state', state: 'OH' } }],
    ['state=TX', { isOfferable: false, message: 'This state is currently not being serviced' }],
    ['countryCode=US', { isOfferable: false, message: 'US residents choose their state' }],
    [
      'state=OH&countryCode=DE',
      { isOfferable: false, message: 'Choose either a state or a country, not both' },
    ],
    ['countryCode=DE', { isOfferable: null }],
    ['countryCode=ZZ', { isOfferable: null }],
  ] as const)('?%s before the country rules have loaded → %j', (search, expected) => {
    expect(residenceFromQuery(new URLSearchParams(search), { offersInternational: true })).toEqual(
      expected,
    );
  });

  it('refuses an unknown country once the country rules are there', () => {
    expect(residenceFromQuery(new URLSearchParams('countryCode=ZZ'), US_ONLY)).toEqual({
      isOfferable: false,
      message: 'Unknown country',
    });
  });

  it('names the residence as the pricing calls do', () => {
    expect(residenceFields({ kind: 'state', state: 'OH' })).toEqual({ state: 'OH' });
    expect(residenceFields({ kind: 'country', countryCode: 'DE' })).toEqual({ countryCode: 'DE' });
  });
});

describe('the inputs in the query', () => {
  it('reads them, with the first offered coin when none (or another) is named', () => {
    expect(offerInputsFromQuery(new URLSearchParams('state=OH'))).toEqual({
      collateralType: 'BTC',
      collateralAmount: '',
      cashToBorrow: '',
    });
    expect(
      offerInputsFromQuery(
        new URLSearchParams('collateralType=ETH&collateralAmount=2.5&cashToBorrow=20%2C000'),
      ),
    ).toEqual({ collateralType: 'ETH', collateralAmount: '2.5', cashToBorrow: '20,000' });
    expect(offerInputsFromQuery(new URLSearchParams('collateralType=SOL')).collateralType).toBe(
      'BTC',
    );
  });

  it('writes them beside the other parameters, leaving out empty ones', () => {
    const query = queryWithOfferInputs(
      new URLSearchParams('state=OH&forceWeb=true&cashToBorrow=1'),
      { collateralType: 'ETH', collateralAmount: ' 3 ', cashToBorrow: '' },
    );
    expect(query.toString()).toBe('state=OH&forceWeb=true&collateralType=ETH&collateralAmount=3');
  });

  it('reads back what it wrote', () => {
    const inputs = {
      collateralType: 'BTC',
      collateralAmount: '1',
      cashToBorrow: '20,000',
    } as const;
    expect(offerInputsFromQuery(queryWithOfferInputs(new URLSearchParams(), inputs))).toEqual(
      inputs,
    );
  });
});
