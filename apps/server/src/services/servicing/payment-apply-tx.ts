/**
 * A payment's second transaction: the bank's answer kept. An accepted debit is posted to the
 * ledger at once (PENDING, reversed if returned); a refused one is kept as RETURNED and the
 * borrower is told. An accepted debit is one statement: it locks the loan, reads the ledger as it
 * is under the lock and writes the journal with the payment's transfer, only if the ledger is what
 * the journal was made of (else it writes nothing, and the journal is made again of what it read).
 * That statement is sent alone, checked before it is sent, when the payment's write read all it
 * checks and the loan is still so (postAlone); between BEGIN and COMMIT otherwise.
 * A statement's reads see the database as of its start, which may predate the lock (it can wait
 * for it), so it reads the ledger through a function that takes a snapshot of its own when called,
 * after the lock (migration 0047), as a statement of its own following the lock would.
 */
import { randomUUID } from 'node:crypto';
import {
  acceptedDebitJournal,
  assertBalancedJournal,
  isoDay,
  RECEIVABLE_ACCOUNTS,
  servicingViolations,
  stageOf,
  type TApplicationState,
  type TLedgerAccount,
  type TLoanFacts,
  type TRiskLevel,
  type TServicingFact,
} from '@pledge/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { TDebitResult } from '../../adapters/bank-payments/port.js';
import { executeNamed, namedStatement, placeholder } from '../../db/named-statement.js';
import type { TDb } from '../../db/pool.js';
import { servicingPayments } from '../../db/schema/index.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { queueEmail } from '../email/queue-email.js';
import { queueRiskPass } from '../risk/queue-risk-pass.js';
import {
  auditPayment,
  balancesOfSums,
  paymentByUuid,
  paymentRowOf,
  postingFactsSql,
  sumsOfPostingFacts,
  type TAccountSums,
  type TPaymentJson,
  type TPostingFacts,
} from './payment-record.js';
import { paymentReturnedMessage } from './servicing-messages.js';
import { assertServicingInvariants } from './servicing-invariants.js';
import {
  borrowerEmailOf,
  brandOfLoan,
  loadLoan,
  loanNotFound,
  type TLoanContext,
  type TServicingPaymentRow,
} from './servicing-record.js';

export interface TApplyDeps {
  db: TDb;
  cipher: TFieldCipher;
  clock: () => Date;
  sandbox: boolean;
}

/** Inside the second transaction, after an accepted debit is posted (the payoff's closing). */
export type TAfterAccepted = (tx: TDb, payment: TServicingPaymentRow) => Promise<void>;

/** What a refused debit's transaction needs: the payment as it is under the loan's lock. */
async function lockLoanForRefusal(
  tx: TDb,
  payment: TServicingPaymentRow,
): Promise<{ payment: TPaymentJson | null } | undefined> {
  const [row] = await executeNamed<{ payment: TPaymentJson | null }>(
    tx,
    'payment_refusal_lock_loan',
    sql`
    SELECT (SELECT to_jsonb(p) FROM servicing_payments p WHERE p.uuid = ${payment.uuid}::uuid)
      AS payment
    FROM servicing_loans s WHERE s.loan_uuid = ${payment.loanUuid}::uuid
    FOR UPDATE OF s`,
  );
  return row;
}

/** What the posting reads of the loan under its lock. */
interface TDebitLoan {
  status: TLoanContext['loan']['status'];
  risk_level: TRiskLevel;
  risk_notified_level: TRiskLevel;
  has_cure_deadline: boolean;
  application_state: TApplicationState;
}

/**
 * Whether a payment can move the loan's risk level, notices or margin call: a lower balance only
 * lowers the LTV, so a loan at no level, notified of none and without a margin call stays so
 * (a new price queues its own pass).
 */
function paymentMayMoveRisk(loan: TDebitLoan): boolean {
  return (
    loan.risk_level !== 'NONE' ||
    loan.risk_notified_level !== 'NONE' ||
    loan.has_cure_deadline ||
    loan.status === 'MARGIN_CALL'
  );
}

