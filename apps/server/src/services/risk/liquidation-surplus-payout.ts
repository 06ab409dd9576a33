/**
 * An agent records that a liquidation's surplus was wired back to the borrower (POST …/loans/:uuid/
 * surplus-payouts): one SURPLUS_PAYOUT journal clears SURPLUS_PAYABLE against CASH, dated the day
 * the wire was sent, audited with the wire's reference. The whole surplus goes in one wire, so the
 * amount must be exactly what is owed; with nothing owed the payout is refused.
 *
 * A payout is recorded once per Idempotency-Key: the journal's uuid is derived from the loan and
 * the key, so a retry finds the journal it wrote and answers it; the same key with other evidence
 * is refused, and a second payout under another key finds nothing owed. While a debit of the loan
 * is pending the payout waits: the bank may still return it.
 */
import { createHash } from 'node:crypto';
import type { TPostOpsSurplusPayoutBody, TSurplusPayout } from '@pledge/contract';
import {
  formatUsd,
  isoDay,
  SURPLUS_PAYOUT_MESSAGES,
  surplusOwedCents,
  surplusPayoutJournal,
} from '@pledge/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import {
  auditEvents,
  ledgerEntries,
  liquidations,
  servicingPayments,
} from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { postJournal } from '../servicing/ledger-store.js';
import { assertServicingInvariants } from '../servicing/servicing-invariants.js';
import { loadLoan } from '../servicing/servicing-record.js';

export const SURPLUS_PAYOUT_ENTITY = 'surplus-payout';

export const SURPLUS_PAYOUT_KEY_REUSED =
  'This Idempotency-Key was already used for a different surplus payout';

/** The journal uuid of the payout recorded under this key (name-based, version 5 layout). */
export function surplusPayoutJournalUuid(loanUuid: string, idempotencyKey: string): string {
  const hex = createHash('sha256')
    .update(`surplus-payout\n${loanUuid}\n${idempotencyKey}`)
    .digest('hex')
    .slice(0, 32)
    .split('');
  hex[12] = '5';
  hex[16] = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

/** The audit reason: the wire's evidence, word for word, so a retry can be told from a rival. */
function payoutReason(loanUuid: string, body: TPostOpsSurplusPayoutBody): string {
  return `Surplus of ${body.amountCents} cents wired back to the borrower of loan ${loanUuid} on ${body.sentOn}, reference ${body.reference}`;
}

function fieldError(field: keyof TPostOpsSurplusPayoutBody, message: string): HttpError {
  return new HttpError(400, 'VALIDATION_ERROR', message, { [field]: [message] });
}

/** The sum of the loan's SURPLUS_PAYABLE entries (credits negative). */
async function surplusPayableSum(tx: TDb, loanUuid: string): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.loanUuid, loanUuid), eq(ledgerEntries.account, 'SURPLUS_PAYABLE')));
  return Number(row?.sum ?? 0);
}

/** The surplus owed back to the borrower now, in cents (0 when none). */
export async function surplusOwedOf(db: TDb, loanUuid: string): Promise<number> {
  return surplusOwedCents(await surplusPayableSum(db, loanUuid));
}

/** The payout already recorded under this key, if any. */
async function recordedPayout(
  tx: TDb,
  loanUuid: string,
  journalUuid: string,
): Promise<{ amountCents: number; sentOn: string; reason: string | null; at: Date } | undefined> {
  const legs = await tx
    .select({
      account: ledgerEntries.account,
      amountCents: ledgerEntries.amountCents,
      effectiveOn: ledgerEntries.effectiveOn,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.loanUuid, loanUuid), eq(ledgerEntries.journalUuid, journalUuid)));
  const cleared = legs.find((leg) => leg.account === 'SURPLUS_PAYABLE');
  if (cleared === undefined) return undefined;
  const [audit] = await tx
    .select({ reason: auditEvents.reason, at: auditEvents.at })
    .from(auditEvents)
    .where(
      and(eq(auditEvents.entityType, SURPLUS_PAYOUT_ENTITY), eq(auditEvents.entityId, journalUuid)),
    );
  return {
    amountCents: cleared.amountCents,
    sentOn: cleared.effectiveOn,
    reason: audit?.reason ?? null,
    at: audit?.at ?? new Date(0),
  };
}

