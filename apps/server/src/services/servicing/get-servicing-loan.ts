/**
 * The servicing view of a loan (GET …/servicing/v2/loans/{loanUuid}): balances as sums of the
 * ledger, next payment, the 12-month schedule, payments, statements, autopay, LTV and maturity.
 */
import type { TScheduleRow, TServicingLoan } from '@pledge/contract';
import {
  accrualPeriodOf,
  billedInterestCents,
  cycleDate,
  daysBetween,
  interestBearingCents,
  isoDay,
  maturityOptions,
  paymentDueDate,
  periodInterestToDateCents,
  projectedPeriodInterestCents,
  DAYS_PER_PERIOD_30_360,
  type TBalances,
  type TLoanStatusName,
} from '@pledge/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { TPricesPort } from '../../adapters/prices/port.js';
import type { TDb } from '../../db/pool.js';
import {
  bankLinkItems,
  disbursementAccounts,
  ledgerEntries,
  servicingDeferrals,
  servicingPayments,
  servicingStatements,
} from '../../db/schema/index.js';
import { coinQuantityText } from '../offers/offer-record.js';
import { balancesOf } from './ledger-store.js';
import {
  collateralTypeOf,
  collateralUnitsOf,
  ltvOf,
  priceCentsOf,
  thresholdsOf,
} from './loan-ltv.js';
import { buildLoanRisk, riskPriceOf } from '../risk/loan-risk-view.js';
import { liquidationsOfLoan } from '../risk/liquidation-view.js';
import { loadLoan, toPaymentView, type TLoanContext } from './servicing-record.js';
import { debitabilityColumns, isDebitable, paymentOptionsOf } from './payment-options.js';

export interface TServicingViewDeps {
  db: TDb;
  prices: TPricesPort;
  clock: () => Date;
}

/** Statuses in which the loan is still being serviced. */
export const OPEN_STATUSES: readonly TLoanStatusName[] = ['ACTIVE', 'MARGIN_CALL', 'MATURED'];

/**
 * The status shown: the stored one. The risk pass moves an open loan between ACTIVE and
 * MARGIN_CALL at each stored price, so the page and the notices agree.
 */
export function displayStatus(stored: TLoanStatusName): TLoanStatusName {
  return stored;
}

async function interestByPeriod(db: TDb, loanUuid: string): Promise<Map<number, number>> {
  const rows = await db
    .select({
      period: ledgerEntries.periodNumber,
      sum: sql<string>`sum(${ledgerEntries.amountCents})`,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.loanUuid, loanUuid),
        eq(ledgerEntries.kind, 'INTEREST_ACCRUAL'),
        eq(ledgerEntries.account, 'ACCRUED_INTEREST'),
      ),
    )
    .groupBy(ledgerEntries.periodNumber);
  return new Map(rows.map((row) => [row.period ?? 0, Number(row.sum)]));
}

