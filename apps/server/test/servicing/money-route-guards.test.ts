/**
 * The borrower's money routes against what a script or a stale page sends: a payoff quote of
 * $0.00 paid (409 with a message, nothing written) and payments faster than a person makes them
 * (429 past the per-minute limit, no payment written).
 */
import type { TPayoffQuote, TServicingPayment } from '@pledge/contract';
import { SERVICING_PAYMENTS_PER_IP_PER_MINUTE } from '@pledge/domain';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  applications,
  auditEvents,
  ledgerEntries,
  servicingPayments,
} from '../../src/db/schema/index.js';
import { PAYOFF_MESSAGES } from '../../src/services/servicing/pay-off-loan.js';
import { bearer, useApplicationsTestContext } from '../applications/helpers.js';
import {
  getLoan,
  idempotency,
  LOANS,
  openServicingWorld,
  sandboxLoan,
  requestPayment,
} from './helpers.js';

const ctx = useApplicationsTestContext(openServicingWorld);

/** Every record a payment or a payoff writes for this loan, counted. */
async function recordCounts(loanUuid: string) {
  const db = ctx.database.db;
  const [payments] = await db
    .select({ n: count() })
    .from(servicingPayments)
    .where(eq(servicingPayments.loanUuid, loanUuid));
  const [entries] = await db
    .select({ n: count() })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.loanUuid, loanUuid));
  const [audits] = await db
    .select({ n: count() })
    .from(auditEvents)
    .where(eq(auditEvents.entityId, loanUuid));
  const [application] = await db
    .select({ state: applications.state, version: applications.version })
    .from(applications)
    .where(eq(applications.uuid, loanUuid));
  return { payments: payments?.n, entries: entries?.n, audits: audits?.n, application };
}

describe('a payoff quote of $0.00', () => {
  it('answers 409 with a message the borrower can act on, and writes nothing', async () => {
    const loan = await sandboxLoan(ctx);
    const owed = (await getLoan(ctx, loan)).balances.totalCents;
    const paid = await requestPayment(ctx, loan, owed, 'zero-payoff-pay-all', {
      remoteAddress: '198.51.100.40',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((paid.json() as TServicingPayment).amountCents).toBe(owed);

    const quoted = await ctx.app.inject({
      method: 'POST',
      url: `${LOANS}/${loan.loanUuid}/payoff-quote`,
      headers: bearer(loan.token),
      remoteAddress: '198.51.100.40',
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    const quote = quoted.json() as TPayoffQuote;
    expect(quote.amountCents).toBe(0);

    const before = await recordCounts(loan.loanUuid);
    const payoff = await ctx.app.inject({
      method: 'POST',
      url: `${LOANS}/${loan.loanUuid}/payoff`,
      headers: { ...bearer(loan.token), ...idempotency('zero-payoff-0001') },
      payload: { quoteUuid: quote.quoteUuid },
      remoteAddress: '198.51.100.40',
    });
    expect(payoff.statusCode, payoff.body).toBe(409);
    expect(payoff.json()).toMatchObject({
      code: 'NOTHING_TO_PAY_OFF',
      message: PAYOFF_MESSAGES.nothingOwed,
    });
    expect(await recordCounts(loan.loanUuid)).toEqual(before);
    expect((await getLoan(ctx, loan)).status).toBe('ACTIVE');
  });
});

describe('payments faster than a person makes them', () => {
  it(`answer 429 past ${SERVICING_PAYMENTS_PER_IP_PER_MINUTE} a minute from one client, and write no payment`, async () => {
    const loan = await sandboxLoan(ctx);
    const remoteAddress = '198.51.100.41';
    for (let i = 0; i < SERVICING_PAYMENTS_PER_IP_PER_MINUTE; i += 1) {
      const response = await requestPayment(ctx, loan, 100, `burst-key-${i}`, { remoteAddress });
      expect(response.statusCode, response.body).toBe(201);
    }
    const before = await recordCounts(loan.loanUuid);
    expect(before.payments).toBe(SERVICING_PAYMENTS_PER_IP_PER_MINUTE);

    const limited = await requestPayment(ctx, loan, 100, 'burst-key-over', { remoteAddress });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await recordCounts(loan.loanUuid)).toEqual(before);

    // Another client is counted on its own.
    const elsewhere = await requestPayment(ctx, loan, 100, 'burst-key-elsewhere', {
      remoteAddress: '203.0.113.41',
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });
});
