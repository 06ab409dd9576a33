/**
 * The upgrade from the previous release (c329e91, whose schema ends at migration 0007_ops) with a
 * loan it funded 40 days earlier: servicing did not exist then, and opens only on the transition to
 * COMPLETE, so the boot step opens every funded loan without servicing as of its funding. After it
 * the loan page (borrower and agent) is served with its interest since funding, the loan book and
 * reconciliation list it, and the risk pass margin-calls it after a price drop. Before it,
 * reconciliation does not call the ledger balanced. A second boot opens nothing twice; two
 * instances booting at once open each loan once. A loan an instance of that release funds while
 * this one runs (a rolling deploy) is opened by the next servicing sweep; a loan it funded and
 * recorded as paid off comes in closed: its interest to its payoff, the payoff, nothing owed.
 * (scripts/upgrade-check.mjs runs the previous release itself over HTTP, in `npm test`.)
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TGetOpsLoansResponse, TServicingLoan } from '@pledge/contract';
import {
  accrualDays,
  computeOffer,
  cycleDate,
  isoDay,
  loanMaturityDate,
  monthlyInterestCents,
  periodInterestToDateCents,
} from '@pledge/domain';

import { runMigrations } from '../../src/db/migrate.js';
import { createDatabase } from '../../src/db/pool.js';

import { runBootStep } from '../helpers/boot-step.js';

import { createFieldCipher } from '../../src/security/field-encryption.js';
import {
  ACCOUNT_NUMBER_INDEX_PURPOSE,
  accountNumberContext,
  accountNumberMaskOf,
  holderNameContext,
} from '../../src/services/disbursement/disbursement-record.js';
import {
  openUnservicedLoans,
  payoffBeforeServicingKey,
} from '../../src/services/servicing/open-unserviced-loans.js';
import {
  applicationsTestContextOn,
  bearer,
  type TApplicationsTestContext,
} from '../applications/helpers.js';
import { TEST_ENCRYPTION_KEY } from '../helpers/app.js';
import { createTestDatabase } from '../helpers/db.js';
import { migrationsBefore } from '../helpers/migrations-before.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { signIn } from '../identity/sign-in.js';
import {
  OPS,
  opsCall,
  opsLoanOf,
  opsReconciliationOf,
  signInAgent,
  type TAgent,
} from '../ops/helpers.js';
import { loanRow, moveTo, pass } from '../risk/helpers.js';
import {
  LOANS,
  runSweep,
  setBtcPrice,
  type TTestLoan,
  loanStatuses,
} from '../servicing/helpers.js';

/** The first migration after the previous release (c329e91 shipped 0000_init … 0007_ops). */
const FIRST_MIGRATION_AFTER_PREVIOUS_RELEASE = '0008_sessions';
const DAY_MS = 24 * 60 * 60 * 1000;
const BTC_PRICE_CENTS = 6_000_000;
const DRAW_CENTS = 2_000_000;
/** The offer the previous release made: $20,000 on 1 BTC in Ohio. */
const previousOffer = () =>
  computeOffer({
    drawCents: DRAW_CENTS,
    collateralType: 'BTC',
    coinQuantity: '1',
    priceCents: BTC_PRICE_CENTS,
    residence: { kind: 'state', state: 'OH' },
  });

const cipher = createFieldCipher(TEST_ENCRYPTION_KEY);
let folder: string;
const filesDir = useTempDir('pledge-servicing-backfill');
let ctx: TApplicationsTestContext;
let agent: TAgent;

/**
 * A loan the previous release funded `daysAgo` days ago, its rows as that release wrote them (its
 * columns only): the borrower, the application in COMPLETE with its accepted offer, the pledged
 * coins received, the bank account typed in, and the audit trail of its funding.
 */
