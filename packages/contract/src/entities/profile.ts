import { z } from 'zod';
import { ADDRESS_TYPES, CONSENT_CHOICES, CONSENT_TYPES, NAME_SUFFIXES } from '@pledge/domain';
import { ZCountryCode, ZIsoDate } from '../wire.js';

export const ZProfileName = z.object({
  firstName: z.string().trim().min(1).max(50),
  lastName: z.string().trim().min(1).max(50),
  suffix: z.enum(NAME_SUFFIXES).nullable(),
});

export const ZProfileAddress = z.object({
  type: z.enum(ADDRESS_TYPES),
  street1: z.string().trim().min(1).max(100),
  street2: z.string().trim().max(100).nullable(),
  city: z.string().trim().min(1).max(60),
  /** State or province; a two-letter code for US addresses. */
  state: z.string().trim().min(1).max(60),
  zip: z.string().trim().min(1).max(12),
  country: ZCountryCode,
});
export type TProfileAddress = z.infer<typeof ZProfileAddress>;

export const ZPhoneNumber = z.object({
  /** E.164 (`+15555550123`). */
  number: z.string().regex(/^\+[1-9]\d{6,14}$/, 'Enter a valid phone number'),
});

/** Consent type (document 2 §3): one consent with the version the borrower saw. */
export const ZConsentType = z.object({
  type: z.enum(CONSENT_TYPES),
  version: z.string().min(1).max(32),
  optInOut: z.enum(CONSENT_CHOICES),
});
export type TConsentType = z.infer<typeof ZConsentType>;

/** Profile (document 2 §3). The SSN never leaves the server: `hasSsn` says if one is on file. */
export const ZProfile = z.object({
  uuid: z.uuid(),
  name: ZProfileName,
  dob: ZIsoDate.nullable(),
  hasSsn: z.boolean(),
  addresses: z.array(ZProfileAddress),
  phoneNumbers: z.array(ZPhoneNumber),
  email: z.email(),
  countryOfDomicile: ZCountryCode.nullable(),
  consents: z.array(ZConsentType),
});
export type TProfile = z.infer<typeof ZProfile>;
