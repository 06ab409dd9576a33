/**
 * The profile rules: the loan details form's own validators (domain) wherever a profile field is
 * one of its fields, so that a name, date of birth, SSN, address or phone refused on the form is
 * refused here with the same words.
 */
import type { TConsentType as TConsent, TProfileAddress, TPutProfileBody } from '@pledge/contract';
import {
  fieldErrorsFromZodError,
  findCountry,
  isoDateOf,
  LOAN_DETAILS_MESSAGES,
  makeInternationalLoanDetailsSchema,
  makeLoanDetailsSchema,
} from '@pledge/domain';
import { z } from 'zod';
import { HttpError } from '../../http/errors.js';
import { CURRENT_CONSENT_VERSIONS } from './consent-versions.js';

export const PROFILE_MESSAGES = {
  consentTwice: 'Give each consent once',
  consentVersion: 'This is not the current version of this consent; reload and try again',
} as const;

/** The profile as stored: validated and normalised (phones in E.164, US states upper case). */
export interface TProfileDetails {
  name: TPutProfileBody['name'];
  dob: string | null;
  addresses: TProfileAddress[];
  phoneNumbers: { number: string }[];
  email: string;
  countryOfDomicile: string | null;
}

export interface TValidProfile {
  details: TProfileDetails;
  /** Nine digits; undefined when the request kept the SSN on file. */
  ssn: string | undefined;
  consents: TConsent[];
}

type TFieldErrors = Record<string, string[]>;

function addErrors(errors: TFieldErrors, path: string, found: TFieldErrors): void {
  for (const [subPath, messages] of Object.entries(found)) {
    const key = subPath === '' ? path : `${path}.${subPath}`;
    const list = (errors[key] ??= []);
    for (const message of messages) if (!list.includes(message)) list.push(message);
  }
}

/** Parses one value with a domain field schema; its messages land under `path`. */
function check<S extends z.core.$ZodType>(
  schema: S,
  value: unknown,
  path: string,
  errors: TFieldErrors,
): z.output<S> | undefined {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  addErrors(errors, path, fieldErrorsFromZodError(result.error));
  return undefined;
}

/**
 * Validates a profile for saving. `storedConsentVersions` (type → version on file) lets a page send
 * back the consents it read unchanged even after a newer text was published; a changed choice must
 * be for the current text. Throws a 400 with field messages.
 */
export function validateProfile(
  body: TPutProfileBody,
  options: { today?: string; storedConsentVersions?: ReadonlyMap<string, string> } = {},
): TValidProfile {
  const today = options.today ?? isoDateOf(new Date());
  const us = makeLoanDetailsSchema({ today }).shape;
  const international = makeInternationalLoanDetailsSchema({ today }).shape;
  const errors: TFieldErrors = {};

  check(us.firstName, body.name.firstName, 'name.firstName', errors);
  check(us.lastName, body.name.lastName, 'name.lastName', errors);
  const dob = body.dob === null ? null : check(us.dob, body.dob, 'dob', errors);
  const ssn = body.ssn === undefined ? undefined : check(us.ssn, body.ssn, 'ssn', errors);

  const addresses = body.addresses.map((address, index): TProfileAddress | undefined => {
    const fields = { ...address, street2: address.street2 ?? undefined };
    const path = `addresses.${index}`;
    const parsed =
      address.country === 'US'
        ? check(us.address, fields, path, errors)
        : check(international.address, fields, path, errors);
    if (parsed === undefined) return undefined;
    return {
      type: address.type,
      street1: parsed.street1,
      street2: parsed.street2 ?? null,
      city: parsed.city,
      // The contract already requires a region; the domain's is optional abroad.
      state: parsed.state ?? address.state,
      zip: parsed.zip,
      country: parsed.country,
    };
  });

  const phoneNumbers = body.phoneNumbers.map((phone, index) => {
    const path = `phoneNumbers.${index}.number`;
    if (phone.number.startsWith('+1')) {
      const digits = check(us.phone, phone.number, path, errors);
      return digits === undefined ? undefined : { number: `+1${digits}` };
    }
    const e164 = check(international.phone, phone.number, path, errors);
    return e164 === undefined ? undefined : { number: e164 };
  });

  if (
    body.countryOfDomicile !== null &&
    body.countryOfDomicile !== 'US' &&
    findCountry(body.countryOfDomicile) === undefined
  ) {
    errors.countryOfDomicile = [LOAN_DETAILS_MESSAGES.countryRequired];
  }

  const seen = new Set<string>();
  body.consents.forEach((consent, index) => {
    if (seen.has(consent.type)) {
      addErrors(errors, `consents.${index}.type`, { '': [PROFILE_MESSAGES.consentTwice] });
    }
    seen.add(consent.type);
    const isCurrent = consent.version === CURRENT_CONSENT_VERSIONS[consent.type];
    const isOnFile = options.storedConsentVersions?.get(consent.type) === consent.version;
    if (!isCurrent && !isOnFile) {
      addErrors(errors, `consents.${index}.version`, { '': [PROFILE_MESSAGES.consentVersion] });
    }
  });

  const [firstMessages] = Object.values(errors);
  if (firstMessages !== undefined) {
    throw new HttpError(400, 'VALIDATION_ERROR', firstMessages[0] ?? 'Invalid profile', errors);
  }
  return {
    details: {
      name: body.name,
      dob: dob ?? null,
      // Every entry parsed (no errors were raised), so none is undefined.
      addresses: addresses.filter((address) => address !== undefined),
      phoneNumbers: phoneNumbers.filter((phone) => phone !== undefined),
      email: body.email,
      countryOfDomicile: body.countryOfDomicile,
    },
    ssn,
    consents: body.consents,
  };
}
