/**
 * The loan details form of /{appUuid}/details (DESIGN §4 "details": profile, SSN, consents), shared
 * by the page and the server. Document 1 leaves its fields open; these are the rules of a US consumer
 * loan application, with an international variant for borrowers paid in USDC.
 */
import { z } from 'zod/mini';
import { NAME_SUFFIXES } from '../enums.js';
import {
  US_ZIP_MAX_LENGTH,
  CITY_MAX_LENGTH,
  ISO_DATE_LENGTH,
  MIN_BORROWER_AGE_YEARS,
  NAME_MAX_LENGTH,
  PHONE_INPUT_MAX_LENGTH,
  POSTAL_CODE_MAX_LENGTH,
  SSN_INPUT_MAX_LENGTH,
  STREET_MAX_LENGTH,
} from '../constants/limits.js';
import { findCountry, isUsStateCode } from '../residence.js';
import { addCustomIssue } from './issues.js';
import { ZLoginEmail } from './login.js';
/** Nobody applying is older than this; an earlier year is a typo. */
const EARLIEST_BIRTH_YEAR = 1900;

export const LOAN_DETAILS_MESSAGES = {
  firstNameRequired: 'Enter your first name',
  lastNameRequired: 'Enter your last name',
  nameCharacters: 'Use letters, spaces, hyphens and apostrophes only',
  nameTooLong: `Use ${NAME_MAX_LENGTH} characters or fewer`,
  suffix: 'Select a valid suffix',
  dobRequired: 'Enter your date of birth',
  dobInvalid: 'Enter a valid date of birth',
  underage: `You must be at least ${MIN_BORROWER_AGE_YEARS} years old`,
  ssnRequired: 'Enter your Social Security number',
  ssnInvalid: 'Enter a valid Social Security number',
  street1Required: 'Enter your street address',
  streetTooLong: `Use ${STREET_MAX_LENGTH} characters or fewer`,
  cityRequired: 'Enter your city',
  cityTooLong: `Use ${CITY_MAX_LENGTH} characters or fewer`,
  stateRequired: 'Select your state',
  zipInvalid: 'Enter a valid ZIP code',
  postalCodeRequired: 'Enter your postal code',
  countryRequired: 'Select your country',
  phoneInvalid: 'Enter a valid 10-digit US phone number',
  internationalPhoneInvalid: 'Enter a valid phone number with its country code',
  emailInvalid: 'Enter a valid email address',
  citizenship: 'You must be a US citizen or permanent resident',
  termsConsent: 'You must accept the Terms of Service',
  privacyConsent: 'You must accept the Privacy Policy',
  eSignConsent: 'You must consent to receive documents and sign electronically',
  softCreditConsent: 'You must authorize the soft credit check',
  addressRequired: 'Enter your home address',
  consentsRequired: 'Accept the agreements to continue',
} as const;

const NAME_PATTERN = /^[\p{L}' -]+$/u;

const ZPersonName = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).check(
    z.trim(),
    z.minLength(1, { error: requiredMessage, abort: true }),
    z.maxLength(NAME_MAX_LENGTH, { error: LOAN_DETAILS_MESSAGES.nameTooLong }),
    z.regex(NAME_PATTERN, { error: LOAN_DETAILS_MESSAGES.nameCharacters }),
    z.refine((name) => /\p{L}/u.test(name), { error: LOAN_DETAILS_MESSAGES.nameCharacters }),
  );

const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD. */
export function isIsoCalendarDate(text: string): boolean {
  const match = ISO_DATE_PATTERN.exec(text);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** Today's date in UTC as YYYY-MM-DD. */
export function isoDateOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/**
 * Adult on `today` (both YYYY-MM-DD): the MIN_BORROWER_AGE_YEARS-th birthday is today or earlier.
 * Compared as text, so a 29 February birthday comes of age on 1 March in common years.
 */
export function isAdult(dob: string, today: string): boolean {
  if (!isIsoCalendarDate(dob) || !isIsoCalendarDate(today)) return false;
  const comingOfAge = `${String(Number(dob.slice(0, 4)) + MIN_BORROWER_AGE_YEARS).padStart(4, '0')}${dob.slice(4)}`;
  return comingOfAge <= today;
}

/**
 * Nine digits, dashes allowed as 123-45-6789; never issued: area 000, 666 or 9xx, group 00,
 * serial 0000.
 */
export function normalizeSsn(text: string): string | null {
  const match = /^(\d{3})-?(\d{2})-?(\d{4})$/.exec(text.trim());
  if (match === null) return null;
  const [area, group, serial] = [match[1] ?? '', match[2] ?? '', match[3] ?? ''];
  if (area === '000' || area === '666' || area.startsWith('9')) return null;
  if (group === '00' || serial === '0000') return null;
  return `${area}${group}${serial}`;
}

/**
 * A US number in any common format ("(212) 555-0123", "212.555.0123", "+1 212 555 0123") to its
 * ten digits; area code and exchange never start with 0 or 1.
 */
export function normalizeUsPhone(text: string): string | null {
  const digits = text.replace(/[\s().-]/g, '').replace(/^\+?1(?=\d{10}$)/, '');
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(digits) ? digits : null;
}

/** An international number to E.164 ("+44 20 7946 0958" → "+442079460958"). */
export function normalizeInternationalPhone(text: string): string | null {
  const compact = text.replace(/[\s().-]/g, '');
  return /^\+[1-9]\d{7,14}$/.test(compact) ? compact : null;
}

function normalized(
  normalize: (text: string) => string | null,
  message: string,
  maxLength: number,
) {
  return z.pipe(
    z.string({ error: message }).check(z.maxLength(maxLength, { error: message, abort: true })),
    z.transform((text: string, payload) => {
      const value = normalize(text);
      if (value === null) {
        addCustomIssue(payload, message);
        return z.NEVER;
      }
      return value;
    }),
  );
}

const optionalText = (max: number, message: string) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(max, { error: message }))),
    z.transform((value) => (value === '' ? undefined : value)),
  );

