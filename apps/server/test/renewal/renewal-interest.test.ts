/**
 * The renewal's cash is what the ledger says the loan owes: the sums of its entries plus the running
 * period's 30/360 interest to the renewal day (the domain's one rounding), the same figure as the
 * loan's payoff quote; completing the renewal closes exactly that balance into it.
 */
import { describe, expect, it } from 'vitest';
import {
  accrualDays,
  isoDay,
  periodInterestToDateCents,
  unpaidAccruedInterestCents,
} from '@pledge/domain';
import { eq, sql } from 'drizzle-orm';
import { servicingLoans } from '../../src/db/schema/index.js';
import { useApplicationsTestContext } from '../applications/helpers.js';
import { advanceDays, payoffQuote, runSweep, sandboxLoan } from '../servicing/helpers.js';
import { acceptAndSign, openRenewal, sandboxNow } from './helpers.js';

const ctx = useApplicationsTestContext();

/** The loan's receivables (sums of entries) and its servicing row. */
async function ledgerFacts(loanUuid: string) {
  const sums = await ctx.database.db.execute<{ account: string; cents: string }>(sql`
    SELECT account, sum(amount_cents)::bigint AS cents FROM ledger_entries
     WHERE loan_uuid = ${loanUuid}::uuid GROUP BY account`);
  const byAccount = Object.fromEntries(sums.rows.map((row) => [row.account, Number(row.cents)]));
  const [servicing] = await ctx.database.db
    .select()
    .from(servicingLoans)
    .where(eq(servicingLoans.loanUuid, loanUuid));
  if (servicing === undefined) throw new Error('no servicing row');
  return { byAccount, servicing };
}

const RECEIVABLES = [
  'PRINCIPAL',
  'ORIGINATION_FEE',
  'DEFERRED_INTEREST',
  'ACCRUED_INTEREST',
  'FEES',
] as const;

describe('renewal interest', () => {
  it('prices the renewal on the ledger with 30/360 interest to the day, and closes exactly that', async () => {
    const loan = await sandboxLoan(ctx, { drawAmount: 30_000, coinQuantity: '2' });
    // Into the renewal window (20 days before maturity), the sweep run; then two days more that the
    // sweep has not accrued yet.
    await advanceDays(ctx, 343, loan);
    await runSweep(ctx);
    await advanceDays(ctx, 2, loan);
    const today = isoDay(await sandboxNow(ctx));

    const before = await ledgerFacts(loan.loanUuid);
    const { servicing } = before;
    expect(servicing.accruedThrough < today).toBe(true);
    const inLedger = RECEIVABLES.reduce(
      (sum, account) => sum + (before.byAccount[account] ?? 0),
      0,
    );
    const toDay =
      periodInterestToDateCents(
        servicing.periodBaseCents,
        servicing.interestRateBps,
        accrualDays({ start: servicing.periodStart, end: servicing.periodEnd }, today),
      ) - servicing.periodAccruedCents;
    expect(toDay).toBeGreaterThan(0);
    const expected = inLedger + toDay;

    const renewal = await openRenewal(ctx, loan);
    const offer = renewal.offers[0];
    if (offer === undefined) throw new Error('no renewal offer');
    const cashCents = Math.round(offer.drawAmount * 100);
    expect(cashCents).toBe(expected);

    // The same figure as the loan's payoff quote of the day.
    expect((await payoffQuote(ctx, loan)).amountCents).toBe(cashCents);

    // Not the actual/365 figure on the offer's amount it used to be.
    const actual365 =
      servicing.periodBaseCents +
      unpaidAccruedInterestCents({
        principalCents: servicing.periodBaseCents,
        interestRateBps: servicing.interestRateBps,
        fundedAt: new Date(`${servicing.fundedOn}T00:00:00Z`),
        now: await sandboxNow(ctx),
      });
    expect(cashCents).not.toBe(actual365);

    // Accepted and signed (no top-up): the old loan's balance closes into the renewal, to the cent.
    const signed = await acceptAndSign(ctx, loan.token, renewal, offer.uuid);
    expect(signed.body.state).toBe('COMPLETE');

    const after = await ledgerFacts(loan.loanUuid);
    expect(after.servicing.status).toBe('RENEWED');
    expect(after.byAccount.RENEWAL_SETTLEMENT).toBe(cashCents);
    for (const account of RECEIVABLES) expect(after.byAccount[account] ?? 0).toBe(0);
    // The interest settled is the ledger's: what was accrued plus the days to the renewal.
    expect((after.byAccount.INTEREST_INCOME ?? 0) - (before.byAccount.INTEREST_INCOME ?? 0)).toBe(
      -toDay,
    );
    const renewed = await ledgerFacts(renewal.appUuid);
    expect(renewed.byAccount.PRINCIPAL).toBe(cashCents);
  });
});
