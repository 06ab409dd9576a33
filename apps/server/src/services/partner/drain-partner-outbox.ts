/**
 * Turns the outbox's copies of audited changes into events of the partner catalogue, in the order
 * they were written, and queues one delivery of each event to every active webhook endpoint of its
 * brand (with the job that sends a loan's deliveries in order). One transaction per batch: a copy
 * is removed together with the writing of its events and deliveries, so a crash repeats nothing and
 * loses nothing.
 *
 * Every instance with a job worker looks for waiting copies every PARTNER_OUTBOX_POLL_MS and drains
 * them all at once (one drain per burst of changes, however many there were); a change's own
 * transaction only writes its copy, so it neither queues a job nor waits on a shared row. One drain
 * at a time across every instance (a transaction-scoped advisory lock), so events are numbered in
 * the order the drains found the copies: a loan's in the order of its changes (each change locks
 * the loan), and across loans in the order their transactions committed, which a copy's id (taken
 * before its commit) need not follow.
 */
import {
  PARTNER_EVENT_VERSION,
  parsePartnerEventData,
  type TPartnerEventType,
} from '@pledge/contract';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import {
  applications,
  liquidations,
  offers,
  partnerDeliveries,
  partnerEvents,
  partnerOutbox,
  partnerWebhookEndpoints,
  servicingDeferrals,
  servicingLoans,
  servicingPayments,
  servicingStatements,
} from '../../db/schema/index.js';
import type { TClock } from '../../security/jwt.js';
import {
  PARTNER_OUTBOX_ENTITIES,
  partnerEventsOfChange,
  type TPartnerEventOfChange,
} from './partner-event-types.js';
import { queuePartnerDeliveries } from './queue-partner-deliveries.js';

/** Copies drained per transaction. */
export const PARTNER_OUTBOX_BATCH = 200;

/** How often an instance looks for copies waiting to be drained. */
export const PARTNER_OUTBOX_POLL_MS = 1_000;

/** The advisory lock a drain holds for its transaction: one drain at a time, on any instance. */
const DRAIN_LOCK = sql`hashtextextended('partner-outbox-drain', 0)`;

type TOutboxRow = typeof partnerOutbox.$inferSelect;

export interface TDrainDeps {
  db: TDb;
  clock: TClock;
}

/** The loan (application) a copied change is about, with the figure its event carries. */
interface TSubject {
  appUuid: string;
  figures: Record<string, unknown>;
}

/**
 * A change to a row of a loan (a payment, a liquidation, a statement) is about that loan; its
 * event carries the row's id and the other fields read (none when the row is gone).
 */
function subjectOfLoanRow(
  found: { loanUuid: string } | undefined,
  ids: Record<string, string> = {},
): TSubject | null {
  if (found === undefined) return null;
  const { loanUuid, ...figures } = found;
  return { appUuid: loanUuid, figures: { ...ids, ...figures } };
}

async function subjectOf(tx: TDb, row: TOutboxRow): Promise<TSubject | null> {
  switch (row.entityType) {
    case PARTNER_OUTBOX_ENTITIES.application:
    case PARTNER_OUTBOX_ENTITIES.loan:
      return { appUuid: row.entityId, figures: {} };
    case PARTNER_OUTBOX_ENTITIES.payment: {
      const [payment] = await tx
        .select({
          loanUuid: servicingPayments.loanUuid,
          amountCents: servicingPayments.amountCents,
        })
        .from(servicingPayments)
        .where(eq(servicingPayments.uuid, row.entityId));
      return subjectOfLoanRow(payment, { paymentUuid: row.entityId });
    }
    case PARTNER_OUTBOX_ENTITIES.liquidation: {
      const [order] = await tx
        .select({ loanUuid: liquidations.loanUuid, status: servicingLoans.status })
        .from(liquidations)
        .innerJoin(servicingLoans, eq(servicingLoans.loanUuid, liquidations.loanUuid))
        .where(eq(liquidations.uuid, row.entityId));
      return subjectOfLoanRow(order);
    }
    case PARTNER_OUTBOX_ENTITIES.statement: {
      const [statement] = await tx
        .select({
          loanUuid: servicingStatements.loanUuid,
          amountDueCents: servicingStatements.amountDueCents,
          dueDate: servicingStatements.dueDate,
        })
        .from(servicingStatements)
        .where(eq(servicingStatements.uuid, row.entityId));
      return subjectOfLoanRow(statement, { statementUuid: row.entityId });
    }
    default:
      return null;
  }
}

