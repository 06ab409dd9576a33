/**
 * Four eyes on money and on payout names: proposals of a funds release or a payoff,
 * each decided by a second agent, and the agent reviews of typed-in bank accounts whose holder
 * name is not the borrower's.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  THolderNameReviewStatus,
  TOpsProposalKind,
  TOpsProposalStatus,
  TPayoffMethod,
} from '@pledge/domain';
import { applications } from './applications.js';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** A funds release or a payoff proposed by one agent, with its evidence, for another to decide. */
export const opsProposals = pgTable(
  'ops_proposals',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    applicationUuid: uuid('application_uuid')
      .notNull()
      .references(() => applications.uuid, { onDelete: 'cascade' }),
    kind: text('kind').$type<TOpsProposalKind>().notNull(),
    status: text('status').$type<TOpsProposalStatus>().notNull().default('PENDING'),
    /** The proposing agent's identity and address, as they were. */
    proposedBy: uuid('proposed_by').notNull(),
    proposedByEmail: text('proposed_by_email').notNull(),
    proposedAt: timestamptz('proposed_at').notNull(),
    /** The evidence: a payment or transfer reference, and a note. */
    reference: text('reference').notNull(),
    note: text('note'),
    /** Payoffs only: how, how much (integer cents) and on which day the borrower paid. */
    payoffMethod: text('payoff_method').$type<TPayoffMethod>(),
    payoffAmountCents: bigint('payoff_amount_cents', { mode: 'number' }),
    paidOn: date('paid_on', { mode: 'string' }),
    decidedBy: uuid('decided_by'),
    decidedByEmail: text('decided_by_email'),
    decidedAt: timestamptz('decided_at'),
    decisionReason: text('decision_reason'),
  },
  (table) => [
    // One open proposal of each kind per application.
    uniqueIndex('ops_proposals_one_pending_unique')
      .on(table.applicationUuid, table.kind)
      .where(sql`${table.status} = 'PENDING'`),
    index('ops_proposals_application_idx').on(table.applicationUuid, table.proposedAt),
    check('ops_proposals_kind_known', sql`${table.kind} IN ('RELEASE_FUNDS', 'RECORD_PAYOFF')`),
    check(
      'ops_proposals_status_known',
      sql`${table.status} IN ('PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWN')`,
    ),
    check(
      'ops_proposals_payoff_evidence',
      sql`${table.kind} <> 'RECORD_PAYOFF' OR (${table.payoffMethod} IS NOT NULL AND ${table.payoffAmountCents} > 0 AND ${table.paidOn} IS NOT NULL)`,
    ),
    check(
      'ops_proposals_decided',
      sql`(${table.status} = 'PENDING') = (${table.decidedBy} IS NULL)`,
    ),
    check(
      'ops_proposals_four_eyes',
      sql`${table.status} <> 'APPROVED' OR ${table.decidedBy} <> ${table.proposedBy}`,
    ),
  ],
);

/**
 * An agent's review of a typed-in bank account whose holder name is not the borrower's profile
 * name: one per version of the application's disbursement account (a new account, a new review).
 */
export const holderNameReviews = pgTable(
  'holder_name_reviews',
  {
    applicationUuid: uuid('application_uuid')
      .notNull()
      .references(() => applications.uuid, { onDelete: 'cascade' }),
    /** disbursement_accounts.version of the account reviewed. */
    disbursementVersion: integer('disbursement_version').notNull(),
    status: text('status').$type<THolderNameReviewStatus>().notNull().default('PENDING'),
    createdAt: timestamptz('created_at').notNull(),
    decidedBy: uuid('decided_by'),
    decidedByEmail: text('decided_by_email'),
    decidedAt: timestamptz('decided_at'),
    decisionReason: text('decision_reason'),
  },
  (table) => [
    primaryKey({
      name: 'holder_name_reviews_pk',
      columns: [table.applicationUuid, table.disbursementVersion],
    }),
    check(
      'holder_name_reviews_status_known',
      sql`${table.status} IN ('PENDING', 'APPROVED', 'REJECTED')`,
    ),
  ],
);
