import { describe, expect, it } from 'vitest';
import type { TPutProfileBody } from '@pledge/contract';
import { LOAN_DETAILS_MESSAGES } from '@pledge/domain';
import { HttpError } from '../../http/errors.js';
import { CURRENT_CONSENT_VERSIONS } from './consent-versions.js';
import { PROFILE_MESSAGES, validateProfile } from './validate-profile.js';

const TODAY = '2026-03-01';

const body = (overrides: Partial<TPutProfileBody> = {}): TPutProfileBody => ({
  name: { firstName: 'Ada', lastName: 'Lovelace', suffix: 'II' },
  dob: '1990-05-17',
  addresses: [
    {
      type: 'HOME',
      street1: ' 1 Main St ',
      street2: null,
      city: 'Columbus',
      state: 'oh',
      zip: '43215-1234',
      country: 'US',
    },
  ],
  phoneNumbers: [{ number: '+16145550100' }],
  email: 'ada@example.com',
  countryOfDomicile: 'US',
  consents: [{ type: 'PRIVACY', version: CURRENT_CONSENT_VERSIONS.PRIVACY, optInOut: 'OPT_IN' }],
  ...overrides,
});

function fieldErrorsOf(input: TPutProfileBody, stored?: Map<string, string>) {
  try {
    validateProfile(input, { today: TODAY, ...(stored ? { storedConsentVersions: stored } : {}) });
    return {};
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    expect(error.statusCode).toBe(400);
    return error.fieldErrors ?? {};
  }
}

describe('validateProfile', () => {
  it('normalises what it keeps: trimmed lines, upper-case states, E.164 phones, nine-digit SSN', () => {
    const valid = validateProfile(
      {
        ...body({ phoneNumbers: [{ number: '+16145550100' }, { number: '+442079460958' }] }),
        ssn: '123-45-6789',
      },
      { today: TODAY },
    );
    expect(valid.ssn).toBe('123456789');
    expect(valid.details.addresses).toEqual([
      {
        type: 'HOME',
        street1: '1 Main St',
        street2: null,
        city: 'Columbus',
        state: 'OH',
        zip: '43215-1234',
        country: 'US',
      },
    ]);
    expect(valid.details.phoneNumbers).toEqual([
      { number: '+16145550100' },
      { number: '+442079460958' },
    ]);
    expect(valid.details.dob).toBe('1990-05-17');
  });

  it('keeps the SSN on file when none is sent, and takes an unknown date of birth', () => {
    const valid = validateProfile(body({ dob: null }), { today: TODAY });
    expect(valid.ssn).toBeUndefined();
    expect(valid.details.dob).toBeNull();
  });

  it.each([
    ['18 today', '2008-03-01', {}],
    ['18 tomorrow', '2008-03-02', { dob: [LOAN_DETAILS_MESSAGES.underage] }],
    ['not a date', '1990-02-30', { dob: [LOAN_DETAILS_MESSAGES.dobInvalid] }],
  ])('dob %s', (_name, dob, expected) => {
    expect(fieldErrorsOf(body({ dob }))).toEqual(expected);
  });

  it.each([
    ['123-45-6789', {}],
    ['123456789', {}],
    ['666-12-3456', { ssn: [LOAN_DETAILS_MESSAGES.ssnInvalid] }],
    ['900-12-3456', { ssn: [LOAN_DETAILS_MESSAGES.ssnInvalid] }],
    ['123-00-6789', { ssn: [LOAN_DETAILS_MESSAGES.ssnInvalid] }],
    ['12345678', { ssn: [LOAN_DETAILS_MESSAGES.ssnInvalid] }],
    ['', { ssn: [LOAN_DETAILS_MESSAGES.ssnRequired] }],
  ])('ssn %j', (ssn, expected) => {
    expect(fieldErrorsOf({ ...body(), ssn })).toEqual(expected);
  });

  it.each([
    ['+12125550123', {}],
    ['+10125550123', { 'phoneNumbers.0.number': [LOAN_DETAILS_MESSAGES.phoneInvalid] }],
    ['+12120550123', { 'phoneNumbers.0.number': [LOAN_DETAILS_MESSAGES.phoneInvalid] }],
    ['+4420794', { 'phoneNumbers.0.number': [LOAN_DETAILS_MESSAGES.internationalPhoneInvalid] }],
  ])('phone %s', (number, expected) => {
    expect(fieldErrorsOf(body({ phoneNumbers: [{ number }] }))).toEqual(expected);
  });

  const address = body().addresses[0]!;
  it.each([
    ['a US address', address, {}],
    [
      'an unknown state',
      { ...address, state: 'XX' },
      { 'addresses.0.state': [LOAN_DETAILS_MESSAGES.stateRequired] },
    ],
    [
      'a short ZIP',
      { ...address, zip: '4321' },
      { 'addresses.0.zip': [LOAN_DETAILS_MESSAGES.zipInvalid] },
    ],
    [
      'a Canadian address',
      { ...address, state: 'ON', zip: 'M5V 3L9', country: 'CA', city: 'Toronto' },
      {},
    ],
    [
      'a disabled country',
      { ...address, zip: '101000', country: 'RU', city: 'Moscow' },
      { 'addresses.0.country': [LOAN_DETAILS_MESSAGES.countryRequired] },
    ],
  ])('%s', (_name, candidate, expected) => {
    expect(fieldErrorsOf(body({ addresses: [candidate] }))).toEqual(expected);
  });

  it('names each broken field at once', () => {
    const errors = fieldErrorsOf({
      ...body({ name: { firstName: 'Ada!', lastName: '', suffix: null }, dob: '2020-01-01' }),
      ssn: 'abc',
    });
    expect(Object.keys(errors).sort()).toEqual(['dob', 'name.firstName', 'name.lastName', 'ssn']);
  });

  it.each([
    [
      'an unknown country of domicile',
      body({ countryOfDomicile: 'ZZ' }),
      'countryOfDomicile',
      LOAN_DETAILS_MESSAGES.countryRequired,
    ],
    [
      'a consent version never published',
      body({ consents: [{ type: 'TERMS', version: 'draft', optInOut: 'OPT_IN' }] }),
      'consents.0.version',
      PROFILE_MESSAGES.consentVersion,
    ],
  ])('refuses %s', (_name, input, field, message) => {
    expect(fieldErrorsOf(input)).toEqual({ [field]: [message] });
  });

  it('takes back an older consent version only when it is the one on file', () => {
    const older = body({
      consents: [{ type: 'TERMS', version: '2024-06-01', optInOut: 'OPT_IN' }],
    });
    expect(fieldErrorsOf(older, new Map([['TERMS', '2024-06-01']]))).toEqual({});
    expect(fieldErrorsOf(older, new Map([['PRIVACY', '2024-06-01']]))).toEqual({
      'consents.0.version': [PROFILE_MESSAGES.consentVersion],
    });
  });
});
