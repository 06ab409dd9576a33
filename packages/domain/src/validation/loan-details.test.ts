import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './field-errors.js';
import {
  LOAN_DETAILS_MESSAGES,
  ZLoanDetails,
  isAdult,
  isIsoCalendarDate,
  makeInternationalLoanDetailsSchema,
  makeLoanDetailsSchema,
  normalizeInternationalPhone,
  normalizeSsn,
  normalizeUsPhone,
} from './loan-details.js';

const TODAY = '2025-06-15';
const domestic = makeLoanDetailsSchema({ today: TODAY });
const international = makeInternationalLoanDetailsSchema({ today: TODAY });

const valid = {
  firstName: 'Ada',
  lastName: "O'Brien-Lovelace",
  suffix: '',
  dob: '1990-02-28',
  ssn: '123-45-6789',
  address: { street1: '1 Main St', street2: '', city: 'Columbus', state: 'OH', zip: '43004' },
  phone: '(614) 555-0123',
  email: 'ada@example.com',
  isCitizenOrPermanentResident: true,
  consents: { TERMS: true, PRIVACY: true, eSign: true, SOFT_CREDIT: true },
};

describe('makeLoanDetailsSchema: a valid application', () => {
  it('normalises what it reads', () => {
    expect(domestic.parse(valid)).toEqual({
      firstName: 'Ada',
      lastName: "O'Brien-Lovelace",
      suffix: undefined,
      dob: '1990-02-28',
      ssn: '123456789',
      address: {
        street1: '1 Main St',
        street2: undefined,
        city: 'Columbus',
        state: 'OH',
        zip: '43004',
        country: 'US',
      },
      phone: '6145550123',
      email: 'ada@example.com',
      isCitizenOrPermanentResident: true,
      consents: { TERMS: true, PRIVACY: true, eSign: true, SOFT_CREDIT: true },
    });
  });

  it('keeps a suffix and a second street line', () => {
    const parsed = domestic.parse({
      ...valid,
      suffix: 'III',
      address: { ...valid.address, street2: ' Apt 4 ', state: 'oh', zip: '43004-1234' },
    });
    expect(parsed.suffix).toBe('III');
    expect(parsed.address).toMatchObject({ street2: 'Apt 4', state: 'OH', zip: '43004-1234' });
  });
});

describe('makeLoanDetailsSchema: messages', () => {
  it.each([
    ['no first name', { firstName: ' ' }, { firstName: ['Enter your first name'] }],
    ['no last name', { lastName: undefined }, { lastName: ['Enter your last name'] }],
    [
      'digits in a name',
      { firstName: 'Ada1' },
      { firstName: ['Use letters, spaces, hyphens and apostrophes only'] },
    ],
    [
      'only punctuation',
      { lastName: "'-" },
      { lastName: ['Use letters, spaces, hyphens and apostrophes only'] },
    ],
    [
      'a 51-character name',
      { firstName: 'A'.repeat(51) },
      { firstName: ['Use 50 characters or fewer'] },
    ],
    ['an unknown suffix', { suffix: 'Esq' }, { suffix: ['Select a valid suffix'] }],
    ['no date of birth', { dob: '' }, { dob: ['Enter your date of birth'] }],
    ['an impossible date', { dob: '1990-02-30' }, { dob: ['Enter a valid date of birth'] }],
    ['a US-style date', { dob: '02/28/1990' }, { dob: ['Enter a valid date of birth'] }],
    ['a birth year before 1900', { dob: '1899-12-31' }, { dob: ['Enter a valid date of birth'] }],
    ['17 years old', { dob: '2007-06-16' }, { dob: ['You must be at least 18 years old'] }],
    ['born in the future', { dob: '2030-01-01' }, { dob: ['You must be at least 18 years old'] }],
    ['no SSN', { ssn: '' }, { ssn: ['Enter your Social Security number'] }],
    ['an 8-digit SSN', { ssn: '12345678' }, { ssn: ['Enter a valid Social Security number'] }],
    ['SSN area 000', { ssn: '000-12-3456' }, { ssn: ['Enter a valid Social Security number'] }],
    ['SSN area 666', { ssn: '666123456' }, { ssn: ['Enter a valid Social Security number'] }],
    ['SSN area 9xx', { ssn: '912-34-5678' }, { ssn: ['Enter a valid Social Security number'] }],
    ['SSN group 00', { ssn: '123-00-6789' }, { ssn: ['Enter a valid Social Security number'] }],
    ['SSN serial 0000', { ssn: '123-45-0000' }, { ssn: ['Enter a valid Social Security number'] }],
    ['no address', { address: undefined }, { address: ['Enter your home address'] }],
    [
      'no street',
      { address: { ...valid.address, street1: '' } },
      { 'address.street1': ['Enter your street address'] },
    ],
    [
      'no city',
      { address: { ...valid.address, city: ' ' } },
      { 'address.city': ['Enter your city'] },
    ],
    [
      'an unknown state',
      { address: { ...valid.address, state: 'ZZ' } },
      { 'address.state': ['Select your state'] },
    ],
    [
      'a 4-digit ZIP',
      { address: { ...valid.address, zip: '4300' } },
      { 'address.zip': ['Enter a valid ZIP code'] },
    ],
    [
      'a ZIP+3',
      { address: { ...valid.address, zip: '43004-123' } },
      { 'address.zip': ['Enter a valid ZIP code'] },
    ],
    [
      'a 9-digit phone',
      { phone: '614555012' },
      { phone: ['Enter a valid 10-digit US phone number'] },
    ],
    [
      'a phone with area code 0xx',
      { phone: '014-555-0123' },
      { phone: ['Enter a valid 10-digit US phone number'] },
    ],
    ['a bad email', { email: 'ada@' }, { email: ['Enter a valid email address'] }],
    [
      'not a citizen or resident',
      { isCitizenOrPermanentResident: false },
      {
        isCitizenOrPermanentResident: ['You must be a US citizen or permanent resident'],
      },
    ],
    ['no consents', { consents: undefined }, { consents: ['Accept the agreements to continue'] }],
    [
      'no consent given',
      { consents: { TERMS: false, PRIVACY: false, eSign: false, SOFT_CREDIT: false } },
      {
        'consents.TERMS': ['You must accept the Terms of Service'],
        'consents.PRIVACY': ['You must accept the Privacy Policy'],
        'consents.eSign': ['You must consent to receive documents and sign electronically'],
        'consents.SOFT_CREDIT': ['You must authorize the soft credit check'],
      },
    ],
  ] as const)('%s', (_label, change, errors) => {
    expect(fieldErrorsOf(domestic, { ...valid, ...change })).toEqual(errors);
  });

  it('turns 18 on the birthday itself', () => {
    expect(fieldErrorsOf(domestic, { ...valid, dob: '2007-06-15' })).toEqual({});
  });

  it('checks the age against the current date by default', () => {
    expect(ZLoanDetails.safeParse({ ...valid, dob: '1950-01-01' }).success).toBe(true);
    expect(ZLoanDetails.safeParse({ ...valid, dob: '2099-01-01' }).success).toBe(false);
  });

  it('exports every message', () => {
    expect(LOAN_DETAILS_MESSAGES.ssnInvalid).toBe('Enter a valid Social Security number');
  });
});

