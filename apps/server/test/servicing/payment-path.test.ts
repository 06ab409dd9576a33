/**
 * The payment POST's path against PostgreSQL: the statements it sends, payments sent at once on
 * one loan (each posted once against the ledger as it is, one payment per key), a debit whose
 * loan's ledger moved while it waited for the loan's lock, the risk pass a payment queues, and the
 * payments a loan counts as paid in, kept on the loan.
 */
import { describe, expect, it } from 'vitest';
import type { TServicingLoan, TServicingPayment } from '@pledge/contract';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import type { TBankPaymentsPort } from '../../src/adapters/bank-payments/port.js';
import { createSandboxBankPayments } from '../../src/adapters/bank-payments/sandbox.js';
import { servicingPayments } from '../../src/db/schema/index.js';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { sendDebit } from '../../src/services/servicing/make-payment.js';
import { applyBankAnswer } from '../../src/services/servicing/payment-apply-tx.js';
import type { TPostingFacts } from '../../src/services/servicing/payment-record.js';
import type { TServicingPaymentRow } from '../../src/services/servicing/servicing-record.js';
import { reconcileLedger } from '../../src/services/servicing/reconcile-ledger.js';
import { settlePendingPayments } from '../../src/services/servicing/settle-payments.js';
import { bearer, useApplicationsTestContext } from '../applications/helpers.js';
import { TEST_ENCRYPTION_KEY } from '../helpers/app.js';
import {
  advanceDays,
  getLoan,
  LOANS,
  openServicingWorld,
  paymentInFlight,
  runSweep,
  sandboxLoan,
  type TTestLoan,
  requestPayment,
} from './helpers.js';

const ctx = useApplicationsTestContext(openServicingWorld);

/**
 * Each loan's borrower pays from a client address of their own: the payments route is limited per
 * client to a person's pace, and these tests send more than that in a minute from one process.
 */
const clientAddresses = new WeakMap<TTestLoan, string>();
let clientsSoFar = 0;
function clientAddressOf(loan: TTestLoan): string {
  let address = clientAddresses.get(loan);
  if (address === undefined) {
    clientsSoFar += 1;
    address = `198.18.${clientsSoFar >> 8}.${clientsSoFar & 255}`;
    clientAddresses.set(loan, address);
  }
  return address;
}

/** The borrower's payment, each loan's from an address of its own. */
function pay(loan: TTestLoan, amountCents: number, key: string) {
  return requestPayment(ctx, loan, amountCents, key, { remoteAddress: clientAddressOf(loan) });
}

/** The loan's ledger sums per account and the payments that count, read from the database. */
async function ledgerOf(loanUuid: string) {
  const sums = await ctx.database.db.execute<{ account: string; cents: string }>(sql`
    SELECT account, sum(amount_cents)::text AS cents FROM ledger_entries
    WHERE loan_uuid = ${loanUuid}::uuid GROUP BY account`);
  const counted = await ctx.database.db.execute<{ cents: string }>(sql`
    SELECT coalesce(sum(amount_cents), 0)::text AS cents FROM servicing_payments
    WHERE loan_uuid = ${loanUuid}::uuid AND status = 'PENDING' AND transfer_id IS NOT NULL`);
  return {
    sums: Object.fromEntries(sums.rows.map((row) => [row.account, Number(row.cents)])),
    countedCents: Number(counted.rows[0]?.cents ?? 0),
  };
}

async function riskPassJobsFor(paymentUuid: string): Promise<number> {
  const result = await ctx.database.db.execute<{ count: number }>(sql`
    SELECT count(*)::int AS count FROM graphile_worker._private_jobs
    WHERE key = ${`risk-pass:payment:${paymentUuid}`}`);
  return result.rows[0]?.count ?? 0;
}