type TApplicationFacts = Pick<
  typeof applications.$inferSelect,
  'uuid' | 'organization' | 'isCelsiusRefi' | 'isRollForward' | 'requestedAmountCents'
>;

/** The data of one event: identifiers and figures only (the catalogue's schema drops the rest). */
async function dataOf(
  tx: TDb,
  event: TPartnerEventOfChange,
  row: TOutboxRow,
  application: TApplicationFacts,
  subject: TSubject,
): Promise<Record<string, unknown>> {
  const appUuid = application.uuid;
  const loanUuid = application.uuid;
  switch (event.type) {
    case 'application.created':
      return { appUuid, isRenewal: application.isRollForward };
    case 'application.state_changed':
      return { appUuid, from: row.fromState, to: row.toState };
    case 'application.offer_accepted':
      return { appUuid, requestedAmountCents: application.requestedAmountCents };
    case 'loan.funded': {
      const [terms] = await tx
        .select({
          principalCents: offers.amountCents,
          interestRateBps: servicingLoans.interestRateBps,
          maturityDate: servicingLoans.maturityDate,
        })
        .from(applications)
        .leftJoin(offers, eq(offers.uuid, applications.selectedOfferUuid))
        .leftJoin(servicingLoans, eq(servicingLoans.loanUuid, applications.uuid))
        .where(eq(applications.uuid, appUuid));
      return {
        loanUuid,
        principalCents: terms?.principalCents ?? null,
        interestRateBps: terms?.interestRateBps ?? null,
        maturityDate: terms?.maturityDate ?? null,
      };
    }
    case 'loan.deferral': {
      const [deferral] = await tx
        .select({ interestCents: servicingDeferrals.interestCents })
        .from(servicingDeferrals)
        .where(eq(servicingDeferrals.loanUuid, loanUuid))
        .orderBy(desc(servicingDeferrals.createdAt))
        .limit(1);
      return { loanUuid, deferredInterestCents: deferral?.interestCents ?? null };
    }
    case 'loan.risk_level_changed':
      return {
        loanUuid,
        level: event.riskLevel,
        status: (row.toState ?? '').split('/')[0],
      };
    case 'application.documents_signed':
    case 'application.collateral_received':
    case 'application.funds_released':
    case 'refinancing.completed':
      return { appUuid };
    default:
      return { loanUuid, ...subject.figures };
  }
}

/**
 * Drains up to one batch; answers how many copies it drained (0 while another drain runs: it takes
 * what is waiting), so a caller drains again while a full batch was drained.
 */