export async function buildServicingLoan(
  deps: TServicingViewDeps,
  context: TLoanContext,
): Promise<TServicingLoan> {
  const { db } = deps;
  const { loan, offer } = context;
  const now = deps.clock();
  const today = isoDay(now);
  const balances = await balancesOf(db, loan.loanUuid);
  const price = await priceCentsOf(deps.prices, collateralTypeOf(context));
  const bearing = interestBearingCents(balances);
  const ltvPct = ltvOf(context, bearing, price);
  const thresholds = thresholdsOf(context);
  const isOpen = OPEN_STATUSES.includes(loan.status);

  const [payments, statements, deferrals, interest, account, risk, liquidations] =
    await Promise.all([
      db
        .select()
        .from(servicingPayments)
        .where(eq(servicingPayments.loanUuid, loan.loanUuid))
        .orderBy(desc(servicingPayments.createdAt)),
      db
        .select()
        .from(servicingStatements)
        .where(eq(servicingStatements.loanUuid, loan.loanUuid))
        .orderBy(desc(servicingStatements.periodNumber)),
      db
        .select({ period: servicingDeferrals.periodNumber })
        .from(servicingDeferrals)
        .where(eq(servicingDeferrals.loanUuid, loan.loanUuid)),
      interestByPeriod(db, loan.loanUuid),
      db
        .select({
          mask: disbursementAccounts.accountNumberMask,
          method: disbursementAccounts.method,
          ...debitabilityColumns,
        })
        .from(disbursementAccounts)
        .leftJoin(bankLinkItems, eq(bankLinkItems.id, disbursementAccounts.bankLinkItemId))
        .where(eq(disbursementAccounts.applicationUuid, loan.loanUuid)),
      riskPriceOf(db, context).then((riskPrice) => buildLoanRisk(db, context, riskPrice)),
      liquidationsOfLoan(db, loan.loanUuid),
    ]);
  const deferred = new Set(deferrals.map((row) => row.period));
  const billed = billedInterestCents(balances, loan.periodAccruedCents);
  const latestStatement = statements[0];

  const schedule: TScheduleRow[] = Array.from({ length: loan.termMonths }, (_, index) => {
    const number = index + 1;
    const isLast = number === loan.termMonths;
    const closed = number < loan.periodNumber || (isLast && loan.accruedThrough >= loan.periodEnd);
    const interestCents =
      closed || number === loan.periodNumber
        ? number === loan.periodNumber && !closed
          ? projectedPeriodInterestCents(accrualPeriodOf(loan), loan.interestRateBps)
          : (interest.get(number) ?? 0)
        : periodInterestToDateCents(bearing, loan.interestRateBps, DAYS_PER_PERIOD_30_360);
    const principalCents = isLast ? bearing : 0;
    const dueDate = paymentDueDate(loan.fundedOn, number, loan.termMonths);
    let status: TScheduleRow['status'] = 'UPCOMING';
    if (deferred.has(number)) status = 'DEFERRED';
    else if (closed) {
      const owed = isLast ? balances.totalCents : billed;
      status = owed === 0 ? 'PAID' : dueDate < today ? 'PAST_DUE' : 'DUE';
    }
    return {
      number,
      cycleDate: cycleDate(loan.fundedOn, number),
      dueDate,
      interestCents,
      principalCents,
      amountCents: interestCents + principalCents,
      status,
    };
  });

  const nextPayment = nextPaymentOf({ context, balances, billed, today, isOpen, latestStatement });
  const status = displayStatus(loan.status);
  const debit = account[0];
  return {
    loanUuid: loan.loanUuid,
    appUuid: loan.loanUuid,
    status,
    collateral: {
      coinQuantity: coinQuantityText(collateralUnitsOf(context)),
      type: collateralTypeOf(context) as TServicingLoan['collateral']['type'],
    },
    interestRatePct: Number(offer.interestRatePct),
    annualPercentageRatePct: Number(offer.annualPercentageRatePct),
    fundedOn: loan.fundedOn,
    maturityDate: loan.maturityDate,
    asOf: now.toISOString(),
    balances,
    nextPayment,
    schedule,
    payments: payments.map(toPaymentView),
    statements: statements.map((row) => ({
      statementUuid: row.uuid,
      cycleDate: row.cycleDate,
      dueDate: row.dueDate,
      amountDueCents: row.amountDueCents,
      balanceCents: row.balanceCents,
      createdAt: row.createdAt.toISOString(),
    })),
    autopayEnabled: loan.autopayEnabled,
    debitAccount:
      debit === undefined || debit.mask === null
        ? null
        : { name: 'Bank account', mask: debit.mask },
    paymentOptions: paymentOptionsOf({ context, isOpen, hasDebitAccount: isDebitable(debit) }),
    ltv:
      ltvPct === null
        ? null
        : {
            ltvPct,
            warningLtvPct: thresholds.warningLtvPct,
            marginCallLtvPct: thresholds.marginCallLtvPct,
            liquidationLtvPct: thresholds.liquidationLtvPct,
          },
    risk,
    liquidations,
    maturity: {
      maturityDate: loan.maturityDate,
      daysToMaturity: daysBetween(today, loan.maturityDate),
      // The whole balance, with the last period's interest still to accrue when it is running.
      amountDueCents: isOpen ? balances.totalCents + remainingFinalInterest(loan) : 0,
      options: maturityOptions({
        maturityDate: loan.maturityDate,
        now,
        balanceCents: balances.totalCents,
        isOpen,
      }),
    },
  };
}

function remainingFinalInterest(loan: TLoanContext['loan']): number {
  if (loan.periodNumber < loan.termMonths) return 0;
  // The period's interest on the day's balance (issue 33), as the accrual will write it.
  const full = projectedPeriodInterestCents(accrualPeriodOf(loan), loan.interestRateBps);
  return Math.max(full - loan.periodAccruedCents, 0);
}

function nextPaymentOf(input: {
  context: TLoanContext;
  balances: TBalances;
  billed: number;
  today: string;
  isOpen: boolean;
  latestStatement: { dueDate: string; periodNumber: number } | undefined;
}): TServicingLoan['nextPayment'] {
  const { loan } = input.context;
  if (!input.isOpen || input.balances.totalCents === 0) return null;
  if (loan.status === 'MATURED') {
    return {
      dueDate: loan.maturityDate,
      amountCents: input.balances.totalCents,
      pastDueCents: input.balances.totalCents,
    };
  }
  if (input.billed > 0 && input.latestStatement !== undefined) {
    const pastDue = input.latestStatement.dueDate < input.today ? input.billed : 0;
    return {
      dueDate: input.latestStatement.dueDate,
      amountCents: input.billed,
      pastDueCents: pastDue,
    };
  }
  const interest = projectedPeriodInterestCents(accrualPeriodOf(loan), loan.interestRateBps);
  const isLast = loan.periodNumber >= loan.termMonths;
  return {
    dueDate: paymentDueDate(loan.fundedOn, loan.periodNumber, loan.termMonths),
    amountCents: isLast
      ? input.balances.totalCents + Math.max(interest - loan.periodAccruedCents, 0)
      : interest,
    pastDueCents: 0,
  };
}

export async function getServicingLoan(
  deps: TServicingViewDeps,
  input: { identityUuid: string; loanUuid: string },
): Promise<TServicingLoan> {
  const context = await loadLoan(deps.db, input.loanUuid, { identityUuid: input.identityUuid });
  return buildServicingLoan(deps, context);
}
