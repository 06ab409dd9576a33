/**
 * The payoff quote (any time, no prepayment penalty) and paying it by ACH. Paying a valid quote
 * whose amount still equals the balance with interest to today writes the payment, and once the
 * bank accepts the debit, the PAYOFF journal (the balance to zero) and the payoff the agent flow
 * records too (recordPayoff): the loan becomes PAID_OFF and the collateral release opens once
 * every debit on the loan settled. Neither a quote nor a payoff is taken while a liquidation
 * order is open (liquidation-payoff.ts).
 *
 * The quote counts the debits the bank accepted and has not settled, as the ledger posts them
 * (a borrower's payment of yesterday is not asked for twice), and says how much of it is in
 * flight: the payoff is final only once they settled. Until then the release waits, and one
 * returned reopens the loan for what came back (payoff.ts, reverse-payment.ts).
 */
import { randomUUID } from 'node:crypto';
import type { TPayoffQuote, TPostServicingPayoffResponse } from '@pledge/contract';
import { accrualPeriodOf, isoDay, payoffQuote } from '@pledge/domain';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { payoffQuotes, servicingPayments } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { recordPayoff } from '../ops/record-payoff.js';
import { assertNoOpenLiquidation } from '../risk/liquidation-payoff.js';
import { accrueInterestBatch } from './accrue-interest.js';
import {
  buildServicingLoan,
  OPEN_STATUSES,
  type TServicingViewDeps,
} from './get-servicing-loan.js';
import { balancesOf } from './ledger-store.js';
import { makePayment, type TPaymentDeps } from './make-payment.js';
import { loadLoan, toPaymentView, type TLoanContext } from './servicing-record.js';
import { lockApplicationById } from '../applications/application-record.js';

export const PAYOFF_MESSAGES = {
  notOpen: 'This loan is not open: there is nothing to pay off.',
  quoteUnknown: 'This payoff quote is not known for this loan. Ask for a new quote.',
  quoteExpired: 'This payoff quote has expired. Ask for a new quote.',
  quoteStale: 'The balance changed since this quote. Ask for a new quote.',
  nothingOwed:
    'Nothing is owed on this loan, so there is no payoff to pay. Ask for a new quote if you expected a balance, or contact support to close the loan and return your collateral.',
  refused: (reason: string) => `Your bank refused the debit: ${reason}. The loan is not paid off.`,
} as const;

async function currentQuote(tx: TDb, context: TLoanContext, now: Date) {
  await accrueInterestBatch(tx, { asOf: isoDay(now), loanUuid: context.loan.loanUuid });
  const fresh = await loadLoan(tx, context.loan.loanUuid);
  return payoffQuote({
    balances: await balancesOf(tx, context.loan.loanUuid),
    period: accrualPeriodOf(fresh.loan),
    interestRateBps: fresh.loan.interestRateBps,
    now,
  });
}

export async function quotePayoff(
  deps: TServicingViewDeps,
  input: { identityUuid: string; loanUuid: string },
): Promise<TPayoffQuote> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const context = await loadLoan(tx, input.loanUuid, {
      identityUuid: input.identityUuid,
      forUpdate: true,
    });
    if (!OPEN_STATUSES.includes(context.loan.status)) {
      throw new HttpError(409, 'LOAN_NOT_OPEN', PAYOFF_MESSAGES.notOpen);
    }
    // Not while the desk is selling collateral: the sale's proceeds are applied when it is recorded.
    await assertNoOpenLiquidation(tx, input.loanUuid);
    const quote = await currentQuote(tx, context, now);
    // The debits the ledger already counts that the bank can still return: the quote says so.
    const [inFlight] = await tx
      .select({ cents: sql<string>`coalesce(sum(${servicingPayments.amountCents}), 0)` })
      .from(servicingPayments)
      .where(
        and(
          eq(servicingPayments.loanUuid, input.loanUuid),
          eq(servicingPayments.status, 'PENDING'),
          isNotNull(servicingPayments.transferId),
        ),
      );
    const quoteUuid = randomUUID();
    await tx
      .insert(payoffQuotes)
      .values({ uuid: quoteUuid, loanUuid: input.loanUuid, ...quote, createdAt: now });
    return {
      quoteUuid,
      amountCents: quote.amountCents,
      breakdown: {
        principalCents: quote.principalCents,
        originationFeeCents: quote.originationFeeCents,
        deferredInterestCents: quote.deferredInterestCents,
        accruedInterestCents: quote.accruedInterestCents,
        feesCents: quote.feesCents,
        prepaymentPenaltyCents: 0,
      },
      payoffDate: quote.payoffDate,
      validUntil: quote.validUntil.toISOString(),
      pendingPaymentsCents: Number(inFlight?.cents ?? 0),
    };
  });
}

export async function payOffLoan(
  deps: TServicingViewDeps & TPaymentDeps,
  input: {
    identityUuid: string;
    loanUuid: string;
    quoteUuid: string;
    idempotencyKey: string;
    actor: string;
  },
): Promise<TPostServicingPayoffResponse> {
  const [quote] = await deps.db
    .select()
    .from(payoffQuotes)
    .where(and(eq(payoffQuotes.uuid, input.quoteUuid), eq(payoffQuotes.loanUuid, input.loanUuid)));
  // The owner check comes first: another borrower's loan is 404 whatever the quote.
  await loadLoan(deps.db, input.loanUuid, { identityUuid: input.identityUuid });
  if (quote === undefined) {
    throw new HttpError(400, 'VALIDATION_ERROR', PAYOFF_MESSAGES.quoteUnknown, {
      quoteUuid: [PAYOFF_MESSAGES.quoteUnknown],
    });
  }
  // A debit of nothing is no payment: the bank has nothing to take and the ledger nothing to post.
  if (quote.amountCents <= 0) {
    throw new HttpError(409, 'NOTHING_TO_PAY_OFF', PAYOFF_MESSAGES.nothingOwed);
  }
  const payment = await makePayment(
    deps,
    {
      loanUuid: input.loanUuid,
      identityUuid: input.identityUuid,
      amountCents: quote.amountCents,
      method: 'ACH',
      purpose: 'PAYOFF',
      idempotencyKey: input.idempotencyKey,
      actor: input.actor,
      quoteUuid: quote.uuid,
      onCreated: async (tx, context) => {
        const now = deps.clock();
        await assertNoOpenLiquidation(tx, context.loan.loanUuid);
        if (quote.validUntil.getTime() <= now.getTime()) {
          throw new HttpError(409, 'PAYOFF_QUOTE_EXPIRED', PAYOFF_MESSAGES.quoteExpired);
        }
        const current = await currentQuote(tx, context, now);
        if (current.amountCents !== quote.amountCents) {
          throw new HttpError(409, 'PAYOFF_QUOTE_STALE', PAYOFF_MESSAGES.quoteStale);
        }
      },
    },
    async (tx, accepted) => {
      const application = await lockApplicationById(tx, accepted.loanUuid);
      if (application === undefined) throw new Error('The loan application vanished');
      await recordPayoff(tx, {
        application,
        actor: input.actor,
        method: 'ACH',
        evidence: `ACH payoff ${accepted.uuid} of quote ${quote.uuid}`,
        at: deps.clock(),
      });
    },
  );
  if (payment.status === 'RETURNED' && payment.transferId === null) {
    throw new HttpError(409, 'DEBIT_REFUSED', PAYOFF_MESSAGES.refused(payment.failureReason ?? ''));
  }
  return {
    payment: toPaymentView(payment),
    loan: await buildServicingLoan(deps, await loadLoan(deps.db, input.loanUuid)),
  };
}