export async function drainPartnerOutbox(deps: TDrainDeps): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const { rows: lock } = await tx.execute<{ isLocked: boolean }>(
      sql`SELECT pg_try_advisory_xact_lock(${DRAIN_LOCK}) AS "isLocked"`,
    );
    if (lock[0]?.isLocked !== true) return 0;
    // Locked without skipping: an older release's drain (which takes no advisory lock) finishes
    // with the copies it holds before this one reads them.
    const rows = await tx
      .select()
      .from(partnerOutbox)
      .where(isNull(partnerOutbox.drainedAt))
      .orderBy(asc(partnerOutbox.id))
      .limit(PARTNER_OUTBOX_BATCH)
      .for('update');
    if (rows.length === 0) return 0;
    const now = deps.clock();
    const endpointsByBrand = new Map<string, string[]>();
    const endpointsOf = async (brand: string): Promise<string[]> => {
      const known = endpointsByBrand.get(brand);
      if (known !== undefined) return known;
      const found = await tx
        .select({ id: partnerWebhookEndpoints.id })
        .from(partnerWebhookEndpoints)
        .where(
          and(
            eq(partnerWebhookEndpoints.brand, brand),
            eq(partnerWebhookEndpoints.status, 'ACTIVE'),
          ),
        );
      const ids = found.map((endpoint) => endpoint.id);
      endpointsByBrand.set(brand, ids);
      return ids;
    };
    const toSend = new Map<string, { endpointId: string; appUuid: string }>();
    for (const row of rows) {
      const subject = await subjectOf(tx, row);
      if (subject === null) continue;
      const [application] = await tx
        .select({
          uuid: applications.uuid,
          organization: applications.organization,
          isCelsiusRefi: applications.isCelsiusRefi,
          isRollForward: applications.isRollForward,
          requestedAmountCents: applications.requestedAmountCents,
        })
        .from(applications)
        .where(eq(applications.uuid, subject.appUuid));
      if (application === undefined) continue;
      const events = partnerEventsOfChange(row, application);
      for (const event of events) {
        const data = parsePartnerEventData(
          event.type,
          await dataOf(tx, event, row, application, subject),
        );
        const [inserted] = await tx
          .insert(partnerEvents)
          .values({
            outboxId: row.id,
            type: event.type satisfies TPartnerEventType,
            version: PARTNER_EVENT_VERSION,
            brand: application.organization,
            appUuid: application.uuid,
            occurredAt: row.at,
            data,
          })
          .onConflictDoNothing()
          .returning({ id: partnerEvents.id, seq: partnerEvents.seq });
        if (inserted === undefined) continue;
        const endpointIds = await endpointsOf(application.organization);
        if (endpointIds.length === 0) continue;
        await tx.insert(partnerDeliveries).values(
          endpointIds.map((endpointId) => ({
            endpointId,
            eventId: inserted.id,
            eventSeq: inserted.seq,
            appUuid: application.uuid,
            status: 'PENDING' as const,
            nextAttemptAt: now,
          })),
        );
        for (const endpointId of endpointIds) {
          toSend.set(`${endpointId}:${application.uuid}`, {
            endpointId,
            appUuid: application.uuid,
          });
        }
      }
    }
    // Removed, not marked: a drained copy is read by nothing, and a deletion writes no index.
    await tx.delete(partnerOutbox).where(
      inArray(
        partnerOutbox.id,
        rows.map((row) => row.id),
      ),
    );
    await queuePartnerDeliveries(tx, [...toSend.values()]);
    return rows.length;
  });
}

/** Whether a copy waits to be drained (one index probe, so an idle instance's look costs little). */
async function hasWaitingCopies(db: TDb): Promise<boolean> {
  const rows = await db
    .select({ id: partnerOutbox.id })
    .from(partnerOutbox)
    .where(isNull(partnerOutbox.drainedAt))
    .limit(1);
  return rows.length > 0;
}

/** Drains every copy waiting now, batch after batch; answers how many it drained. */
export async function drainWaitingPartnerChanges(deps: TDrainDeps): Promise<number> {
  if (!(await hasWaitingCopies(deps.db))) return 0;
  let total = 0;
  for (;;) {
    const drained = await drainPartnerOutbox(deps);
    total += drained;
    if (drained < PARTNER_OUTBOX_BATCH) return total;
  }
}

export interface TPartnerOutboxDrainer {
  /** Stops looking and waits for a drain under way. */
  stop(): Promise<void>;
}

/**
 * Looks for waiting copies every PARTNER_OUTBOX_POLL_MS and drains them; a failed drain is
 * reported and the next look tries again (the copies wait in the table meanwhile).
 */
export function startPartnerOutboxDrainer(
  deps: TDrainDeps & { everyMs?: number; onError?: (error: unknown) => void },
): TPartnerOutboxDrainer {
  let running: Promise<void> | undefined;
  const look = () => {
    running ??= drainWaitingPartnerChanges(deps)
      .then(
        () => undefined,
        (error: unknown) => deps.onError?.(error),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(look, deps.everyMs ?? PARTNER_OUTBOX_POLL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
