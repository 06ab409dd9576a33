/**
 * The loan details form's values, how they are prefilled, checked with the domain's schemas (the
 * server's messages) and sent.
 */
import type { TGetProfileResponse, TPostLoanDetailsBodyInput } from '@pledge/contract';
import {
  fieldErrorsFromZodError,
  makeInternationalLoanDetailsSchema,
  makeLoanDetailsSchema,
  NAME_SUFFIXES,
  type TNameSuffix,
} from '@pledge/domain';

export interface TDetailsFormValues {
  firstName: string;
  lastName: string;
  /** '' for none. */
  suffix: TNameSuffix | '';
  /** YYYY-MM-DD, as a date input gives it. */
  dob: string;
  /** As typed and formatted, 123-45-6789; never prefilled (the server never answers it). */
  ssn: string;
  street1: string;
  street2: string;
  city: string;
  /** A US state code, or the region of an address abroad. */
  state: string;
  zip: string;
  /** The country of an address abroad (ISO code); US addresses are in 'US'. */
  country: string;
  phone: string;
  email: string;
  isCitizenOrPermanentResident: boolean;
  consents: { TERMS: boolean; PRIVACY: boolean; eSign: boolean; SOFT_CREDIT: boolean };
}

/** Field path (as the schemas and the server name it) → its messages. */
export type TDetailsFieldErrors = Record<string, string[]>;

/** Every field path the form shows, in the order of the form (the first invalid one gets focus). */
export const DETAILS_FIELD_PATHS = [
  'firstName',
  'lastName',
  'suffix',
  'dob',
  'ssn',
  'address.street1',
  'address.street2',
  'address.city',
  'address.state',
  'address.zip',
  'address.country',
  'phone',
  'email',
  'isCitizenOrPermanentResident',
  'consents.TERMS',
  'consents.PRIVACY',
  'consents.eSign',
  'consents.SOFT_CREDIT',
] as const;
export type TDetailsFieldPath = (typeof DETAILS_FIELD_PATHS)[number];

export function isDetailsFieldPath(path: string): path is TDetailsFieldPath {
  return (DETAILS_FIELD_PATHS as readonly string[]).includes(path);
}

const US_PHONE_PATTERN = /^\+1(\d{3})(\d{3})(\d{4})$/;

/** A stored E.164 number as the borrower would write it: "(212) 555-0123" for a US number. */
function phoneForForm(e164: string | undefined, isInternational: boolean): string {
  if (e164 === undefined) return '';
  const us = US_PHONE_PATTERN.exec(e164);
  if (isInternational || us === null) return isInternational ? e164 : '';
  return `(${us[1]}) ${us[2]}-${us[3]}`;
}

function isNameSuffix(value: string | null | undefined): value is TNameSuffix {
  return (NAME_SUFFIXES as readonly (string | null | undefined)[]).includes(value);
}

/**
 * The form as it opens: the profile on file fills what it has (the home address only when it is
 * in the application's residence), the e-mail falls back to the signed-in one, and the residence
 * of the accepted offer fills the state or country. Consents and attestations always start
 * unticked: they are given for this application.
 */
export function initialDetailsValues(input: {
  profile: TGetProfileResponse | null;
  signedInEmail: string | null;
  isInternational: boolean;
  /** The accepted offer's state (US) or country (international). */
  offerState: string | null;
  offerCountryCode: string | null;
}): TDetailsFormValues {
  const { profile, signedInEmail, isInternational, offerState, offerCountryCode } = input;
  const country = isInternational ? (offerCountryCode ?? '') : 'US';
  const home = profile?.addresses.find(
    (address) => address.type === 'HOME' && address.country === country,
  );
  return {
    firstName: profile?.name?.firstName ?? '',
    lastName: profile?.name?.lastName ?? '',
    suffix: isNameSuffix(profile?.name?.suffix) ? profile.name.suffix : '',
    dob: profile?.dob ?? '',
    ssn: '',
    street1: home?.street1 ?? '',
    street2: home?.street2 ?? '',
    city: home?.city ?? '',
    state: home?.state ?? (isInternational ? '' : (offerState ?? '')),
    zip: home?.zip ?? '',
    country,
    phone: phoneForForm(profile?.phoneNumbers[0]?.number, isInternational),
    email: profile?.email ?? signedInEmail ?? '',
    isCitizenOrPermanentResident: false,
    consents: { TERMS: false, PRIVACY: false, eSign: false, SOFT_CREDIT: false },
  };
}

/** What the schemas read: the values in the shape of the request (without its residency). */
function schemaInput(values: TDetailsFormValues, isInternational: boolean): unknown {
  const common = {
    firstName: values.firstName,
    lastName: values.lastName,
    suffix: values.suffix,
    dob: values.dob,
    phone: values.phone,
    email: values.email,
  };
  const address = {
    street1: values.street1,
    street2: values.street2,
    city: values.city,
    state: values.state,
    zip: values.zip,
  };
  if (isInternational) {
    const { TERMS, PRIVACY, eSign } = values.consents;
    return {
      ...common,
      address: { ...address, country: values.country },
      consents: { TERMS, PRIVACY, eSign },
    };
  }
  return {
    ...common,
    ssn: values.ssn,
    address,
    isCitizenOrPermanentResident: values.isCitizenOrPermanentResident,
    consents: values.consents,
  };
}

const usSchema = makeLoanDetailsSchema();
const internationalSchema = makeInternationalLoanDetailsSchema();

export type TDetailsCheck =
  | { isValid: true; body: TPostLoanDetailsBodyInput }
  | { isValid: false; fieldErrors: TDetailsFieldErrors };

/**
 * The values checked with the domain's schema for the residency (the server's own rules and
 * messages): the request body, normalised, or the messages per field.
 */
export function checkDetails(values: TDetailsFormValues, isInternational: boolean): TDetailsCheck {
  const input = schemaInput(values, isInternational);
  if (isInternational) {
    const result = internationalSchema.safeParse(input);
    return result.success
      ? { isValid: true, body: { residency: 'INTERNATIONAL', ...result.data } }
      : { isValid: false, fieldErrors: fieldErrorsFromZodError(result.error) };
  }
  const result = usSchema.safeParse(input);
  return result.success
    ? { isValid: true, body: { residency: 'UNITED_STATES', ...result.data } }
    : { isValid: false, fieldErrors: fieldErrorsFromZodError(result.error) };
}

/** Digits of an SSN as typed, formatted 123-45-6789 as far as they go (at most nine). */
export function formatSsnInput(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 9);
  if (digits.length <= 3) return digits;
  if (digits.length <= 5) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
}

/** A complete SSN shown as •••-••-1234; anything shorter is shown as typed, to be finished. */
export function maskSsn(text: string): string {
  const digits = text.replace(/\D/g, '');
  return digits.length === 9 ? `•••-••-${digits.slice(5)}` : text;
}