/** Whether a payment of the loan waits for its bank (sent or not yet sent, not settled). */
async function hasPendingDebit(tx: TDb, loanUuid: string): Promise<boolean> {
  const [row] = await tx
    .select({ uuid: servicingPayments.uuid })
    .from(servicingPayments)
    .where(and(eq(servicingPayments.loanUuid, loanUuid), eq(servicingPayments.status, 'PENDING')))
    .limit(1);
  return row !== undefined;
}

/** The day of the latest sale that left a surplus: the wire cannot predate it. */
async function lastSurplusSaleDay(tx: TDb, loanUuid: string): Promise<string | null> {
  const [sale] = await tx
    .select({ executedAt: liquidations.executedAt })
    .from(liquidations)
    .where(
      and(
        eq(liquidations.loanUuid, loanUuid),
        eq(liquidations.status, 'FILLED'),
        sql`${liquidations.surplusCents} > 0`,
      ),
    )
    .orderBy(desc(liquidations.executedAt))
    .limit(1);
  return sale?.executedAt == null ? null : isoDay(sale.executedAt);
}

export async function recordSurplusPayout(
  deps: { db: TDb; clock: () => Date },
  input: {
    loanUuid: string;
    body: TPostOpsSurplusPayoutBody;
    idempotencyKey: string;
    actor: string;
  },
): Promise<TSurplusPayout> {
  const { loanUuid, body } = input;
  const now = deps.clock();
  if (body.sentOn > isoDay(now)) {
    throw fieldError('sentOn', SURPLUS_PAYOUT_MESSAGES.sentInFuture);
  }
  const journalUuid = surplusPayoutJournalUuid(loanUuid, input.idempotencyKey);
  const reason = payoutReason(loanUuid, body);
  const view = (recordedAt: Date): TSurplusPayout => ({
    journalUuid,
    loanUuid,
    amountCents: body.amountCents,
    reference: body.reference,
    sentOn: body.sentOn,
    recordedAt: recordedAt.toISOString(),
  });
  return deps.db.transaction(async (tx) => {
    // The loan row is locked: payouts of one loan are decided one after the other.
    await loadLoan(tx, loanUuid, { forUpdate: true });
    const found = await recordedPayout(tx, loanUuid, journalUuid);
    if (found !== undefined) {
      if (found.reason !== reason) {
        throw new HttpError(409, 'IDEMPOTENCY_KEY_REUSED', SURPLUS_PAYOUT_KEY_REUSED);
      }
      return view(found.at);
    }
    const owedCents = surplusOwedCents(await surplusPayableSum(tx, loanUuid));
    if (owedCents === 0) {
      throw new HttpError(409, 'NO_SURPLUS_OWED', SURPLUS_PAYOUT_MESSAGES.noneOwed);
    }
    if (body.amountCents !== owedCents) {
      throw fieldError('amountCents', SURPLUS_PAYOUT_MESSAGES.amountDiffers(formatUsd(owedCents)));
    }
    // A debit still pending may yet be returned, and with it the part of the surplus it made:
    // nothing is wired back out of money the bank can still take back.
    if (await hasPendingDebit(tx, loanUuid)) {
      throw new HttpError(409, 'DEBIT_PENDING', SURPLUS_PAYOUT_MESSAGES.debitPending);
    }
    const saleDay = await lastSurplusSaleDay(tx, loanUuid);
    if (saleDay !== null && body.sentOn < saleDay) {
      throw fieldError('sentOn', SURPLUS_PAYOUT_MESSAGES.sentBeforeSale(saleDay));
    }
    const journal = surplusPayoutJournal({ owedCents, amountCents: body.amountCents });
    // The journal takes the key's uuid, so a retry of this request finds it.
    await postJournal(tx, { loanUuid, journal, effectiveOn: body.sentOn, journalUuid });
    await tx.insert(auditEvents).values({
      entityType: SURPLUS_PAYOUT_ENTITY,
      entityId: journalUuid,
      actor: input.actor,
      fromState: 'OWED',
      toState: 'PAID',
      reason,
      at: now,
    });
    // Nothing more is owed back, and nothing was paid out beyond what was owed.
    if ((await surplusPayableSum(tx, loanUuid)) !== 0) {
      throw new Error(`Loan ${loanUuid}: the surplus payout did not clear SURPLUS_PAYABLE`);
    }
    await assertServicingInvariants(tx, loanUuid);
    return view(now);
  });
}