interface TPostedDebit {
  loan: TDebitLoan;
  /** False when the receivables were not those the journal was made of: nothing was written. */
  isLedgerAsRead: boolean;
  /** The payment with its transfer; null when nothing was written. */
  payment: TPaymentJson | null;
  /** The sums the statement found before writing (the ledger under the lock). */
  sumsBefore: TAccountSums;
  sumsAfter: TAccountSums;
  cashCents: number;
  countedPaymentsCents: number;
}

/**
 * The posting statement of postAcceptedDebit, its values left as placeholders: built and turned
 * into SQL text once per process (namedStatement), not on every payment.
 */
function debitLockPostStatement(): SQL {
  return sql`
    WITH locked AS MATERIALIZED (
      SELECT s.loan_uuid, s.status, s.risk_level, s.risk_notified_level,
        s.cure_deadline IS NOT NULL AS has_cure_deadline, s.counted_payments_cents,
        (SELECT a.state FROM applications a WHERE a.uuid = s.loan_uuid) AS application_state
      FROM servicing_loans s WHERE s.loan_uuid = ${placeholder('loanUuid')}::uuid
      FOR UPDATE
    ), before AS MATERIALIZED (
      SELECT b.account, b.cents, b.paid_in_cents
      FROM locked l CROSS JOIN LATERAL ledger_account_balances_now(l.loan_uuid) b
    ), as_read AS (
      SELECT EXISTS (SELECT 1 FROM locked) AND NOT EXISTS (
        SELECT 1 FROM jsonb_each_text(${placeholder('expected')}::jsonb) e
        WHERE e.value::bigint <> coalesce((SELECT b.cents FROM before b WHERE b.account = e.key), 0)
      ) AND (${placeholder('pinned')}::jsonb IS NULL OR
        (SELECT ${postingFactsSql('before', 'l')} FROM locked l) = ${placeholder('pinned')}::jsonb
      ) AS ok
    ), updated AS (
      UPDATE servicing_payments
      SET transfer_id = ${placeholder('transferId')},
        updated_at = ${placeholder('now')}::timestamptz
      WHERE uuid = ${placeholder('paymentUuid')}::uuid
        AND loan_uuid = ${placeholder('loanUuid')}::uuid AND status = 'PENDING'
        AND transfer_id IS NULL AND (SELECT ok FROM as_read)
      RETURNING *
    ), legs AS (
      INSERT INTO ledger_entries
        (journal_uuid, loan_uuid, kind, account, amount_cents, effective_on, payment_uuid)
      SELECT ${placeholder('journalUuid')}::uuid, u.loan_uuid, ${placeholder('kind')},
        leg.account, leg.amount_cents, ${placeholder('effectiveOn')}::date, u.uuid
      FROM updated u
      CROSS JOIN jsonb_to_recordset(${placeholder('legs')}::jsonb)
        AS leg (account text, amount_cents bigint)
      RETURNING account, kind, amount_cents
    ), after AS (
      SELECT account, cents, paid_in_cents FROM before
      UNION ALL
      SELECT account, amount_cents,
        CASE WHEN kind <> 'SURPLUS_PAYOUT' THEN amount_cents ELSE 0 END FROM legs
    )
    SELECT l.status, l.risk_level, l.risk_notified_level, l.has_cure_deadline,
      l.application_state,
      (SELECT ok FROM as_read) AS is_ledger_as_read,
      (SELECT to_jsonb(u) FROM updated u) AS payment,
      (SELECT coalesce(jsonb_object_agg(account, cents), '{}'::jsonb) FROM before) AS sums_before,
      (SELECT coalesce(jsonb_object_agg(account, cents), '{}'::jsonb) FROM (
        SELECT account, sum(cents) AS cents FROM after GROUP BY account) x) AS sums_after,
      (SELECT coalesce(sum(paid_in_cents), 0) FROM after WHERE account = 'CASH') AS cash_cents,
      l.counted_payments_cents + (SELECT coalesce(sum(amount_cents), 0) FROM updated)
        AS counted_cents
    FROM locked l`;
}