describe('the payment POST', () => {
  // The route's rate limit counts in one statement, which in the sandbox reads the clock too.
  // The payment's write and its posting are each a statement sent alone (no BEGIN and COMMIT).
  it('sends four statements at most, the session check and the rate limit included, and a retry of its key three', async () => {
    const loan = await sandboxLoan(ctx);
    const sent = ctx.database.statementsSent;
    if (sent === undefined) throw new Error('The test database counts its statements');
    // The first payment of the day accrues the loan's interest first.
    expect((await pay(loan, 1_000, 'path-count-0001')).statusCode).toBe(201);

    const before = sent();
    const response = await pay(loan, 1_234, 'path-count-0002');
    expect(response.statusCode, response.body).toBe(201);
    expect(sent() - before).toBeLessThanOrEqual(4);

    const again = sent();
    const retry = await pay(loan, 1_234, 'path-count-0002');
    expect(retry.json()).toEqual(response.json());
    expect(sent() - again).toBeLessThanOrEqual(3);
  });

  it('posts payments sent at once on one loan each once, against the ledger as it is', async () => {
    const loan = await sandboxLoan(ctx);
    const before = await getLoan(ctx, loan);
    const amounts = [1_100, 2_200, 3_300, 4_400, 5_500, 6_600];
    const responses = await Promise.all([
      ...amounts.map((amountCents, index) => pay(loan, amountCents, `path-many-000${index}`)),
      ...Array.from({ length: 4 }, () => pay(loan, 7_700, 'path-many-same')),
    ]);
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    const payments = responses.map((response) => response.json() as TServicingPayment);
    const sameKey = payments.slice(amounts.length);
    for (const payment of sameKey) expect(payment).toEqual(sameKey[0]);

    const after: TServicingLoan = await getLoan(ctx, loan);
    expect(after.payments).toHaveLength(before.payments.length + amounts.length + 1);
    const paidCents = amounts.reduce((sum, cents) => sum + cents, 0) + 7_700;
    const { sums, countedCents } = await ledgerOf(loan.loanUuid);
    expect(sums.CASH).toBe(paidCents);
    expect(countedCents).toBe(paidCents);
    const journals = await ctx.database.db.execute<{ count: number }>(sql`
      SELECT count(DISTINCT journal_uuid)::int AS count FROM ledger_entries
      WHERE loan_uuid = ${loan.loanUuid}::uuid AND kind = 'PAYMENT'`);
    expect(journals.rows[0]?.count).toBe(amounts.length + 1);
    for (const account of ['FEES', 'ACCRUED_INTEREST', 'PRINCIPAL'] as const) {
      expect(sums[account] ?? 0).toBeGreaterThanOrEqual(0);
    }
  });

  it('refuses the second of two payments sent at once that together pay more than the balance', async () => {
    const loan = await sandboxLoan(ctx);
    const owed = (await getLoan(ctx, loan)).balances.totalCents;
    const each = Math.ceil(owed * 0.6);
    const responses = await Promise.all([
      pay(loan, each, 'path-over-0001'),
      pay(loan, each, 'path-over-0002'),
    ]);
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses, responses.map((response) => response.body).join('\n')).toEqual([201, 400]);
    const refused = responses.find((response) => response.statusCode === 400);
    expect(refused?.json()).toMatchObject({
      message: 'Enter an amount no larger than the balance',
    });

    const { sums, countedCents } = await ledgerOf(loan.loanUuid);
    expect(sums.CASH).toBe(each);
    expect(countedCents).toBe(each);
    const unsent = await ctx.database.db.execute<{ count: number }>(sql`
      SELECT count(*)::int AS count FROM servicing_payments
      WHERE loan_uuid = ${loan.loanUuid}::uuid AND status = 'PENDING' AND transfer_id IS NULL`);
    expect(unsent.rows[0]?.count).toBe(0);
  });

  it('refuses a payment above the balance and one of a reused key, writing nothing', async () => {
    const loan = await sandboxLoan(ctx);
    expect((await pay(loan, 2_000, 'path-refused-01')).statusCode).toBe(201);
    const before = await ledgerOf(loan.loanUuid);
    const above = await pay(loan, 100_000_000, 'path-refused-02');
    expect(above.statusCode).toBe(400);
    const reused = await pay(loan, 2_001, 'path-refused-01');
    expect(reused.statusCode).toBe(409);
    expect(await ledgerOf(loan.loanUuid)).toEqual(before);
    const rows = await ctx.database.db.execute<{ count: number }>(sql`
      SELECT count(*)::int AS count FROM servicing_payments WHERE loan_uuid = ${loan.loanUuid}::uuid`);
    expect(rows.rows[0]?.count).toBe(1);
    const audits = await ctx.database.db.execute<{ count: number }>(sql`
      SELECT count(*)::int AS count FROM audit_events
      WHERE entity_type = 'servicing-payment' AND reason LIKE ${`%on loan ${loan.loanUuid}`}`);
    expect(audits.rows[0]?.count).toBe(1);
  });

  it('queues a risk pass only for a loan a payment can move', async () => {
    const loan = await sandboxLoan(ctx);
    const calm = await pay(loan, 1_500, 'path-risk-0001');
    expect(calm.statusCode).toBe(201);
    expect(await riskPassJobsFor((calm.json() as TServicingPayment).paymentUuid)).toBe(0);

    await ctx.database.db.execute(sql`
      UPDATE servicing_loans SET risk_level = 'WARNING', risk_notified_level = 'WARNING'
      WHERE loan_uuid = ${loan.loanUuid}::uuid`);
    const warned = await pay(loan, 1_500, 'path-risk-0002');
    expect(warned.statusCode).toBe(201);
    expect(await riskPassJobsFor((warned.json() as TServicingPayment).paymentUuid)).toBe(1);
  });
});

