/**
 * Borrower profiles. Everything personal is encrypted at rest: the details (name, date of birth,
 * addresses, phone numbers, email) as one sealed JSON document and the SSN on its own, each bound to
 * its identity; the SSN also has a blind index so that the same SSN can be found on two identities
 * without being readable.
 */

import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, generatedUuid, timestamptz, updatedAt } from './columns.js';

export const profiles = pgTable(
  'profiles',
  {
    identityUuid: uuid('identity_uuid').primaryKey(),
    detailsSealed: text('details_sealed').notNull(),
    ssnSealed: text('ssn_sealed'),
    ssnBlindIndex: text('ssn_blind_index'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('profiles_ssn_blind_index_idx').on(table.ssnBlindIndex)],
);

/** Every consent choice a borrower made, in order; the latest per type is the current one. */
export const profileConsents = pgTable(
  'profile_consents',
  {
    id: generatedUuid('id'),
    identityUuid: uuid('identity_uuid').notNull(),
    consentType: text('consent_type').notNull(),
    version: text('version').notNull(),
    optInOut: text('opt_in_out').notNull(),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (table) => [
    index('profile_consents_identity_idx').on(table.identityUuid, table.consentType, table.at),
  ],
);