/**
 * In one statement: the loan locked, its ledger read under the lock, and the payment's transfer
 * kept with its journal posted, only if the payment still waits for its transfer and the loan's
 * receivables are those the journal was made of; answers the loan's facts and those of the
 * servicing invariants as the statement left them (the ledger under the lock with the legs
 * written, the payments with this one as updated). Undefined when the loan is not found.
 *
 * The ledger is read by ledger_account_balances_now, called once the lock is held (its argument
 * comes from the locked row): its own snapshot sees every change committed before the lock,
 * which the statement's snapshot may not. The loan's columns come from its locked row, which is
 * its latest version. The payments counted as paid in are the loan's kept sum
 * (counted_payments_cents, which the trigger on servicing_payments moves at the end of this
 * statement) plus this payment: it was not counted before (pending, no transfer) and its transfer
 * makes it counted.
 */
async function postAcceptedDebit(
  tx: TDb,
  input: {
    payment: TServicingPaymentRow;
    transferId: string;
    /** The sums the journal was made of. */
    sums: TAccountSums;
    legs: { account: TLedgerAccount; amountCents: number }[];
    kind: string;
    now: Date;
    /**
     * What the posting's checks read, as the payment's write read them: the statement writes only
     * if the loan is still so under its lock (postingFactsSql's equality).
     */
    pinned?: TPostingFacts;
  },
): Promise<TPostedDebit | undefined> {
  const { payment, now } = input;
  const expected = Object.fromEntries(
    RECEIVABLE_ACCOUNTS.map((account) => [account, Number(input.sums[account] ?? 0)]),
  );
  const legs = input.legs.map((leg) => ({ account: leg.account, amount_cents: leg.amountCents }));
  const post = namedStatement<
    TDebitLoan & {
      is_ledger_as_read: boolean;
      payment: TPaymentJson | null;
      sums_before: TAccountSums;
      sums_after: TAccountSums;
      cash_cents: number | string;
      counted_cents: number | string;
    }
  >(tx, 'payment_debit_lock_post', debitLockPostStatement);
  const [row] = await post({
    loanUuid: payment.loanUuid,
    paymentUuid: payment.uuid,
    expected: JSON.stringify(expected),
    transferId: input.transferId,
    now: now.toISOString(),
    journalUuid: randomUUID(),
    kind: input.kind,
    effectiveOn: isoDay(now),
    legs: JSON.stringify(legs),
    pinned: input.pinned === undefined ? null : JSON.stringify(input.pinned),
  });
  if (row === undefined) return undefined;
  return {
    loan: {
      status: row.status,
      risk_level: row.risk_level,
      risk_notified_level: row.risk_notified_level,
      has_cure_deadline: row.has_cure_deadline,
      application_state: row.application_state,
    },
    isLedgerAsRead: row.is_ledger_as_read,
    payment: row.payment,
    sumsBefore: row.sums_before,
    sumsAfter: row.sums_after,
    cashCents: Number(row.cash_cents),
    countedPaymentsCents: Number(row.counted_cents),
  };
}

/** Throws when the facts a change left break a servicing invariant (the transaction rolls back). */
function assertServicingFacts(
  loanUuid: string,
  state: TApplicationState,
  servicing: TServicingFact,
): void {
  // Only the servicing rules read these facts; the rest of TLoanFacts is not needed here.
  const facts = {
    appUuid: loanUuid,
    state,
    stage: stageOf(state),
    servicing,
  } as unknown as TLoanFacts;
  const violations = servicingViolations(facts);
  if (violations.length > 0) {
    throw new Error(`Loan ${loanUuid} servicing invariant broken: ${violations.join('; ')}`);
  }
}

/** The accepted debit kept by its statement alone, or the ledger's sums the statement found. */
type TPostedAlone = { kept: TServicingPaymentRow } | { sumsUnderLock: TAccountSums };