/** Until a statement of the test's database waits for a lock. */
async function untilOneWaitsForALock(client: PoolClient) {
  for (let waited = 0; ; waited += 1) {
    const waiting = await client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if ((waiting.rows[0]?.count ?? 0) > 0) return;
    if (waited > 200) throw new Error('No statement waited for the lock');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Sends `debit` while another change holds the loan and charges a fee, and commits that change
 * once the debit waits for the lock; answers the legs the debit's journal posted.
 */
async function debitWhileFeeCharged(
  loanUuid: string,
  paymentUuid: string,
  debit: () => Promise<TServicingPaymentRow>,
) {
  const other = await ctx.database.pool.connect();
  try {
    await other.query('BEGIN');
    await other.query('SELECT 1 FROM servicing_loans WHERE loan_uuid = $1 FOR UPDATE', [loanUuid]);
    const journalUuid = randomUUID();
    await other.query(
      `INSERT INTO ledger_entries (journal_uuid, loan_uuid, kind, account, amount_cents, effective_on)
       VALUES ($1, $2, 'FEE', 'FEES', 300, current_date), ($1, $2, 'FEE', 'FEE_INCOME', -300, current_date)`,
      [journalUuid, loanUuid],
    );
    const sending = debit();
    // The debit's locking statement waits for the lock, its own reads taken before the fee.
    await untilOneWaitsForALock(other);
    await other.query('COMMIT');
    const sent = await sending;
    expect(sent.transferId).not.toBeNull();
  } finally {
    other.release();
  }
  const legs = await ctx.database.db.execute<{ account: string; amount_cents: number }>(sql`
    SELECT account, amount_cents FROM ledger_entries
    WHERE payment_uuid = ${paymentUuid}::uuid ORDER BY account`);
  return Object.fromEntries(legs.rows.map((leg) => [leg.account, Number(leg.amount_cents)]));
}

/** What sending a debit and keeping its answer need, on the test's database and the sandbox bank. */
function deps() {
  const now = () => new Date();
  return {
    db: ctx.database.db,
    cipher: createFieldCipher(TEST_ENCRYPTION_KEY),
    bankPayments: createSandboxBankPayments(now),
    clock: now,
    sandbox: true,
  };
}

describe('a debit whose loan moved while it waited for the lock', () => {
  it('is posted against the ledger as it is once the lock is held', async () => {
    const loan = await sandboxLoan(ctx);
    const payment = await paymentInFlight(ctx, loan.loanUuid, { amountCents: 500 });
    const byAccount = await debitWhileFeeCharged(loan.loanUuid, payment.uuid, () =>
      sendDebit(deps(), payment),
    );
    // The fee is paid first: the journal was made of the ledger with the fee in it.
    expect(byAccount.CASH).toBe(500);
    expect(byAccount.FEES).toBe(-300);
  });

  it('made of the ledger its payment read, is made again of the ledger with the fee', async () => {
    const loan = await sandboxLoan(ctx);
    const payment = await paymentInFlight(ctx, loan.loanUuid, { amountCents: 500 });
    // The sums the payment's write read: the ledger before the fee, which the posting statement's
    // own snapshot still shows after it waited for the lock.
    const { sums } = await ledgerOf(loan.loanUuid);
    expect(sums.FEES ?? 0).toBe(0);
    const byAccount = await debitWhileFeeCharged(loan.loanUuid, payment.uuid, () =>
      applyBankAnswer(
        deps(),
        payment,
        { status: 'PENDING', transferId: `tr-${payment.uuid}` },
        undefined,
        sums,
      ),
    );
    expect(byAccount.CASH).toBe(500);
    expect(byAccount.FEES).toBe(-300);
    const balances = await ctx.database.db.execute<{ account: string; cents: string }>(sql`
      SELECT account, cents::text FROM ledger_account_balances WHERE loan_uuid = ${loan.loanUuid}::uuid`);
    for (const row of balances.rows) {
      if (['FEES', 'ACCRUED_INTEREST', 'PRINCIPAL'].includes(row.account)) {
        expect(Number(row.cents), row.account).toBeGreaterThanOrEqual(0);
      }
    }
  });
});

/**
 * What a payment's posting checks of the loan, read here from its tables: the ledger's sums and
 * sums paid in per account, the payments counted as paid in, the loan's status and risk, and
 * its application's state.
 */
async function postingFactsOf(loanUuid: string): Promise<TPostingFacts> {
  const ledger = await ctx.database.db.execute<{
    account: string;
    cents: string;
    paid_in_cents: string;
  }>(sql`
    SELECT account, cents::text, paid_in_cents::text FROM ledger_account_balances
    WHERE loan_uuid = ${loanUuid}::uuid`);
  const loan = await ctx.database.db.execute<{
    counted: string;
    status: TPostingFacts['status'];
    state: TPostingFacts['state'];
    risk_level: TPostingFacts['riskLevel'];
    risk_notified_level: TPostingFacts['riskNotifiedLevel'];
    has_cure_deadline: boolean;
  }>(sql`
    SELECT s.counted_payments_cents::text AS counted, s.status, a.state, s.risk_level,
      s.risk_notified_level, s.cure_deadline IS NOT NULL AS has_cure_deadline
    FROM servicing_loans s JOIN applications a ON a.uuid = s.loan_uuid
    WHERE s.loan_uuid = ${loanUuid}::uuid`);
  const row = loan.rows[0];
  if (row === undefined) throw new Error(`No loan ${loanUuid}`);
  return {
    ledger: Object.fromEntries(
      ledger.rows.map((leg) => [leg.account, [Number(leg.cents), Number(leg.paid_in_cents)]]),
    ),
    countedCents: Number(row.counted),
    status: row.status,
    state: row.state,
    riskLevel: row.risk_level,
    riskNotifiedLevel: row.risk_notified_level,
    hasCureDeadline: row.has_cure_deadline,
  };
}

describe('a debit posted by its statement alone', () => {
  const accepted = (payment: TServicingPaymentRow) =>
    ({ status: 'PENDING', transferId: `tr-${payment.uuid}` }) as const;

  it('posts on the facts its payment read when the loan is still so, in one statement', async () => {
    const loan = await sandboxLoan(ctx);
    const payment = await paymentInFlight(ctx, loan.loanUuid, { amountCents: 700 });
    const facts = await postingFactsOf(loan.loanUuid);
    const before = await ledgerOf(loan.loanUuid);
    const sent = ctx.database.statementsSent;
    if (sent === undefined) throw new Error('The test database counts its statements');
    const from = sent();
    const kept = await applyBankAnswer(
      deps(),
      payment,
      accepted(payment),
      undefined,
      before.sums,
      facts,
    );
    expect(sent() - from).toBe(1);
    expect(kept.transferId).toBe(`tr-${payment.uuid}`);
    const after = await ledgerOf(loan.loanUuid);
    // The cash grew by the payment, which the loan now counts as paid in; what it owed fell by
    // as much.
    expect(after.sums.CASH).toBe((before.sums.CASH ?? 0) + 700);
    expect(after.countedCents).toBe(before.countedCents + 700);
    const owed = (sums: Record<string, number>) =>
      ['FEES', 'ACCRUED_INTEREST', 'DEFERRED_INTEREST', 'ORIGINATION_FEE', 'PRINCIPAL'].reduce(
        (total, account) => total + (sums[account] ?? 0),
        0,
      );
    expect(owed(after.sums)).toBe(owed(before.sums) - 700);
    // Kept once: the same answer again writes nothing.
    const again = await applyBankAnswer(deps(), payment, accepted(payment), undefined, {}, facts);
    expect(again.transferId).toBe(`tr-${payment.uuid}`);
    expect((await ledgerOf(loan.loanUuid)).sums).toEqual(after.sums);
  });

  it('writes nothing when the loan moved since its payment read it, and is posted on the loan as it is', async () => {
    const loan = await sandboxLoan(ctx);
    const payment = await paymentInFlight(ctx, loan.loanUuid, { amountCents: 500 });
    // The facts and sums the payment's write read: before the fee charged while the posting
    // waits for the loan's lock.
    const facts = await postingFactsOf(loan.loanUuid);
    const { sums } = await ledgerOf(loan.loanUuid);
    const byAccount = await debitWhileFeeCharged(loan.loanUuid, payment.uuid, () =>
      applyBankAnswer(deps(), payment, accepted(payment), undefined, sums, facts),
    );
    // The fee is paid first: the journal was made of the ledger with the fee in it.
    expect(byAccount.CASH).toBe(500);
    expect(byAccount.FEES).toBe(-300);
  });

  it('writes nothing when the loan came to risk since its payment read it, and the transaction queues the risk pass', async () => {
    const loan = await sandboxLoan(ctx);
    const payment = await paymentInFlight(ctx, loan.loanUuid, { amountCents: 600 });
    const facts = await postingFactsOf(loan.loanUuid);
    const { sums } = await ledgerOf(loan.loanUuid);
    // A price fell while the posting waited for the loan: its ledger is as the payment read it,
    // its risk is not.
    const other = await ctx.database.pool.connect();
    try {
      await other.query('BEGIN');
      await other.query(`UPDATE servicing_loans SET risk_level = 'WARNING' WHERE loan_uuid = $1`, [
        loan.loanUuid,
      ]);
      const posting = applyBankAnswer(deps(), payment, accepted(payment), undefined, sums, facts);
      await untilOneWaitsForALock(other);
      await other.query('COMMIT');
      expect((await posting).transferId).toBe(`tr-${payment.uuid}`);
    } finally {
      other.release();
    }
    expect(await riskPassJobsFor(payment.uuid)).toBe(1);
  });

  it('is left to the transaction, which queues the risk pass, for a loan the payment can move', async () => {
    const loan = await sandboxLoan(ctx);
    const payment = await paymentInFlight(ctx, loan.loanUuid, { amountCents: 400 });
    await ctx.database.db.execute(sql`
      UPDATE servicing_loans SET risk_level = 'WARNING' WHERE loan_uuid = ${loan.loanUuid}::uuid`);
    const facts = await postingFactsOf(loan.loanUuid);
    const { sums } = await ledgerOf(loan.loanUuid);
    await applyBankAnswer(deps(), payment, accepted(payment), undefined, sums, facts);
    expect(await riskPassJobsFor(payment.uuid)).toBe(1);
  });
});

describe('a payment whose loan took another payment while it waited for the lock', () => {
  /**
   * A funded loan whose day's interest is accrued (its next payment is written by its locking
   * statement), and a payment of `key` (its amount of the loan's balance) sent while another
   * payment (`other`: its key, uuid and amount) is written with the loan held: the payment's
   * locking statement waits, its own reads taken before the other payment, which commits before
   * it goes on.
   */
  async function payWhileAnotherIsWritten(
    key: string,
    other: (owedCents: number) => { key: string; uuid: string; amountCents: number },
    amountOf: (owedCents: number) => number,
  ) {
    const loan = await sandboxLoan(ctx);
    expect((await pay(loan, 1_000, `${key}-first`)).statusCode).toBe(201);
    const owed = (await getLoan(ctx, loan)).balances.totalCents;
    const written = other(owed);
    const client = await ctx.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT 1 FROM servicing_loans WHERE loan_uuid = $1 FOR UPDATE', [
        loan.loanUuid,
      ]);
      await client.query(
        `INSERT INTO servicing_payments
           (uuid, loan_uuid, method, purpose, amount_cents, status, idempotency_key, actor, created_at)
         VALUES ($1, $2, 'ACH', 'PAYMENT', $3, 'PENDING', $4, 'test', now())`,
        [written.uuid, loan.loanUuid, written.amountCents, written.key],
      );
      const paying = pay(loan, amountOf(owed), key);
      await untilOneWaitsForALock(client);
      await client.query('COMMIT');
      return { loan, response: await paying };
    } finally {
      client.release();
    }
  }

  async function paymentsOfKey(loan: TTestLoan, key: string): Promise<number> {
    const rows = await ctx.database.db.execute<{ count: number }>(sql`
      SELECT count(*)::int AS count FROM servicing_payments
      WHERE loan_uuid = ${loan.loanUuid}::uuid AND idempotency_key = ${key}`);
    return rows.rows[0]?.count ?? 0;
  }

  it('is checked against the payments in flight as they are once the lock is held', async () => {
    // Another payment of nearly the whole balance.
    const { loan, response } = await payWhileAnotherIsWritten(
      'path-wait-0002',
      (owed) => ({ key: 'path-wait-other', uuid: randomUUID(), amountCents: owed - 500 }),
      () => 1_000,
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Enter an amount no larger than the balance',
    });
    expect(await paymentsOfKey(loan, 'path-wait-0002')).toBe(0);
  });

  it("is answered with its key's payment when that was the payment written meanwhile", async () => {
    // The same request's first sending, of more than half the balance: once it is in flight, the
    // second is above the balance.
    const firstUuid = randomUUID();
    const { loan, response } = await payWhileAnotherIsWritten(
      'path-twice-0002',
      (owed) => ({ key: 'path-twice-0002', uuid: firstUuid, amountCents: owed - 500 }),
      (owed) => owed - 500,
    );
    expect(response.statusCode, response.body).toBe(201);
    const answered = response.json() as TServicingPayment;
    expect(answered.paymentUuid).toBe(firstUuid);
    expect(await paymentsOfKey(loan, 'path-twice-0002')).toBe(1);
    expect((await ledgerOf(loan.loanUuid)).sums.CASH).toBe(1_000 + answered.amountCents);
  });
});