async function fundedByPreviousRelease(daysAgo: number): Promise<TTestLoan & { fundedAt: Date }> {
  const db = ctx.database.db;
  const identityUuid = randomUUID();
  const appUuid = randomUUID();
  const offerUuid = randomUUID();
  const email = `previous-release-${appUuid.slice(0, 8)}@example.com`;
  const fundedAt = new Date(Date.now() - daysAgo * DAY_MS);
  const appliedAt = new Date(fundedAt.getTime() - DAY_MS);
  const result = previousOffer();
  if (!result.eligible) throw new Error('the offer of the previous release is not eligible');
  const offer = result.offer;
  await db.execute(sql`
    INSERT INTO identities (uuid, email, organization_code, created_at, updated_at)
      VALUES (${identityUuid}, ${email}, 'default', ${appliedAt}, ${appliedAt})`);
  await db.execute(sql`
    INSERT INTO applications (uuid, identity_uuid, organization, flow, state, stage, state_code,
                              requested_amount_cents, collateral_type, coin_quantity,
                              details_submitted_at, e_sign_consented_at, version, created_at,
                              updated_at)
      VALUES (${appUuid}, ${identityUuid}, 'default', 'WEB', 'COMPLETE', 'FINAL', 'OH',
              ${DRAW_CENTS}, 'BTC', 1, ${appliedAt}, ${appliedAt}, 9, ${appliedAt}, ${fundedAt})`);
  await db.execute(sql`
    INSERT INTO offers (uuid, application_uuid, amount_cents, draw_amount_cents, term_months, ltv_pct,
                        interest_rate_bps, interest_rate_pct, annual_percentage_rate_pct,
                        origination_fee_bps, origination_fee_amount_cents,
                        estimated_monthly_payment_cents, collateral_type, collateral_units,
                        min_collateral_units, collateral_amount_cents, warning_price_cents,
                        margin_call_price_cents, liquidation_price_cents, courtesy_notice_ltv_pct,
                        tier_id, finance_charge_cents, total_of_payments_cents, payment_schedule,
                        state_code, price_cents, price_as_of, created_at, expires_at, accepted_at)
      VALUES (${offerUuid}, ${appUuid}, ${offer.amountCents}, ${offer.drawAmountCents},
              ${offer.termMonths}, ${offer.ltvPct}, ${offer.interestRateBps},
              ${offer.interestRatePct}, ${offer.annualPercentageRatePct}, ${offer.originationFeeBps},
              ${offer.originationFeeAmountCents}, ${offer.estimatedMonthlyPaymentCents}, 'BTC',
              ${offer.collateralUnits}, ${offer.minCollateralUnits}, ${offer.collateralAmountCents},
              ${offer.warningPriceCents}, ${offer.marginCallPriceCents},
              ${offer.liquidationPriceCents}, ${offer.courtesyNoticeLtvPct}, ${offer.tierId},
              ${offer.financeChargeCents}, ${offer.totalOfPaymentsCents},
              ${JSON.stringify(offer.paymentSchedule)}::jsonb, 'OH', ${BTC_PRICE_CENTS},
              ${appliedAt}, ${appliedAt}, ${new Date(appliedAt.getTime() + 15 * 60_000)},
              ${appliedAt})`);
  await db.execute(
    sql`UPDATE applications SET selected_offer_uuid = ${offerUuid} WHERE uuid = ${appUuid}`,
  );
  await db.execute(sql`
    INSERT INTO collateral_accounts (application_uuid, collateral_type, derivation_index,
                                     deposit_address, borrower_confirmed_at, funded_at, created_at)
      VALUES (${appUuid}, 'BTC', ${Math.floor(Math.random() * 1_000_000_000)},
              ${`bc1q${appUuid.replaceAll('-', '').slice(0, 32)}`}, ${appliedAt}, ${fundedAt},
              ${appliedAt})`);
  await db.execute(sql`
    INSERT INTO collateral_deposits (application_uuid, txid, amount, confirmations,
                                     transaction_time, confirmed_at, first_seen_at)
      VALUES (${appUuid}, ${appUuid.replaceAll('-', '')}, 1, 6, ${appliedAt}, ${appliedAt},
              ${appliedAt})`);
  await db.execute(sql`
    INSERT INTO disbursement_accounts (application_uuid, method, account_type, routing_number,
                                       account_number_sealed, account_number_blind_index,
                                       account_number_mask, account_holder_name_sealed,
                                       submission_digest)
      VALUES (${appUuid}, 'MANUAL_BANK', 'CHECKING', '021000021',
              ${cipher.encryptText('123456789', accountNumberContext(appUuid))},
              ${cipher.blindIndex(`021000021:123456789`, ACCOUNT_NUMBER_INDEX_PURPOSE)},
              ${accountNumberMaskOf('123456789')},
              ${cipher.encryptText('Ada Lovelace', holderNameContext(appUuid))}, ${randomUUID()})`);
  // Its walk, as the previous release audited it; the release by an agent funded it.
  const walk: [string, string][] = [
    ['CRYPTO_FUNDING_VERIFY', 'MANUAL_FUNDING_RELEASE'],
    ['MANUAL_FUNDING_RELEASE', 'COMPLETE'],
  ];
  for (const [index, [from, to]] of walk.entries()) {
    const at = to === 'COMPLETE' ? fundedAt : new Date(fundedAt.getTime() - (2 - index) * 60_000);
    await db.execute(sql`
      INSERT INTO audit_events (entity_type, entity_id, actor, from_state, to_state, reason, at)
        VALUES ('application', ${appUuid}, ${to === 'COMPLETE' ? 'agent:agent@example.com' : 'system:verify-funding'},
                ${from}, ${to}, ${to === 'COMPLETE' ? 'funds released' : 'COLLATERAL_CONFIRMED'}, ${at})`);
  }
  return { loanUuid: appUuid, email, token: '', fundedAt };
}

