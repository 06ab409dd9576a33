import { describe, expect, it } from 'vitest';
import type { TGetProfileResponse } from '@pledge/contract';
import { isoDateOf, LOAN_DETAILS_MESSAGES as M } from '@pledge/domain';
import {
  checkDetails,
  formatSsnInput,
  initialDetailsValues,
  maskSsn,
  type TDetailsFormValues,
} from './details-form-values.js';
import { HOME_ADDRESS, PROFILE_HOME } from '../../test/fixtures.js';

function validUs(overrides: Partial<TDetailsFormValues> = {}): TDetailsFormValues {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    suffix: '',
    dob: '1990-12-10',
    ssn: '123-45-6789',
    ...HOME_ADDRESS,
    street2: '',
    phone: '(614) 555-0123',
    email: 'ada@example.com',
    isCitizenOrPermanentResident: true,
    consents: { TERMS: true, PRIVACY: true, eSign: true, SOFT_CREDIT: true },
    ...overrides,
  };
}

function validInternational(overrides: Partial<TDetailsFormValues> = {}): TDetailsFormValues {
  return validUs({
    ssn: '',
    street1: '10 Downing Street',
    city: 'London',
    state: '',
    zip: 'SW1A 2AA',
    country: 'GB',
    phone: '+44 20 7946 0958',
    isCitizenOrPermanentResident: false,
    consents: { TERMS: true, PRIVACY: true, eSign: true, SOFT_CREDIT: false },
    ...overrides,
  });
}

function errorsOf(values: TDetailsFormValues, isInternational = false) {
  const result = checkDetails(values, isInternational);
  return result.isValid ? {} : result.fieldErrors;
}

/** A date `years` years before today, in UTC. */
function yearsAgo(years: number, dayOffset = 0): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + dayOffset);
  return isoDateOf(date);
}

describe('checkDetails (US residents)', () => {
  it('accepts valid details and sends them normalised, tagged UNITED_STATES', () => {
    expect(checkDetails(validUs({ firstName: ' Ada ', suffix: 'III' }), false)).toEqual({
      isValid: true,
      body: {
        residency: 'UNITED_STATES',
        firstName: 'Ada',
        lastName: 'Lovelace',
        suffix: 'III',
        dob: '1990-12-10',
        ssn: '123456789',
        address: HOME_ADDRESS,
        phone: '6145550123',
        email: 'ada@example.com',
        isCitizenOrPermanentResident: true,
        consents: { TERMS: true, PRIVACY: true, eSign: true, SOFT_CREDIT: true },
      },
    });
  });

  it.each<[string, Partial<TDetailsFormValues>, string, string]>([
    ['no first name', { firstName: '  ' }, 'firstName', M.firstNameRequired],
    ['no last name', { lastName: '' }, 'lastName', M.lastNameRequired],
    ['digits in a name', { firstName: 'R2D2' }, 'firstName', M.nameCharacters],
    ['a name of punctuation only', { lastName: "'-'" }, 'lastName', M.nameCharacters],
    ['a name too long', { lastName: 'a'.repeat(51) }, 'lastName', M.nameTooLong],
    ['an unknown suffix', { suffix: 'Esq' as TDetailsFormValues['suffix'] }, 'suffix', M.suffix],
    ['no date of birth', { dob: '' }, 'dob', M.dobRequired],
    ['an impossible date', { dob: '1990-02-30' }, 'dob', M.dobInvalid],
    ['a date before 1900', { dob: '1899-12-31' }, 'dob', M.dobInvalid],
    ['a borrower under 18', { dob: yearsAgo(18, 1) }, 'dob', M.underage],
    ['no SSN', { ssn: '' }, 'ssn', M.ssnRequired],
    ['a short SSN', { ssn: '123-45-678' }, 'ssn', M.ssnInvalid],
    ['an SSN never issued', { ssn: '666-12-3456' }, 'ssn', M.ssnInvalid],
    ['no street', { street1: '' }, 'address.street1', M.street1Required],
    ['a street too long', { street1: 'a'.repeat(101) }, 'address.street1', M.streetTooLong],
    ['a second line too long', { street2: 'a'.repeat(101) }, 'address.street2', M.streetTooLong],
    ['no city', { city: '' }, 'address.city', M.cityRequired],
    ['a city too long', { city: 'a'.repeat(51) }, 'address.city', M.cityTooLong],
    ['no state', { state: '' }, 'address.state', M.stateRequired],
    ['an unknown state', { state: 'XX' }, 'address.state', M.stateRequired],
    ['a bad ZIP code', { zip: '4300' }, 'address.zip', M.zipInvalid],
    ['a phone of 9 digits', { phone: '614 555 012' }, 'phone', M.phoneInvalid],
    ['a phone with area code 0xx', { phone: '(014) 555-0123' }, 'phone', M.phoneInvalid],
    ['a bad email', { email: 'ada@' }, 'email', M.emailInvalid],
    [
      'no citizenship attestation',
      { isCitizenOrPermanentResident: false },
      'isCitizenOrPermanentResident',
      M.citizenship,
    ],
  ])('refuses %s', (_, overrides, path, message) => {
    expect(errorsOf(validUs(overrides))[path]).toEqual([message]);
  });

  it.each([
    ['TERMS', M.termsConsent],
    ['PRIVACY', M.privacyConsent],
    ['eSign', M.eSignConsent],
    ['SOFT_CREDIT', M.softCreditConsent],
  ] as const)('requires the %s consent', (consent, message) => {
    const values = validUs();
    expect(errorsOf({ ...values, consents: { ...values.consents, [consent]: false } })).toEqual({
      [`consents.${consent}`]: [message],
    });
  });

  it('accepts a borrower on their 18th birthday', () => {
    expect(checkDetails(validUs({ dob: yearsAgo(18) }), false).isValid).toBe(true);
  });
});