describe('makeInternationalLoanDetailsSchema', () => {
  const abroad = {
    firstName: 'Grace',
    lastName: 'Hopper',
    dob: '1980-12-09',
    address: { street1: '10 Downing Street', city: 'London', zip: 'SW1A 2AA', country: 'gb' },
    phone: '+44 20 7946 0958',
    email: 'grace@example.com',
    consents: { TERMS: true, PRIVACY: true, eSign: true },
  };

  it('needs no SSN, US address or soft-credit consent', () => {
    const parsed = international.parse(abroad);
    expect(parsed).toMatchObject({
      address: { country: 'GB', zip: 'SW1A 2AA' },
      phone: '+442079460958',
    });
    expect(parsed.address.state).toBeUndefined();
    expect(parsed).not.toHaveProperty('ssn');
  });

  it.each([
    [
      'a US address',
      { address: { ...abroad.address, country: 'US' } },
      { 'address.country': ['Select your country'] },
    ],
    [
      'an unavailable country',
      { address: { ...abroad.address, country: 'KP' } },
      {
        'address.country': ['Select your country'],
      },
    ],
    [
      'no postal code',
      { address: { ...abroad.address, zip: '' } },
      { 'address.zip': ['Enter your postal code'] },
    ],
    [
      'a phone without country code',
      { phone: '020 7946 0958' },
      {
        phone: ['Enter a valid phone number with its country code'],
      },
    ],
    [
      'no eSign consent',
      { consents: { TERMS: true, PRIVACY: true, eSign: false } },
      {
        'consents.eSign': ['You must consent to receive documents and sign electronically'],
      },
    ],
  ] as const)('%s', (_label, change, errors) => {
    expect(fieldErrorsOf(international, { ...abroad, ...change })).toEqual(errors);
  });
});

describe('isAdult', () => {
  it.each([
    ['2007-06-15', '2025-06-15', true],
    ['2007-06-16', '2025-06-15', false],
    ['2007-02-28', '2025-02-28', true],
    ['2008-02-29', '2026-02-28', false],
    ['2008-02-29', '2026-03-01', true],
    ['1990-13-01', '2025-06-15', false],
    ['2000-01-01', 'today', false],
  ] as const)('born %s, on %s: %s', (dob, today, adult) => {
    expect(isAdult(dob, today)).toBe(adult);
  });
});

describe('isIsoCalendarDate', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2025-04-31', false],
    ['2025-4-01', false],
    ['2025-12-31', true],
  ] as const)('%s: %s', (text, valid) => {
    expect(isIsoCalendarDate(text)).toBe(valid);
  });
});

describe('normalizeSsn', () => {
  it.each([
    ['123-45-6789', '123456789'],
    ['123456789', '123456789'],
    [' 123-45-6789 ', '123456789'],
    ['123 45 6789', null],
    ['665-12-0001', '665120001'],
    ['899-99-9999', '899999999'],
    ['900-12-3456', null],
  ] as const)('%s → %s', (text, ssn) => {
    expect(normalizeSsn(text)).toBe(ssn);
  });
});

describe('normalizeUsPhone', () => {
  it.each([
    ['(212) 555-0123', '2125550123'],
    ['212.555.0123', '2125550123'],
    ['212-555-0123', '2125550123'],
    ['+1 212 555 0123', '2125550123'],
    ['1-212-555-0123', '2125550123'],
    ['2125550123', '2125550123'],
    ['212-155-0123', null],
    ['+44 20 7946 0958', null],
    ['555-0123', null],
  ] as const)('%s → %s', (text, phone) => {
    expect(normalizeUsPhone(text)).toBe(phone);
  });
});

describe('normalizeInternationalPhone', () => {
  it.each([
    ['+44 20 7946 0958', '+442079460958'],
    ['+49 (30) 123456', '+4930123456'],
    ['0049 30 123456', null],
    ['+0 123 456 789', null],
    ['+1234567', null],
  ] as const)('%s → %s', (text, phone) => {
    expect(normalizeInternationalPhone(text)).toBe(phone);
  });
});