const requiredText = (max: number, requiredMessage: string, tooLongMessage: string) =>
  z
    .string({ error: requiredMessage })
    .check(
      z.trim(),
      z.minLength(1, { error: requiredMessage, abort: true }),
      z.maxLength(max, { error: tooLongMessage }),
    );

/** The street and city of a home address, in the US or elsewhere. */
const ADDRESS_LINES = {
  street1: requiredText(
    STREET_MAX_LENGTH,
    LOAN_DETAILS_MESSAGES.street1Required,
    LOAN_DETAILS_MESSAGES.streetTooLong,
  ),
  street2: optionalText(STREET_MAX_LENGTH, LOAN_DETAILS_MESSAGES.streetTooLong),
  city: requiredText(
    CITY_MAX_LENGTH,
    LOAN_DETAILS_MESSAGES.cityRequired,
    LOAN_DETAILS_MESSAGES.cityTooLong,
  ),
};

const ZUsHomeAddress = z.object(
  {
    ...ADDRESS_LINES,
    state: z
      .string({ error: LOAN_DETAILS_MESSAGES.stateRequired })
      .check(
        z.trim(),
        z.maxLength(2, { error: LOAN_DETAILS_MESSAGES.stateRequired, abort: true }),
        z.toUpperCase(),
        z.refine(isUsStateCode, { error: LOAN_DETAILS_MESSAGES.stateRequired }),
      ),
    zip: z
      .string({ error: LOAN_DETAILS_MESSAGES.zipInvalid })
      .check(
        z.trim(),
        z.maxLength(US_ZIP_MAX_LENGTH, { error: LOAN_DETAILS_MESSAGES.zipInvalid, abort: true }),
        z.regex(/^\d{5}(?:-\d{4})?$/, { error: LOAN_DETAILS_MESSAGES.zipInvalid }),
      ),
    country: z._default(z.literal('US'), 'US'),
  },
  { error: LOAN_DETAILS_MESSAGES.addressRequired },
);

const ZInternationalHomeAddress = z.object(
  {
    ...ADDRESS_LINES,
    /** Region or province, where the country has them. */
    state: optionalText(CITY_MAX_LENGTH, LOAN_DETAILS_MESSAGES.cityTooLong),
    zip: z.string({ error: LOAN_DETAILS_MESSAGES.postalCodeRequired }).check(
      z.trim(),
      z.maxLength(POSTAL_CODE_MAX_LENGTH, {
        error: LOAN_DETAILS_MESSAGES.postalCodeRequired,
        abort: true,
      }),
      z.regex(new RegExp(`^[A-Za-z0-9][A-Za-z0-9 -]{0,${POSTAL_CODE_MAX_LENGTH - 1}}$`), {
        error: LOAN_DETAILS_MESSAGES.postalCodeRequired,
      }),
    ),
    country: z.string({ error: LOAN_DETAILS_MESSAGES.countryRequired }).check(
      z.trim(),
      z.maxLength(2, { error: LOAN_DETAILS_MESSAGES.countryRequired, abort: true }),
      z.toUpperCase(),
      z.refine((code) => code !== 'US' && findCountry(code)?.enabled === true, {
        error: LOAN_DETAILS_MESSAGES.countryRequired,
      }),
    ),
  },
  { error: LOAN_DETAILS_MESSAGES.addressRequired },
);

const mustBeTrue = (message: string) => z.literal(true, { error: message });

export type TLoanDetailsOptions = {
  /** The day the age is checked on (YYYY-MM-DD); today in UTC, at each parse, by default. */
  today?: string;
};