/**
 * An accepted debit posted by its statement alone, without BEGIN and COMMIT (two round trips of a
 * payment's six), when the payment's write read what the posting checks (`facts`, under the
 * loan's lock) and the posting cannot move the loan's risk (no risk pass to queue with it). The
 * journal is made of those facts and the servicing invariants are checked on what it leaves of
 * them before anything is written; the statement writes only if the loan is still as the facts
 * say under its lock, so what it commits is what was checked. Otherwise it writes nothing and
 * answers the ledger it found, for the transaction of applyBankAnswer to post on.
 */
async function postAlone(
  db: TDb,
  payment: TServicingPaymentRow,
  transferId: string,
  facts: TPostingFacts,
  now: Date,
): Promise<TPostedAlone | undefined> {
  const loan: TDebitLoan = {
    status: facts.status,
    risk_level: facts.riskLevel,
    risk_notified_level: facts.riskNotifiedLevel,
    has_cure_deadline: facts.hasCureDeadline,
    application_state: facts.state,
  };
  if (paymentMayMoveRisk(loan)) return undefined;
  const sums = sumsOfPostingFacts(facts);
  const journal = acceptedDebitJournal(balancesOfSums(sums), payment.amountCents, payment.purpose);
  assertBalancedJournal(journal);
  // What the posting leaves: each leg added to its account's sum; every leg of a payment's
  // journal counts as paid in (only a surplus payout's do not), so the cash paid in grows by the
  // cash leg; the payment, given its transfer, counts as paid in.
  const sumsAfter: TAccountSums = { ...sums };
  let cashCents = facts.ledger.CASH?.[1] ?? 0;
  for (const leg of journal.legs) {
    sumsAfter[leg.account] = (sumsAfter[leg.account] ?? 0) + leg.amountCents;
    if (leg.account === 'CASH') cashCents += leg.amountCents;
  }
  const countedPaymentsCents = facts.countedCents + payment.amountCents;
  assertServicingFacts(payment.loanUuid, facts.state, {
    status: facts.status,
    balances: balancesOfSums(sumsAfter),
    cashCents,
    countedPaymentsCents,
  });
  const posted = await postAcceptedDebit(db, {
    payment,
    transferId,
    sums,
    legs: journal.legs,
    kind: journal.kind,
    now,
    pinned: facts,
  });
  if (posted === undefined) throw loanNotFound();
  if (!posted.isLedgerAsRead) return { sumsUnderLock: posted.sumsBefore };
  // Not written: the payment no longer waits for its transfer (kept already).
  if (posted.payment === null) {
    return { kept: (await paymentByUuid(db, payment.uuid)) ?? payment };
  }
  const accounts = new Set([...Object.keys(sumsAfter), ...Object.keys(posted.sumsAfter)]);
  const sameSums = [...accounts].every(
    (account) =>
      Number(posted.sumsAfter[account as TLedgerAccount] ?? 0) ===
      (sumsAfter[account as TLedgerAccount] ?? 0),
  );
  if (
    !sameSums ||
    posted.cashCents !== cashCents ||
    posted.countedPaymentsCents !== countedPaymentsCents
  ) {
    throw new Error(
      `Loan ${payment.loanUuid}: payment ${payment.uuid} posted other sums than were checked`,
    );
  }
  return { kept: paymentRowOf(posted.payment) };
}

export async function notifyReturned(
  tx: TDb,
  deps: { cipher: TFieldCipher; sandbox: boolean },
  context: TLoanContext,
  amountCents: number,
  reason: string,
): Promise<void> {
  await queueEmail(
    tx,
    deps,
    'payment-returned',
    paymentReturnedMessage({
      to: borrowerEmailOf(deps.cipher, context),
      brand: brandOfLoan(context, deps.sandbox),
      amountCents,
      reason,
    }),
  );
}