describe('the settlement sweep', () => {
  it('settles the other payments when one cannot be, and fails naming it', async () => {
    const loan = await sandboxLoan(ctx);
    // Two payments written and never sent.
    const first = await paymentInFlight(ctx, loan.loanUuid, { amountCents: 300 });
    const second = await paymentInFlight(ctx, loan.loanUuid, { amountCents: 400 });
    // The one the sweep meets first (pages run in uuid order) is the one that fails.
    const [stuck, fine] = first.uuid < second.uuid ? [first, second] : [second, first];
    const now = () => new Date();
    const bank = createSandboxBankPayments(now);
    const deps = (bankPayments: TBankPaymentsPort) => ({
      db: ctx.database.db,
      cipher: createFieldCipher(TEST_ENCRYPTION_KEY),
      bankPayments,
      clock: now,
      sandbox: true,
    });
    const transferOf = async (uuid: string) =>
      (
        await ctx.database.db
          .select()
          .from(servicingPayments)
          .where(eq(servicingPayments.uuid, uuid))
      )[0]?.transferId ?? null;

    // The bank cannot be reached for one of them: the other is still sent.
    const failing: TBankPaymentsPort = {
      ...bank,
      initiateDebit: async (input) => {
        if (input.paymentUuid === stuck.uuid) throw new Error('The bank did not answer');
        return bank.initiateDebit(input);
      },
    };
    // Pages of one payment: the one that fails does not keep the next page from being swept.
    await expect(settlePendingPayments(deps(failing), { pageSize: 1 })).rejects.toThrow(stuck.uuid);
    expect(await transferOf(stuck.uuid)).toBeNull();
    expect(await transferOf(fine.uuid)).not.toBeNull();

    // The next sweep, the bank answering, sends it.
    await settlePendingPayments(deps(bank));
    expect(await transferOf(stuck.uuid)).not.toBeNull();
    const { sums, countedCents } = await ledgerOf(loan.loanUuid);
    expect(sums.CASH).toBe(700);
    expect(countedCents).toBe(700);
  });
});

