import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './field-errors.js';
import {
  NOT_SERVICED_MESSAGE,
  ZResidencyForm,
  residenceFromSelection,
  residenceQuery,
} from './residency.js';

describe('ZResidencyForm', () => {
  it.each([
    [
      'nothing chosen',
      {},
      { residency: ['Please select an option'], stateOrCountry: ['Please select an option'] },
    ],
    [
      'no state',
      { residency: 'UNITED_STATES', stateOrCountry: '' },
      { stateOrCountry: ['Please select an option'] },
    ],
    ['no residency', { stateOrCountry: 'OH' }, { residency: ['Please select an option'] }],
    [
      'an unknown residency',
      { residency: 'MARS', stateOrCountry: 'OH' },
      { residency: ['Please select an option'] },
    ],
    [
      'an unknown state',
      { residency: 'UNITED_STATES', stateOrCountry: 'ZZ' },
      { stateOrCountry: ['Please select an option'] },
    ],
    [
      'the US as a country',
      { residency: 'INTERNATIONAL', stateOrCountry: 'US' },
      { stateOrCountry: ['Please select an option'] },
    ],
    [
      'an unserviced state (TX)',
      { residency: 'UNITED_STATES', stateOrCountry: 'TX' },
      {
        stateOrCountry: ['This state is currently not being serviced'],
      },
    ],
    [
      'an unserviced district (DC)',
      { residency: 'UNITED_STATES', stateOrCountry: 'DC' },
      {
        stateOrCountry: ['This state is currently not being serviced'],
      },
    ],
    [
      'an unavailable country (Cuba)',
      { residency: 'INTERNATIONAL', stateOrCountry: 'CU' },
      {
        stateOrCountry: ['This country is currently not being serviced'],
      },
    ],
  ] as const)('%s', (_label, input, errors) => {
    expect(fieldErrorsOf(ZResidencyForm, input)).toEqual(errors);
  });

  it.each([
    ['UNITED_STATES', 'OH', { kind: 'state', state: 'OH' }],
    ['UNITED_STATES', ' ca ', { kind: 'state', state: 'CA' }],
    ['INTERNATIONAL', 'de', { kind: 'country', countryCode: 'DE' }],
  ] as const)('%s %s parses to %o', (residency, stateOrCountry, residence) => {
    expect(ZResidencyForm.parse({ residency, stateOrCountry })).toEqual({ residency, residence });
  });

  it('pins the not-serviced text', () => {
    expect(NOT_SERVICED_MESSAGE).toBe('This state is currently not being serviced');
  });
});

describe('residenceFromSelection', () => {
  it.each([
    ['UNITED_STATES', 'NY', { kind: 'state', state: 'NY' }],
    ['UNITED_STATES', 'GB', null],
    ['INTERNATIONAL', 'GB', { kind: 'country', countryCode: 'GB' }],
    ['INTERNATIONAL', 'XX', null],
    ['INTERNATIONAL', 'us', null],
  ] as const)('%s %s → %o', (residency, stateOrCountry, residence) => {
    expect(residenceFromSelection({ residency, stateOrCountry })).toEqual(residence);
  });
});

describe('residenceQuery', () => {
  it.each([
    [{ kind: 'state', state: 'OH' }, { state: 'OH' }],
    [{ kind: 'country', countryCode: 'DE' }, { countryCode: 'DE' }],
  ] as const)('%o → %o', (residence, query) => {
    expect(residenceQuery(residence)).toEqual(query);
  });
});
