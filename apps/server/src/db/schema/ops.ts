/**
 * Four eyes on money and on payout names: proposals of a funds release or a payoff,
 * each decided by a second agent, and the agent reviews of typed-in bank accounts whose holder
 * name is not the borrower's.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  TControlledActionKind,
  TControlledSubject,
  THolderNameReviewStatus,
  TOpsProposalStatus,
  TPayoffMethod,
} from '@pledge/domain';
import { applications, applicationUuidColumn } from './applications.js';
import { cents, generatedUuid, timestamptz } from './columns.js';

/** The agent who decided a pending row (their identity and address, as they were), when and why. */
const agentDecisionColumns = () => ({
  decidedBy: uuid('decided_by'),
  decidedByEmail: text('decided_by_email'),
  decidedAt: timestamptz('decided_at'),
  decisionReason: text('decision_reason'),
});

/**
 * A controlled action (packages/domain controlled-actions.ts) proposed by one agent, with its
 * evidence, for another to decide. A release or a payoff is about an application (application_uuid,
 * as the first release stored them); every other action names its subject (subject_type,
 * subject_id), the loan it concerns if any (loan_uuid, for the own-loan check) and what it will do
 * (payload, the validated request).
 */
export const opsProposals = pgTable(
  'ops_proposals',
  {
    id: generatedUuid('id'),
    applicationUuid: uuid('application_uuid').references(() => applications.uuid, {
      onDelete: 'cascade',
    }),
    kind: text('kind').$type<TControlledActionKind>().notNull(),
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
    payoffAmountCents: cents('payoff_amount_cents'),
    paidOn: date('paid_on', { mode: 'string' }),
    ...agentDecisionColumns(),
    subjectType: text('subject_type').$type<TControlledSubject>(),
    subjectId: text('subject_id'),
    /** The loan (its application uuid) the action concerns, for the own-loan check. */
    loanUuid: uuid('loan_uuid'),
    /** What approval will do: the request as validated when proposed. */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    amountCents: cents('amount_cents'),
    /** The maker's Idempotency-Key: the same proposal sent again answers the same row. */
    idempotencyKey: text('idempotency_key'),
    /** What approval did, in words (the payment, the fill, the import it made). */
    outcome: text('outcome'),
  },
  (table) => [
    uniqueIndex('ops_proposals_maker_key_unique')
      .on(table.proposedBy, table.kind, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} IS NOT NULL`),
    index('ops_proposals_pending_idx')
      .on(table.proposedAt)
      .where(sql`${table.status} = 'PENDING'`),
    check(
      'ops_proposals_subject',
      sql`${table.applicationUuid} IS NOT NULL OR (${table.subjectType} IS NOT NULL AND ${table.subjectId} IS NOT NULL)`,
    ),
    // One open proposal of each kind per application.
    uniqueIndex('ops_proposals_one_pending_unique')
      .on(table.applicationUuid, table.kind)
      .where(sql`${table.status} = 'PENDING'`),
    index('ops_proposals_application_idx').on(table.applicationUuid, table.proposedAt),
    check(
      'ops_proposals_kind_known',
      sql`${table.kind} IN ('RELEASE_FUNDS', 'RECORD_PAYOFF', 'RECORD_WIRE', 'REVERSE_PAYMENT', 'LIQUIDATION_FILL', 'SURPLUS_PAYOUT', 'TAPE_IMPORT', 'TAPE_REASSIGN', 'ESTATE_PAYOFF', 'REFI_COIN_RETURN', 'DEACTIVATE_AGENT', 'PUBLISH_BRAND', 'CREATE_WEBHOOK_ENDPOINT', 'CREATE_PARTNER_API_KEY')`,
    ),
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
    applicationUuid: applicationUuidColumn(),
    /** disbursement_accounts.version of the account reviewed. */
    disbursementVersion: integer('disbursement_version').notNull(),
    status: text('status').$type<THolderNameReviewStatus>().notNull().default('PENDING'),
    createdAt: timestamptz('created_at').notNull(),
    ...agentDecisionColumns(),
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