describe('checkDetails (international residents)', () => {
  it('asks no SSN, citizenship or soft-credit consent, and sends an E.164 phone', () => {
    const result = checkDetails(validInternational(), true);
    expect(result).toMatchObject({
      isValid: true,
      body: {
        residency: 'INTERNATIONAL',
        phone: '+442079460958',
        address: { country: 'GB', zip: 'SW1A 2AA' },
        consents: { TERMS: true, PRIVACY: true, eSign: true },
      },
    });
    expect(result.isValid && 'ssn' in result.body).toBe(false);
  });

  it.each<[string, Partial<TDetailsFormValues>, string, string]>([
    ['a US-style phone', { phone: '(614) 555-0123' }, 'phone', M.internationalPhoneInvalid],
    ['no postal code', { zip: '' }, 'address.zip', M.postalCodeRequired],
    ['no country', { country: '' }, 'address.country', M.countryRequired],
    ['the US as the country', { country: 'US' }, 'address.country', M.countryRequired],
    ['a region too long', { state: 'a'.repeat(51) }, 'address.state', M.cityTooLong],
  ])('refuses %s', (_, overrides, path, message) => {
    expect(errorsOf(validInternational(overrides), true)[path]).toEqual([message]);
  });
});

describe('initialDetailsValues', () => {
  const profile: TGetProfileResponse = {
    uuid: '0b7e6c1a-3f2d-4e5b-9a8c-7d6e5f4a3b2c',
    name: { firstName: 'Ada', lastName: 'Lovelace', suffix: 'II' },
    dob: '1990-12-10',
    hasSsn: true,
    addresses: [
      {
        type: 'MAILING',
        street1: 'PO Box 1',
        street2: null,
        city: 'Akron',
        state: 'OH',
        zip: '44301',
        country: 'US',
      },
      { ...PROFILE_HOME, street2: 'Apt 2' },
    ],
    phoneNumbers: [{ number: '+16145550123' }],
    email: 'ada@profile.example',
    countryOfDomicile: 'US',
    consents: [{ type: 'TERMS', version: '1', optInOut: 'OPT_IN' }],
  };

  it('fills what the profile has, never the SSN or the consents', () => {
    expect(
      initialDetailsValues({
        profile,
        signedInEmail: 'ada@example.com',
        isInternational: false,
        offerState: 'OH',
        offerCountryCode: null,
      }),
    ).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      suffix: 'II',
      dob: '1990-12-10',
      ssn: '',
      ...HOME_ADDRESS,
      street2: 'Apt 2',
      phone: '(614) 555-0123',
      email: 'ada@profile.example',
      isCitizenOrPermanentResident: false,
      consents: { TERMS: false, PRIVACY: false, eSign: false, SOFT_CREDIT: false },
    });
  });

  it('without a profile, takes the signed-in email and the state of the offer', () => {
    const values = initialDetailsValues({
      profile: null,
      signedInEmail: 'ada@example.com',
      isInternational: false,
      offerState: 'OH',
      offerCountryCode: null,
    });
    expect(values).toMatchObject({ email: 'ada@example.com', state: 'OH', street1: '', phone: '' });
  });

  it('for an international borrower, takes the offer country and a home address there only', () => {
    const values = initialDetailsValues({
      profile: { ...profile, email: null },
      signedInEmail: 'ada@example.com',
      isInternational: true,
      offerState: null,
      offerCountryCode: 'GB',
    });
    expect(values).toMatchObject({
      country: 'GB',
      street1: '',
      state: '',
      phone: '+16145550123',
      email: 'ada@example.com',
    });
  });
});

describe('SSN input', () => {
  it.each([
    ['', ''],
    ['12', '12'],
    ['1234', '123-4'],
    ['123456', '123-45-6'],
    ['123-45-6789', '123-45-6789'],
    ['123 45 67890', '123-45-6789'],
    ['abc', ''],
  ])('formats %j as %j', (typed, formatted) => {
    expect(formatSsnInput(typed)).toBe(formatted);
  });

  it.each([
    ['123-45-6789', '•••-••-6789'],
    ['123-45-678', '123-45-678'],
    ['', ''],
  ])('shows %j as %j', (ssn, shown) => {
    expect(maskSsn(ssn)).toBe(shown);
  });
});