describe('a payment while the loan application is locked (a deposit poll of its address)', () => {
  it('is written without waiting for that lock, so the two cannot deadlock', async () => {
    const loan = await sandboxLoan(ctx);
    // The deposit watch locks the application, then the servicing loan; a payment locks the loan,
    // then writes rows that reference the application. The application lock must not stop those
    // writes (FOR NO KEY UPDATE lets the foreign-key checks through; FOR UPDATE makes this wait),
    // or each waits for the other.
    const watcher = await ctx.database.pool.connect();
    try {
      await watcher.query('BEGIN');
      await watcher.query('SELECT 1 FROM applications WHERE uuid = $1 FOR NO KEY UPDATE', [
        loan.loanUuid,
      ]);
      const paid = await Promise.race([
        pay(loan, 700, 'path-watch-0001'),
        new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5_000)),
      ]);
      expect(paid === 'waited' ? 'waited' : paid.statusCode).toBe(201);
    } finally {
      await watcher.query('ROLLBACK');
      watcher.release();
    }
  });
});

// It moves the sandbox clock, so it comes after the tests that need it unmoved.
describe('the payments a loan counts as paid in', () => {
  /** The loan's kept sum, and the same sum counted from its payments. */
  async function countedOf(loanUuid: string) {
    const result = await ctx.database.db.execute<{ kept: string; recounted: string }>(sql`
      SELECT s.counted_payments_cents::text AS kept,
        (SELECT coalesce(sum(amount_cents), 0) FROM servicing_payments p
          WHERE p.loan_uuid = s.loan_uuid
            AND (p.status = 'SETTLED' OR (p.status = 'PENDING' AND p.transfer_id IS NOT NULL)))::text
          AS recounted
      FROM servicing_loans s WHERE s.loan_uuid = ${loanUuid}::uuid`);
    const row = result.rows[0];
    if (row === undefined) throw new Error('no servicing row');
    return { kept: Number(row.kept), recounted: Number(row.recounted) };
  }

  it('are kept on the loan through a refusal, a settlement and a return, and a drift is reported', async () => {
    const loan = await sandboxLoan(ctx);
    // x.01 is refused at once, x.02 accepted and returned at settlement (SANDBOX_ACH_RULES).
    for (const [cents, key] of [
      [1_234, 'counted-0001'],
      [502, 'counted-0002'],
      [301, 'counted-0003'],
    ] as const) {
      expect((await pay(loan, cents, key)).statusCode).toBeLessThan(300);
    }
    expect(await countedOf(loan.loanUuid)).toEqual({ kept: 1_736, recounted: 1_736 });

    await advanceDays(ctx, 4, loan);
    await runSweep(ctx);
    const statuses = await ctx.database.db.execute<{ cents: string; status: string }>(sql`
      SELECT amount_cents::text AS cents, status FROM servicing_payments
      WHERE loan_uuid = ${loan.loanUuid}::uuid ORDER BY amount_cents`);
    expect(statuses.rows).toEqual([
      { cents: '301', status: 'RETURNED' },
      { cents: '502', status: 'RETURNED' },
      { cents: '1234', status: 'SETTLED' },
    ]);
    expect(await countedOf(loan.loanUuid)).toEqual({ kept: 1_234, recounted: 1_234 });
    const clock = () => new Date();
    expect((await reconcileLedger({ db: ctx.database.db, clock })).isBalanced).toBe(true);

    await ctx.database.db.execute(sql`
      UPDATE servicing_loans SET counted_payments_cents = counted_payments_cents + 1
      WHERE loan_uuid = ${loan.loanUuid}::uuid`);
    const drifted = await reconcileLedger({ db: ctx.database.db, clock });
    expect(drifted.issues).toContainEqual({
      loanUuid: loan.loanUuid,
      problem: 'Payments counted 1235 differ from its payments 1234',
    });
    await ctx.database.db.execute(sql`
      UPDATE servicing_loans SET counted_payments_cents = counted_payments_cents - 1
      WHERE loan_uuid = ${loan.loanUuid}::uuid`);
  });
});

