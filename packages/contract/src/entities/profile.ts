import { z } from 'zod/mini';
import {
  ADDRESS_TYPES,
  CONSENT_CHOICES,
  CONSENT_TYPES,
  NAME_MAX_LENGTH,
  NAME_SUFFIXES,
  STREET_MAX_LENGTH,
} from '@pledge/domain';
import { ZCountryCode, ZIsoDate } from '../wire.js';

export const ZProfileName = z.object({
  firstName: z.string().check(z.trim(), z.minLength(1), z.maxLength(NAME_MAX_LENGTH)),
  lastName: z.string().check(z.trim(), z.minLength(1), z.maxLength(NAME_MAX_LENGTH)),
  suffix: z.nullable(z.enum(NAME_SUFFIXES)),
});

export const ZProfileAddress = z.object({
  type: z.enum(ADDRESS_TYPES),
  street1: z.string().check(z.trim(), z.minLength(1), z.maxLength(STREET_MAX_LENGTH)),
  street2: z.nullable(z.string().check(z.trim(), z.maxLength(STREET_MAX_LENGTH))),
  city: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
  /** State or province; a two-letter code for US addresses. */
  state: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
  zip: z.string().check(z.trim(), z.minLength(1), z.maxLength(12)),
  country: ZCountryCode,
});
export type TProfileAddress = z.infer<typeof ZProfileAddress>;

export const ZPhoneNumber = z.object({
  /** E.164 (`+15555550123`). */
  number: z
    .string()
    .check(
      z.maxLength(16, 'Enter a valid phone number'),
      z.regex(/^\+[1-9]\d{6,14}$/, 'Enter a valid phone number'),
    ),
});

/** Consent type (document 2 §3): one consent with the version the borrower saw. */
export const ZConsentType = z.object({
  type: z.enum(CONSENT_TYPES),
  version: z.string().check(z.minLength(1), z.maxLength(32)),
  optInOut: z.enum(CONSENT_CHOICES),
});
export type TConsentType = z.infer<typeof ZConsentType>;

/** Profile (document 2 §3). The SSN never leaves the server: `hasSsn` says if one is on file. */
export const ZProfile = z.object({
  uuid: z.uuid(),
  name: ZProfileName,
  dob: z.nullable(ZIsoDate),
  hasSsn: z.boolean(),
  addresses: z.array(ZProfileAddress),
  phoneNumbers: z.array(ZPhoneNumber),
  email: z.email(),
  countryOfDomicile: z.nullable(ZCountryCode),
  consents: z.array(ZConsentType),
});
export type TProfile = z.infer<typeof ZProfile>;
