/**
 * Collateral risk of funded loans (issue "Servicing, part 2"): every price a decision used, each
 * risk crossing of a loan with the price behind it, and the liquidations that sold collateral
 * (an order, then its fill). The loan's current risk state lives on servicing_loans.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TRiskLevel } from '@pledge/domain';
import { loanUuidColumn } from './applications.js';
import { cents, coinQuantity, createdAt, timestamptz, updatedAt } from './columns.js';

/**
 * A coin price as the monitoring saw it: the median of exchange tickers (venues named), or the
 * sandbox's settable price. `accepted` is false for a tick the wick guard held back.
 */
export const priceObservations = pgTable(
  'price_observations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    collateralType: text('collateral_type').$type<'BTC' | 'ETH'>().notNull(),
    priceCents: cents('price_cents').notNull(),
    source: text('source').$type<'MEDIAN' | 'SANDBOX'>().notNull(),
    venues: text('venues')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    accepted: boolean('accepted').notNull().default(true),
    /** Why the wick guard held it back, when it did. */
    rejectedReason: text('rejected_reason'),
    observedAt: timestamptz('observed_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('price_observations_type_idx').on(table.collateralType, table.observedAt, table.id),
    check('price_observations_positive', sql`price_cents > 0`),
  ],
);

/** One risk crossing of a loan (either direction), with the LTV and the price that made it. */
export const loanRiskEvents = pgTable(
  'loan_risk_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    loanUuid: loanUuidColumn(),
    fromLevel: text('from_level').$type<TRiskLevel>().notNull(),
    toLevel: text('to_level').$type<TRiskLevel>().notNull(),
    /** Notices this crossing sent (WARNING, COURTESY_NOTICE, MARGIN_CALL, CURED …). */
    notices: text('notices')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ltvPct: numeric('ltv_pct', { precision: 12, scale: 2 }).notNull(),
    priceObservationId: bigint('price_observation_id', { mode: 'number' })
      .notNull()
      .references(() => priceObservations.id),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('loan_risk_events_loan_idx').on(table.loanUuid, table.createdAt)],
);

/**
 * A liquidation: the order (how much to sell and why, decided on a stored price) and, once the
 * exchange or the desk filled it, the fill. One open order per loan at a time.
 */
export const liquidations = pgTable(
  'liquidations',
  {
    uuid: uuid('uuid').primaryKey(),
    loanUuid: loanUuidColumn(),
    status: text('status').$type<'OPEN' | 'FILLED'>().notNull(),
    reason: text('reason').$type<'LIQUIDATION_LTV' | 'CURE_DEADLINE_PASSED'>().notNull(),
    ltvAtDecisionPct: numeric('ltv_at_decision_pct', { precision: 12, scale: 2 }).notNull(),
    decisionPriceObservationId: bigint('decision_price_observation_id', { mode: 'number' })
      .notNull()
      .references(() => priceObservations.id),
    coinQuantityToSell: coinQuantity('coin_quantity_to_sell').notNull(),
    /** The fill: what was sold, at what price, where and when. */
    coinQuantitySold: coinQuantity('coin_quantity_sold'),
    fillPriceCents: cents('fill_price_cents'),
    venue: text('venue'),
    executedAt: timestamptz('executed_at'),
    proceedsCents: cents('proceeds_cents'),
    feeCents: cents('fee_cents'),
    appliedCents: cents('applied_cents'),
    surplusCents: cents('surplus_cents'),
    ltvAfterPct: numeric('ltv_after_pct', { precision: 12, scale: 2 }),
    /** The ledger journal of the fill. */
    journalUuid: uuid('journal_uuid'),
    /** The agent who recorded a desk fill (null for the sandbox exchange). */
    filledBy: text('filled_by'),
    fillIdempotencyKey: text('fill_idempotency_key'),
    /** Storage key of the liquidation statement PDF. */
    statementPdfKey: text('statement_pdf_key'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('liquidations_one_open_per_loan')
      .on(table.loanUuid)
      .where(sql`status = 'OPEN'`),
    index('liquidations_loan_idx').on(table.loanUuid, table.createdAt),
    index('liquidations_open_idx')
      .on(table.createdAt)
      .where(sql`status = 'OPEN'`),
    check(
      'liquidations_fill_complete',
      sql`(status = 'OPEN') = (executed_at IS NULL) AND (executed_at IS NULL) = (coin_quantity_sold IS NULL)`,
    ),
    check('liquidations_sell_positive', sql`coin_quantity_to_sell > 0`),
  ],
);

export type TLiquidationRow = typeof liquidations.$inferSelect;
export type TPriceObservationRow = typeof priceObservations.$inferSelect;