// It moves the sandbox clock, so it comes after the tests that need it unmoved.
describe('autopay', () => {
  it('pays the billed interest once it is due, and waits a sweep for a payment in flight', async () => {
    const calm = await sandboxLoan(ctx);
    const crowded = await sandboxLoan(ctx);
    for (const loan of [calm, crowded]) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `${LOANS}/${loan.loanUuid}/autopay`,
        headers: bearer(loan.token),
        payload: { enabled: true },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    // A payment in flight on one loan, larger than anything the loan owes beside it.
    const owed = (await getLoan(ctx, crowded)).balances.totalCents;
    const inFlight = await paymentInFlight(ctx, crowded.loanUuid, { amountCents: owed * 2 });
    // The first statement is issued on day 31 and due 14 days later.
    await advanceDays(ctx, 46, calm, crowded);
    await runSweep(ctx, { settle: false });

    const autopaid = async (loan: TTestLoan) =>
      (await getLoan(ctx, loan)).payments.filter((payment) => payment.method === 'AUTOPAY');
    const [paid] = await autopaid(calm);
    expect(paid?.amountCents).toBeGreaterThan(0);
    expect(paid?.status).toBe('PENDING');
    expect(await autopaid(crowded)).toEqual([]);

    // Once nothing is in flight, the next sweep pays the bill.
    await ctx.database.db
      .delete(servicingPayments)
      .where(sql`${servicingPayments.uuid} = ${inFlight.uuid}::uuid`);
    await runSweep(ctx);
    const [later] = await autopaid(crowded);
    expect(later?.amountCents).toBe(paid?.amountCents);
  });
});
