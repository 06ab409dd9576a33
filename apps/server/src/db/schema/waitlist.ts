/**
 * Sign-ups for states where loans are not offered yet. The address is personal data: it is kept
 * encrypted, with a blind index that makes one sign-up per address and state unique.
 */

import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, generatedUuid } from './columns.js';

export const waitlist = pgTable(
  'waitlist',
  {
    id: generatedUuid('id'),
    /** The lower-case address, sealed with the field cipher (context `waitlist.email:<state>`). */
    emailSealed: text('email_sealed').notNull(),
    /** Keyed digest of the lower-case address. */
    emailBlindIndex: text('email_blind_index').notNull(),
    stateCode: text('state_code').notNull(),
    /** The brand the borrower signed up through; its name is on the confirmation. */
    organization: text('organization').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('waitlist_email_state_unique').on(table.emailBlindIndex, table.stateCode),
    // Announcing a newly serviced state reads its sign-ups in order.
    index('waitlist_state_created_idx').on(table.stateCode, table.createdAt),
  ],
);