function commonFields(options: TLoanDetailsOptions) {
  return {
    firstName: ZPersonName(LOAN_DETAILS_MESSAGES.firstNameRequired),
    lastName: ZPersonName(LOAN_DETAILS_MESSAGES.lastNameRequired),
    suffix: z.pipe(
      z.optional(
        z.union([z.enum(NAME_SUFFIXES), z.literal('')], { error: LOAN_DETAILS_MESSAGES.suffix }),
      ),
      z.transform((value) => (value === '' ? undefined : value)),
    ),
    dob: z.string({ error: LOAN_DETAILS_MESSAGES.dobRequired }).check(
      z.trim(),
      z.minLength(1, { error: LOAN_DETAILS_MESSAGES.dobRequired, abort: true }),
      z.maxLength(ISO_DATE_LENGTH, { error: LOAN_DETAILS_MESSAGES.dobInvalid, abort: true }),
      z.refine(
        (text) => isIsoCalendarDate(text) && Number(text.slice(0, 4)) >= EARLIEST_BIRTH_YEAR,
        { error: LOAN_DETAILS_MESSAGES.dobInvalid, abort: true },
      ),
      z.refine((text) => isAdult(text, options.today ?? isoDateOf(new Date())), {
        error: LOAN_DETAILS_MESSAGES.underage,
      }),
    ),
    email: ZLoginEmail,
  };
}

/**
 * US residents. The consents are keyed by their consent types (TERMS, PRIVACY, SOFT_CREDIT) plus
 * eSign, the electronic-records consent every signed disclosure depends on. The SSN comes out as nine
 * digits and the phone as ten.
 */
export function makeLoanDetailsSchema(options: TLoanDetailsOptions = {}) {
  return z.object({
    ...commonFields(options),
    ssn: z.pipe(
      z.string({ error: LOAN_DETAILS_MESSAGES.ssnRequired }).check(
        z.trim(),
        z.minLength(1, { error: LOAN_DETAILS_MESSAGES.ssnRequired, abort: true }),
        z.maxLength(SSN_INPUT_MAX_LENGTH, {
          error: LOAN_DETAILS_MESSAGES.ssnInvalid,
          abort: true,
        }),
      ),
      normalized(normalizeSsn, LOAN_DETAILS_MESSAGES.ssnInvalid, SSN_INPUT_MAX_LENGTH),
    ),
    address: ZUsHomeAddress,
    phone: normalized(normalizeUsPhone, LOAN_DETAILS_MESSAGES.phoneInvalid, PHONE_INPUT_MAX_LENGTH),
    isCitizenOrPermanentResident: mustBeTrue(LOAN_DETAILS_MESSAGES.citizenship),
    consents: z.object(
      {
        TERMS: mustBeTrue(LOAN_DETAILS_MESSAGES.termsConsent),
        PRIVACY: mustBeTrue(LOAN_DETAILS_MESSAGES.privacyConsent),
        eSign: mustBeTrue(LOAN_DETAILS_MESSAGES.eSignConsent),
        SOFT_CREDIT: mustBeTrue(LOAN_DETAILS_MESSAGES.softCreditConsent),
      },
      { error: LOAN_DETAILS_MESSAGES.consentsRequired },
    ),
  });
}

/**
 * International residents (paid in USDC): no SSN, a home address abroad in an enabled country, a
 * phone in international form (E.164 out), and no US soft-credit consent, as no US bureau is asked.
 */
export function makeInternationalLoanDetailsSchema(options: TLoanDetailsOptions = {}) {
  return z.object({
    ...commonFields(options),
    address: ZInternationalHomeAddress,
    phone: normalized(
      normalizeInternationalPhone,
      LOAN_DETAILS_MESSAGES.internationalPhoneInvalid,
      PHONE_INPUT_MAX_LENGTH,
    ),
    consents: z.object(
      {
        TERMS: mustBeTrue(LOAN_DETAILS_MESSAGES.termsConsent),
        PRIVACY: mustBeTrue(LOAN_DETAILS_MESSAGES.privacyConsent),
        eSign: mustBeTrue(LOAN_DETAILS_MESSAGES.eSignConsent),
      },
      { error: LOAN_DETAILS_MESSAGES.consentsRequired },
    ),
  });
}

export const ZLoanDetails = makeLoanDetailsSchema();
export type TLoanDetailsInput = z.input<typeof ZLoanDetails>;
export type TLoanDetails = z.output<typeof ZLoanDetails>;

export const ZInternationalLoanDetails = makeInternationalLoanDetailsSchema();
export type TInternationalLoanDetailsInput = z.input<typeof ZInternationalLoanDetails>;
export type TInternationalLoanDetails = z.output<typeof ZInternationalLoanDetails>;