/**
 * A loan the previous release funded `fundedDaysAgo` days ago and an agent recorded as paid off
 * (by wire) `paidDaysAgo` days ago, as that release recorded it: the PAID_OFF transition and the
 * payoff's method in the audit trail, no amount; `released`: its collateral since returned.
 */
async function paidOffByPreviousRelease(
  fundedDaysAgo: number,
  paidDaysAgo: number,
  released = false,
): Promise<TTestLoan & { fundedAt: Date; paidOffAt: Date }> {
  const loan = await fundedByPreviousRelease(fundedDaysAgo);
  const db = ctx.database.db;
  const paidOffAt = new Date(Date.now() - paidDaysAgo * DAY_MS);
  const actor = 'agent:agent@example.com';
  await db.execute(sql`
    UPDATE applications SET state = 'PAID_OFF', stage = 'COLLATERAL_RELEASE', updated_at = ${paidOffAt}
    WHERE uuid = ${loan.loanUuid}`);
  await db.execute(sql`
    INSERT INTO audit_events (entity_type, entity_id, actor, from_state, to_state, reason, at)
      VALUES ('application', ${loan.loanUuid}, ${actor}, 'COMPLETE', 'PAID_OFF', 'Payoff recorded (Wire)', ${paidOffAt}),
             ('payoff', ${loan.loanUuid}, ${actor}, NULL, 'WIRE', 'Payoff recorded (Wire)', ${paidOffAt})`);
  if (released) {
    const releasedAt = new Date(paidOffAt.getTime() + DAY_MS);
    await db.execute(sql`
      UPDATE applications SET state = 'COLLATERAL_RELEASED', stage = 'FINAL', updated_at = ${releasedAt}
      WHERE uuid = ${loan.loanUuid}`);
    await db.execute(sql`
      INSERT INTO audit_events (entity_type, entity_id, actor, from_state, to_state, reason, at)
        VALUES ('application', ${loan.loanUuid}, 'system:custody', 'PAID_OFF', 'COLLATERAL_RELEASED',
                'collateral returned', ${releasedAt})`);
  }
  return { ...loan, paidOffAt };
}

/** The loan page of the previous release's loan, its borrower signed in again. */
async function oldLoanPage() {
  old.token = await signIn(ctx.app, old.email);
  return ctx.app.inject({
    method: 'GET',
    url: `${LOANS}/${old.loanUuid}`,
    headers: bearer(old.token),
  });
}

async function bootStep(db = ctx.database.db): Promise<string[]> {
  return runBootStep({ db, storage: ctx.adapters.storage, filesDir: filesDir() });
}

const reconciliation = () => opsReconciliationOf(ctx.app, agent);

