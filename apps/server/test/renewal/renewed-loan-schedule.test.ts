/**
 * Issue 34, finding 6: the old loan a renewal replaced tells the truth. Its schedule never says
 * "Paid" for instalments no payment paid (what they owed was carried into the renewal), lists no
 * instalment after the renewal day (never a $149.99 instalment on a $0 balance), and its period
 * that the renewal ended carries the interest accrued to that day and the principal; its
 * collateral is the coins it held, not the renewal's top-up.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TApplication, TServicingLoan } from '@pledge/contract';
import { and, eq, sql } from 'drizzle-orm';
import { ledgerEntries } from '../../src/db/schema/index.js';
import { useApplicationsTestContext } from '../applications/helpers.js';
import {
  advanceDays,
  getLoan,
  runSweep,
  sandboxLoan,
  type TTestLoan,
  requestPayment,
} from '../servicing/helpers.js';
import { acceptAndSign, enterRenewalWindow, openRenewal } from './helpers.js';

const ctx = useApplicationsTestContext();
let loan: TTestLoan;
let renewal: TApplication;

beforeAll(async () => {
  // $20,000 on 1 BTC in Ohio: $20,250 with the $250 fee.
  loan = await sandboxLoan(ctx);
  // The first instalment is billed and paid; nothing is paid after it.
  await advanceDays(ctx, 32, loan);
  await runSweep(ctx);
  const first = (await getLoan(ctx, loan)).schedule[0];
  expect(first?.status).toBe('DUE');
  const paid = await requestPayment(ctx, loan, first?.amountCents ?? 0, `first-${loan.loanUuid}`);
  expect(paid.statusCode, paid.body).toBe(201);
  await runSweep(ctx);
  expect((await getLoan(ctx, loan)).schedule[0]?.status).toBe('PAID');

  // Into the renewal window, 20 days before maturity, the sweep billing every period on the way.
  await enterRenewalWindow(ctx, [loan]);
  await runSweep(ctx);

  renewal = await openRenewal(ctx, loan);
  const signed = await acceptAndSign(ctx, loan.token, renewal);
  expect(signed.body.state).toBe('COMPLETE');
}, 240_000);

describe('the schedule of a renewed loan', () => {
  it('says what was paid, what was carried into the renewal, and nothing after it', async () => {
    const old: TServicingLoan = await getLoan(ctx, loan);
    expect(old.status).toBe('RENEWED');
    expect(old.balances.totalCents).toBe(0);
    expect(old.payments).toHaveLength(1);

    const [closing] = await ctx.database.db
      .select({ effectiveOn: ledgerEntries.effectiveOn })
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.loanUuid, loan.loanUuid), eq(ledgerEntries.kind, 'RENEWAL_CLOSE')),
      );
    const renewedOn = closing?.effectiveOn ?? '';
    expect(renewedOn).not.toBe('');

    // Paid by the one payment; every later instalment unpaid, so carried into the renewal.
    expect(old.schedule[0]?.status).toBe('PAID');
    expect(old.schedule.slice(1).map((row) => row.status)).toEqual(
      old.schedule.slice(1).map(() => 'RENEWED'),
    );
    expect(old.schedule.every((row) => row.unpaidCents === 0)).toBe(true);
    // No instalment after the renewal: the last listed is the period the renewal ended in.
    const last = old.schedule[old.schedule.length - 1];
    expect((last?.cycleDate ?? '') >= renewedOn).toBe(true);
    const before = old.schedule[old.schedule.length - 2];
    expect((before?.cycleDate ?? '') < renewedOn).toBe(true);
    // Its interest is what accrued in that period to the renewal day, with the $20,250 carried.
    const accrued = await ctx.database.db.execute<{ cents: string | null }>(
      sql`SELECT sum(amount_cents)::text AS cents FROM ledger_entries
          WHERE loan_uuid = ${loan.loanUuid} AND kind = 'INTEREST_ACCRUAL'
            AND account = 'ACCRUED_INTEREST' AND period_number = ${last?.number ?? 0}`,
    );
    expect(last?.interestCents).toBe(Number(accrued.rows[0]?.cents ?? 0));
    // 20 days before maturity: about ten days of a period, under a whole month's $150.36.
    expect(last?.interestCents ?? 0).toBeLessThan(15_036);
    expect(last?.principalCents).toBe(2_025_000);
    expect(last?.amountCents).toBe((last?.interestCents ?? 0) + 2_025_000);
    // The loan held its own 1 BTC; the renewal took no top-up.
    expect(old.collateral.coinQuantity).toBe('1');
  });
});