/**
 * Keeps the bank's answer to a payment's debit, once: a payment no longer waiting for its
 * transfer (kept already, by another run or the settlement sweep) is answered as it is.
 * `sumsAsRead` are the loan's ledger sums as the payment's write read them: an accepted debit's
 * journal is made of them first, and made again of the ledger under the lock if it moved since.
 * `factsAsRead`, what the posting checks as the write read them: with them, an accepted debit is
 * posted by one statement alone while the loan is still so (postAlone).
 */
export async function applyBankAnswer(
  deps: TApplyDeps,
  payment: TServicingPaymentRow,
  result: TDebitResult,
  afterAccepted?: TAfterAccepted,
  sumsAsRead: TAccountSums = {},
  factsAsRead?: TPostingFacts,
): Promise<TServicingPaymentRow> {
  const now = deps.clock();
  let sumsToPost = sumsAsRead;
  if (result.status === 'PENDING' && afterAccepted === undefined && factsAsRead !== undefined) {
    const alone = await postAlone(deps.db, payment, result.transferId, factsAsRead, now);
    if (alone !== undefined && 'kept' in alone) return alone.kept;
    if (alone !== undefined) sumsToPost = alone.sumsUnderLock;
  }
  return deps.db.transaction(async (tx) => {
    if (result.status === 'FAILED') {
      const loan = await lockLoanForRefusal(tx, payment);
      if (loan === undefined) throw loanNotFound();
      const current = loan.payment === null ? undefined : paymentRowOf(loan.payment);
      if (current === undefined || current.status !== 'PENDING' || current.transferId !== null) {
        return current ?? payment;
      }
      const [failed] = await tx
        .update(servicingPayments)
        .set({ status: 'RETURNED', failureReason: result.reason, updatedAt: now })
        .where(
          and(
            eq(servicingPayments.uuid, payment.uuid),
            eq(servicingPayments.status, 'PENDING'),
            sql`${servicingPayments.transferId} IS NULL`,
          ),
        )
        .returning();
      if (failed === undefined) return (await paymentByUuid(tx, payment.uuid)) ?? current;
      const context = await loadLoan(tx, payment.loanUuid);
      await notifyReturned(tx, deps, context, payment.amountCents, result.reason);
      await auditPayment(tx, payment.uuid, 'PENDING', 'RETURNED', result.reason, now);
      return failed;
    }
    let sums = sumsToPost;
    // Twice at most: the second time the sums were read under the lock, which this transaction
    // holds since the first.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const balances = balancesOfSums(sums);
      // The bank took the whole amount: what the loan no longer owes (a sale paid it down while
      // the debit was in flight) is owed back to the borrower.
      const journal = acceptedDebitJournal(balances, payment.amountCents, payment.purpose);
      assertBalancedJournal(journal);
      const posted = await postAcceptedDebit(tx, {
        payment,
        transferId: result.transferId,
        sums,
        legs: journal.legs,
        kind: journal.kind,
        now,
      });
      if (posted === undefined) throw loanNotFound();
      if (!posted.isLedgerAsRead) {
        sums = posted.sumsBefore;
        continue;
      }
      // Not written: the payment no longer waits for its transfer (kept already).
      if (posted.payment === null) return (await paymentByUuid(tx, payment.uuid)) ?? payment;
      const accepted = paymentRowOf(posted.payment);
      const { loan } = posted;
      // The lower balance may end a margin call.
      if (paymentMayMoveRisk(loan)) await queueRiskPass(tx, `payment:${payment.uuid}`);
      if (afterAccepted !== undefined) {
        await afterAccepted(tx, accepted);
        await assertServicingInvariants(tx, payment.loanUuid);
      } else {
        assertServicingFacts(payment.loanUuid, loan.application_state, {
          status: loan.status,
          balances: balancesOfSums(posted.sumsAfter),
          cashCents: posted.cashCents,
          countedPaymentsCents: posted.countedPaymentsCents,
        });
      }
      return accepted;
    }
    throw new Error(`Loan ${payment.loanUuid}: the ledger moved under the loan's lock`);
  });
}