const servicingRows = async (loanUuid: string) => {
  const result = await ctx.database.db.execute<{ loans: number; journals: number }>(sql`
    SELECT (SELECT count(*)::int FROM servicing_loans WHERE loan_uuid = ${loanUuid}) AS loans,
           (SELECT count(DISTINCT journal_uuid)::int FROM ledger_entries
              WHERE loan_uuid = ${loanUuid} AND kind <> 'INTEREST_ACCRUAL') AS journals`);
  return result.rows[0];
};

let old: TTestLoan & { fundedAt: Date };

beforeAll(async () => {
  folder = migrationsBefore(FIRST_MIGRATION_AFTER_PREVIOUS_RELEASE);
  // The previous release's schema, and a loan it funded 40 days ago.
  const database = await createTestDatabase({ migrate: false });
  await runMigrations(database.pool, { migrationsFolder: folder });
  ctx = { database, close: () => database.drop() } as TApplicationsTestContext;
  old = await fundedByPreviousRelease(40);

  // The upgrade: this release's migrations, then its app on that database.
  await runMigrations(database.pool);
  ctx = await applicationsTestContextOn(database);
  await setBtcPrice(ctx, BTC_PRICE_CENTS / 100);
  agent = await signInAgent(ctx);
});
afterAll(async () => {
  await ctx.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('upgrade: loans funded by the previous release are serviced', () => {
  it('is flagged by reconciliation, not called balanced, until the boot step opens it', async () => {
    // What the upgrade alone left: no loan page.
    const page = await oldLoanPage();
    expect(page.statusCode).toBe(404);
    const report = await reconciliation();
    expect(report.isBalanced).toBe(false);
    expect(report.issues).toContainEqual({
      loanUuid: old.loanUuid,
      problem: expect.stringContaining('(1 funded loans without servicing)') as string,
    });
  });

  it('opens it at boot as of its funding, and its interest since accrues', async () => {
    const lines = await bootStep();
    expect(lines.some((line) => line.includes('loans funded before servicing opened'))).toBe(true);
    expect(lines.join('\n')).not.toContain(old.email);
    // The servicing sweep the boot enqueued accrues the 40 days, period by period.
    expect(await ctx.runJobs()).toBeGreaterThan(0);

    const page = await oldLoanPage();
    expect(page.statusCode, page.body).toBe(200);
    const loan = page.json() as TServicingLoan;
    const fundedOn = isoDay(old.fundedAt);
    expect(loan).toMatchObject({
      loanUuid: old.loanUuid,
      status: 'ACTIVE',
      fundedOn,
      maturityDate: loanMaturityDate(old.fundedAt, 12),
    });
    const offer = previousOffer();
    if (!offer.eligible) throw new Error('not eligible');
    expect(loan.balances.principalCents + loan.balances.originationFeeCents).toBe(
      offer.offer.amountCents,
    );
    // The first period (30 days from funding) closed with its month of interest and a statement;
    // the second runs since.
    expect(loan.statements).toHaveLength(1);
    expect(loan.statements[0]?.cycleDate).toBe(loan.schedule[0]?.cycleDate);
    const accruals = await ctx.database.db.execute<{ period_number: number; cents: string }>(sql`
      SELECT period_number, sum(amount_cents) AS cents FROM ledger_entries
      WHERE loan_uuid = ${old.loanUuid} AND kind = 'INTEREST_ACCRUAL' AND account = 'ACCRUED_INTEREST'
      GROUP BY period_number ORDER BY period_number`);
    expect(accruals.rows.map((row) => row.period_number)).toEqual([1, 2]);
    expect(Number(accruals.rows[0]?.cents)).toBe(
      monthlyInterestCents(offer.offer.amountCents, offer.offer.interestRateBps),
    );
    expect(Number(accruals.rows[1]?.cents)).toBeGreaterThan(0);
    const ledger = await ctx.database.db.execute<{ effective_on: string }>(sql`
      SELECT DISTINCT effective_on::text FROM ledger_entries
      WHERE loan_uuid = ${old.loanUuid} AND kind <> 'INTEREST_ACCRUAL'`);
    expect(ledger.rows).toEqual([{ effective_on: fundedOn }]);

    // The borrower's loans list it, and so does the agent's console.
    const statuses = await loanStatuses(ctx, old.token);
    expect(statuses.map((item) => item.appUuid)).toEqual([old.loanUuid]);
    await opsLoanOf(ctx.app, agent, old.loanUuid);
  });

  it('is on the loan book and in a balanced reconciliation', async () => {
    const book = await opsCall(ctx.app, 'GET', `${OPS}/loans`, agent.token);
    expect(book.statusCode).toBe(200);
    expect((book.json() as TGetOpsLoansResponse).items.map((item) => item.loanUuid)).toContain(
      old.loanUuid,
    );
    const report = await reconciliation();
    expect(report.issues).toEqual([]);
    expect(report.isBalanced).toBe(true);
    expect(report.loansChecked).toBe(1);
  });

  it('is margin-called by the risk pass after a price drop', async () => {
    await moveTo(ctx, old, 86);
    expect((await loanRow(ctx, old)).status).toBe('MARGIN_CALL');
    await setBtcPrice(ctx, BTC_PRICE_CENTS / 100);
  });

  it('opens nothing twice at the next boot', async () => {
    const before = await servicingRows(old.loanUuid);
    const lines = await bootStep();
    expect(lines.some((line) => line.includes('loans funded before servicing opened'))).toBe(false);
    expect(await servicingRows(old.loanUuid)).toEqual(before);
    expect(before).toEqual({ loans: 1, journals: 2 });
  });

  it('opens each loan once when two instances boot at once', async () => {
    const loans = [
      await fundedByPreviousRelease(12),
      await fundedByPreviousRelease(5),
      await fundedByPreviousRelease(1),
    ];
    // Two instances: a pool each.
    const instances = [createDatabase(ctx.database.url), createDatabase(ctx.database.url)];
    try {
      const [first, second] = await Promise.all(
        instances.map((instance) => openUnservicedLoans(instance.db)),
      );
      const opened = [...(first?.opened ?? []), ...(second?.opened ?? [])];
      expect(opened.sort()).toEqual(loans.map((loan) => loan.loanUuid).sort());
      expect([...(first?.failed ?? []), ...(second?.failed ?? [])]).toEqual([]);
    } finally {
      await Promise.all(instances.map((instance) => instance.pool.end()));
    }
    for (const loan of loans) {
      expect(await servicingRows(loan.loanUuid)).toEqual({ loans: 1, journals: 2 });
    }
    expect((await reconciliation()).isBalanced).toBe(true);
  });
});

describe('upgrade: loans the previous release funds or funded while this one runs', () => {
  it('opens at the next servicing sweep a loan an instance of the previous release funds after the boot', async () => {
    // A rolling deploy: this release booted (and opened the loans above); an instance of the
    // previous release, still serving, funds one more.
    const late = await fundedByPreviousRelease(2);
    expect(await servicingRows(late.loanUuid)).toEqual({ loans: 0, journals: 0 });
    await runSweep(ctx);
    expect(await servicingRows(late.loanUuid)).toEqual({ loans: 1, journals: 2 });
    // The same sweep accrued its two days.
    const accrued = await ctx.database.db.execute<{ accrued_through: string }>(sql`
      SELECT accrued_through::text FROM servicing_loans WHERE loan_uuid = ${late.loanUuid}`);
    expect(accrued.rows[0]?.accrued_through).toBe(isoDay(new Date()));

    late.token = await signIn(ctx.app, late.email);
    const page = await ctx.app.inject({
      method: 'GET',
      url: `${LOANS}/${late.loanUuid}`,
      headers: bearer(late.token),
    });
    expect(page.statusCode, page.body).toBe(200);
    expect((page.json() as TServicingLoan).status).toBe('ACTIVE');
    // A sweep after it opens nothing again.
    await runSweep(ctx);
    expect(await servicingRows(late.loanUuid)).toEqual({ loans: 1, journals: 2 });
    expect((await reconciliation()).isBalanced).toBe(true);
  });

  it('brings a loan paid off before the upgrade in closed: interest to its payoff, the payoff, nothing owed', async () => {
    const paid = await paidOffByPreviousRelease(70, 15);
    const released = await paidOffByPreviousRelease(50, 10, true);
    const report = await reconciliation();
    expect(report.isBalanced).toBe(false);
    expect(report.issues.map((issue) => issue.loanUuid)).toEqual(
      expect.arrayContaining([paid.loanUuid, released.loanUuid]),
    );

    const lines = await bootStep();
    expect(lines.some((line) => line.includes('loans funded before servicing opened'))).toBe(true);
    const offer = previousOffer();
    if (!offer.eligible) throw new Error('not eligible');
    const { amountCents, interestRateBps } = offer.offer;

    for (const loan of [paid, released]) {
      // Its interest, period by period, from its funding to its payoff day: whole months, then
      // the days of the month it was paid off in.
      const fundedOn = isoDay(loan.fundedAt);
      const payoffDay = isoDay(loan.paidOffAt);
      const expected: number[] = [];
      for (let period = 1; ; period += 1) {
        const start = cycleDate(fundedOn, period - 1);
        const end = cycleDate(fundedOn, period);
        const days = accrualDays({ start, end }, payoffDay);
        expected.push(periodInterestToDateCents(amountCents, interestRateBps, days));
        if (end >= payoffDay) break;
      }
      expect(expected[0]).toBe(monthlyInterestCents(amountCents, interestRateBps));
      const accruals = await ctx.database.db.execute<{ period_number: number; cents: string }>(sql`
        SELECT period_number, sum(amount_cents) AS cents FROM ledger_entries
        WHERE loan_uuid = ${loan.loanUuid} AND kind = 'INTEREST_ACCRUAL' AND account = 'ACCRUED_INTEREST'
        GROUP BY period_number ORDER BY period_number`);
      expect(accruals.rows.map((row) => Number(row.cents))).toEqual(expected);
      const interestCents = expected.reduce((sum, cents) => sum + cents, 0);

      loan.token = await signIn(ctx.app, loan.email);
      const page = await ctx.app.inject({
        method: 'GET',
        url: `${LOANS}/${loan.loanUuid}`,
        headers: bearer(loan.token),
      });
      expect(page.statusCode, page.body).toBe(200);
      const view = page.json() as TServicingLoan;
      expect(view).toMatchObject({ loanUuid: loan.loanUuid, status: 'PAID_OFF', fundedOn });
      expect(view.balances.totalCents).toBe(0);
      expect(view.statements).toEqual([]);
      expect(view.payments).toEqual([
        expect.objectContaining({
          method: 'RECORDED',
          purpose: 'PAYOFF',
          status: 'SETTLED',
          amountCents: amountCents + interestCents,
          reference: expect.stringContaining('before servicing (WIRE)') as string,
        }),
      ]);
      const payoff = await ctx.database.db.execute<{ key: string; effective_on: string }>(sql`
        SELECT p.idempotency_key AS key, min(e.effective_on)::text AS effective_on
        FROM servicing_payments p JOIN ledger_entries e ON e.payment_uuid = p.uuid
        WHERE p.loan_uuid = ${loan.loanUuid} GROUP BY p.idempotency_key`);
      expect(payoff.rows).toEqual([
        { key: payoffBeforeServicingKey(loan.loanUuid), effective_on: payoffDay },
      ]);
      await opsLoanOf(ctx.app, agent, loan.loanUuid);
      expect((await loanRow(ctx, loan)).status).toBe('PAID_OFF');
    }
    // Closed, with its payoff's record as the evidence: balanced.
    const after = await reconciliation();
    expect(after.issues).toEqual([]);
    expect(after.isBalanced).toBe(true);

    // Nothing accrues on it after, no statement is written, the risk pass leaves it alone.
    const journals = await servicingRows(paid.loanUuid);
    await runSweep(ctx);
    await setBtcPrice(ctx, 10_000);
    await pass(ctx);
    await setBtcPrice(ctx, BTC_PRICE_CENTS / 100);
    expect(await servicingRows(paid.loanUuid)).toEqual(journals);
    expect((await loanRow(ctx, paid)).status).toBe('PAID_OFF');
    const statements = await ctx.database.db.execute(sql`
      SELECT 1 FROM servicing_statements WHERE loan_uuid IN (${paid.loanUuid}, ${released.loanUuid})`);
    expect(statements.rows).toEqual([]);
  });
});
